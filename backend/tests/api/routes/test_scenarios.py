import json
from types import SimpleNamespace

import perfmodels
from app.api.schemas import ScenarioView
from app.core import limits

GOOD = {
    "system": "decnet",
    "knobs": {"circuit": "NI", "link_quota": 32},
    "x": "link_quota",
    "y": "throughput_bps",
    "title": "Quota 32 on the NI",
    "notes": "twice the buffers",
}


def test_create_read_and_share(client):
    r = client.post("/api/scenarios", json=GOOD)
    assert r.status_code == 201
    made = r.json()
    assert len(made["slug"]) >= 16 and made["url"] == f"/s/{made['slug']}" and len(made["delete_token"]) >= 32
    got = client.get(f"/api/scenarios/{made['slug']}")
    assert got.status_code == 200
    s = got.json()
    assert s["knobs"] == perfmodels.registry.spec("decnet").validate(GOOD["knobs"])
    assert (s["x"], s["y"], s["title"], s["notes"]) == ("link_quota", "throughput_bps", GOOD["title"], GOOD["notes"])
    assert s["models_version"] == perfmodels.__version__ and s["models_changed"] is False
    assert "delete_token" not in s and "delete_token_sha256" not in s
    assert s["edit"] is None  # the memo's model
    # Saving again makes a new, different scenario: nothing is ever updated.
    assert client.post("/api/scenarios", json=GOOD).json()["slug"] != made["slug"]


def test_one_curve_per_a_choice_knob_is_kept(client):
    slug = client.post("/api/scenarios", json={**GOOD, "per": "circuit"}).json()["slug"]
    assert client.get(f"/api/scenarios/{slug}").json()["per"] == "circuit"
    plain = client.post("/api/scenarios", json=GOOD).json()["slug"]
    assert client.get(f"/api/scenarios/{plain}").json()["per"] is None


def test_reads_have_validators(client):
    slug = client.post("/api/scenarios", json=GOOD).json()["slug"]
    r = client.get(f"/api/scenarios/{slug}")
    again = client.get(f"/api/scenarios/{slug}", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304


def test_a_cached_read_answers_as_the_route_does(client, monkeypatch):
    """The second read comes from the cache ahead of routing (CachedReads): the same body, status
    and headers as the first, which the route answered; HEAD and If-None-Match work there too."""
    from app.api.routes import scenarios

    slug = client.post("/api/scenarios", json=GOOD).json()["slug"]
    scenarios.CACHE.drop(slug)
    routed: list[str] = []
    original = scenarios._load
    monkeypatch.setattr(scenarios, "_load", lambda engine, s: routed.append(s) or original(engine, s))
    first, second = (client.get(f"/api/scenarios/{slug}") for _ in range(2))
    assert routed == [slug]  # the route loaded it once; the second read never reached it
    assert second.status_code == 200 and second.content == first.content
    same = ("etag", "cache-control", "content-type", "content-security-policy", "vary")
    assert {h: second.headers.get(h) for h in same} == {h: first.headers.get(h) for h in same}
    assert second.headers["x-request-id"] != first.headers["x-request-id"]
    assert client.get(f"/api/scenarios/{slug}", headers={"If-None-Match": first.headers["etag"]}).status_code == 304
    head = client.head(f"/api/scenarios/{slug}")
    assert head.status_code == 200 and head.content == b"" and head.headers["etag"] == first.headers["etag"]
    # A deleted scenario leaves the cache with it.
    client.delete(f"/api/scenarios/{slug}", headers={"X-Delete-Token": "x" * 32})
    assert client.get(f"/api/scenarios/{slug}").status_code == 200  # wrong token: still there


def test_a_users_own_table_and_its_fit_are_kept_as_given(client):
    table = "link_quota,Throughput (Kbit/s)\n8,420\n16,610\n" + "# a long note\n" * 3000  # too large for a link
    view = {**GOOD, "data": table, "fitted": {"host_msg_ms": 4.7}, "fit": ["host_msg_ms"]}
    slug = client.post("/api/scenarios", json=view).json()["slug"]
    got = client.get(f"/api/scenarios/{slug}").json()
    assert (got["data"], got["fitted"], got["fit"]) == (table, {"host_msg_ms": 4.7}, ["host_msg_ms"])
    plain = client.get(f"/api/scenarios/{client.post('/api/scenarios', json=GOOD).json()['slug']}").json()
    assert (plain["data"], plain["fitted"], plain["fit"]) == (None, None, None)
    r = client.post("/api/scenarios", json={**GOOD, "fitted": {"host_msg_ms": -1}})
    assert r.status_code == 422 and "host_msg_ms" in r.json()["detail"]
    assert client.post("/api/scenarios", json={**GOOD, "data": "x" * (64 * 1024 + 1)}).status_code == 422


# A value for every field of the view (ScenarioView), each other than GOOD's and the default: a
# field added to the model without one here fails, and so does one a saved scenario drops.
NOT_DEFAULT = {
    "knobs": {"circuit": "DTE", "link_quota": 40, "buffer_size": 1024, "copy_us_per_byte": 2.5},
    "x": "buffer_size",
    "y": "cpu_percent",
    "baseline": {"circuit": "CI", "link_quota": 8},
    "per": "circuit",
    "data": "link_quota,Throughput (Kbit/s)\n8,420\n16,610\n",
    "fitted": {"host_msg_ms": 4.7},
    "fit": ["host_msg_ms"],
    "spread": {"host_msg_ms": [4.1, 5.2]},
    "bounds": False,
}
# what a field needs beside it to be valid (a band is of a fitted parameter)
NEEDS = {"spread": {"fitted": {"host_msg_ms": 4.7}}}


def test_every_field_of_the_view_is_kept(client):
    """Each field of ScenarioView, saved alone at a value other than its default, reads back as
    it was saved (a shared fit once lost its band and a hidden bounds' toggle this way); one left
    at its default reads back as the default."""
    assert set(NOT_DEFAULT) == set(ScenarioView.model_fields), "give every field of the view a value here"
    spec = perfmodels.registry.spec("decnet")
    plain = client.get(f"/api/scenarios/{client.post('/api/scenarios', json=GOOD).json()['slug']}").json()
    for field, value in NOT_DEFAULT.items():
        body = {**GOOD, **NEEDS.get(field, {}), field: value}
        r = client.post("/api/scenarios", json=body)
        assert r.status_code == 201, (field, r.text)
        got = client.get(f"/api/scenarios/{r.json()['slug']}").json()
        expected = spec.validate(value) if field in ("knobs", "baseline") else value
        assert got[field] == expected != plain[field], field
        for other, default in ScenarioView.model_fields.items():
            if other not in body and not default.is_required():
                assert got[other] == (spec.validate({}) if other == "knobs" else default.get_default()), (field, other)


def test_a_band_is_refused_unless_of_a_fitted_parameter_within_its_bounds(client):
    view = {**GOOD, "fitted": {"host_msg_ms": 4.7}}
    for bad in ({"copy_us_per_byte": [1, 2]}, {"host_msg_ms": [5.2, 4.1]}, {"host_msg_ms": [-1, 4]}):
        r = client.post("/api/scenarios", json={**view, "spread": bad})
        assert r.status_code == 422, bad


def test_titles_and_notes_are_stored_as_given(client):
    payload = '<script>alert(1)</script><img src=x onerror=alert(2)> "quotes" & ünïcødé'
    slug = client.post("/api/scenarios", json={**GOOD, "title": payload[:120], "notes": payload}).json()["slug"]
    s = client.get(f"/api/scenarios/{slug}").json()
    assert s["title"] == payload[:120] and s["notes"] == payload


def test_delete_needs_the_token(client):
    made = client.post("/api/scenarios", json=GOOD).json()
    url = f"/api/scenarios/{made['slug']}"
    assert client.delete(url).status_code == 403
    assert client.delete(url, headers={"X-Delete-Token": "wrong" * 8}).status_code == 403
    assert client.get(url).status_code == 200
    assert client.delete(url, headers={"X-Delete-Token": made["delete_token"]}).status_code == 204
    assert client.get(url).status_code == 404
    assert client.delete(url, headers={"X-Delete-Token": made["delete_token"]}).status_code == 404


def test_bad_input(client):
    for body, word in [
        ({**GOOD, "knobs": {"link_quota": 1000}}, "link_quota"),
        ({**GOOD, "knobs": {"warp": 1}}, "unknown knob"),
        ({**GOOD, "system": "nope"}, "unknown system"),
        ({**GOOD, "x": "circuit"}, "numeric knob"),
        ({**GOOD, "y": "speed"}, "metric"),
        ({**GOOD, "baseline": {"link_quota": 3}}, "link_quota"),
        ({**GOOD, "per": "link_quota"}, "choice knob"),
    ]:
        r = client.post("/api/scenarios", json=body)
        assert r.status_code == 422 and word in json.dumps(r.json()), body
    assert client.post("/api/scenarios", json={**GOOD, "title": "t" * 121}).status_code == 422
    assert client.post("/api/scenarios", json={**GOOD, "notes": "n" * 4001}).status_code == 422
    assert client.post("/api/scenarios", json={**GOOD, "extra": 1}).status_code == 422
    r = client.post("/api/scenarios", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert client.get("/api/scenarios/does-not-exist-1").status_code == 404
    assert client.get("/api/scenarios/bad%20slug!").status_code == 422


def test_bodies_over_the_limit_get_413(client):
    # a view may carry a user's own table (64 KB, JSON-escaped) and a packed edit (64 KB): 336 KB in all
    big = {**GOOD, "notes": "x" * 400_000}
    assert client.post("/api/scenarios", json=big).status_code == 413

    # Without a Content-Length the limit still holds (chunked upload).
    def chunks():
        yield b'{"system": "decnet", "notes": "'
        for _ in range(400):
            yield b"x" * 1024
        yield b'"}'

    assert (
        client.post("/api/scenarios", content=chunks(), headers={"content-type": "application/json"}).status_code == 413
    )


def test_public_listing_newest_first_and_paged(client):
    titles = [f"listing {i}" for i in range(23)]
    for t in titles:
        client.post(
            "/api/scenarios",
            json={
                **GOOD,
                "system": "ofn",
                "knobs": {},
                "x": "open_ofns",
                "y": "lookups_miss",
                "title": t,
                "public": True,
            },
        )
    client.post(
        "/api/scenarios",
        json={**GOOD, "system": "ofn", "knobs": {}, "x": "open_ofns", "y": "lookups_miss", "title": "private"},
    )
    first = client.get("/api/scenarios", params={"system": "ofn"}).json()
    second = client.get("/api/scenarios", params={"system": "ofn", "page": 2}).json()
    got = [s["title"] for s in first["items"] + second["items"]]
    assert got == titles[::-1] and first["more"] is True and second["more"] is False
    assert "private" not in got


def test_creation_rate_limit(make_client):
    c = make_client(create_per_minute=3)
    for _ in range(3):
        assert c.post("/api/scenarios", json=GOOD).status_code == 201
    r = c.post("/api/scenarios", json=GOOD)
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1


def test_made_up_forwarded_addresses_do_not_escape_the_limit(make_client, monkeypatch):
    # the limiter's clock stands still: on a busy machine 40 requests can take over 2 s, and the
    # bucket (30 a minute) would rightly have refilled one place (seen in a loaded test run)
    monkeypatch.setattr(limits, "time", SimpleNamespace(monotonic=lambda: 1000.0))
    c = make_client(create_per_minute=30)  # no trusted proxy: the peer is the client
    codes = [
        c.post("/api/scenarios", json=GOOD, headers={"X-Forwarded-For": f"10.0.{i}.1"}).status_code for i in range(40)
    ]
    assert codes[:30] == [201] * 30 and set(codes[30:]) == {429}


def test_clients_behind_a_trusted_proxy_have_their_own_buckets(make_client):
    c = make_client(create_per_minute=2, trusted_proxies="testclient")  # the test client's peer
    for who in ("203.0.113.7", "198.51.100.9"):
        codes = [c.post("/api/scenarios", json=GOOD, headers={"X-Forwarded-For": who}).status_code for _ in range(3)]
        assert codes == [201, 201, 429], who


def test_refused_bodies_use_none_of_the_quota(make_client):
    c = make_client(create_per_minute=2)
    for _ in range(10):
        assert c.post("/api/scenarios", json={**GOOD, "y": "speed"}).status_code == 422
    assert [c.post("/api/scenarios", json=GOOD).status_code for _ in range(3)] == [201, 201, 429]
