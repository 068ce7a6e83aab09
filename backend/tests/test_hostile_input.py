"""A corpus of hostile values in every field and query parameter of every operation, and
undecodable paths on the static routes: never a 5xx (on SQLite and, in the test command, on
PostgreSQL), and every 422 is strict JSON that repeats at most a short, safe piece of the input."""

import json
import logging

import pytest

# Raw JSON texts, so that what no encoder would write (NaN, a lone surrogate) still arrives.
VALUES = [
    "NaN",
    "Infinity",
    "-Infinity",
    "1e309",
    '"\\ud800"',
    '"a\\u0000b"',
    json.dumps("x" * 100_000),
    "[[[[[[[[1]]]]]]]]",
]

SCENARIO = {"system": "decnet", "knobs": {}, "x": "link_quota", "y": "throughput_bps", "title": "t", "notes": "n"}


def bodies(template: dict) -> list[str]:
    """The template with each field in turn (and each field of its knobs) set to each value."""
    out = []
    for key in template:
        for v in VALUES:
            parts = [f"{json.dumps(k)}: {v if k == key else json.dumps(template[k])}" for k in template]
            out.append("{" + ", ".join(parts) + "}")
    for v in VALUES:
        out.append(json.dumps({**template, "knobs": {}}).replace('"knobs": {}', f'"knobs": {{"link_quota": {v}}}'))
        out.append(json.dumps({**template, "knobs": {}}).replace('"knobs": {}', f'"knobs": {{"circuit": {v}}}'))
    out.append("{" + '"\\ud800": 1' + "}")
    return out


@pytest.fixture(scope="module")
def client(make_client, tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    (dist / "index.html").write_text("<!doctype html>")
    (dist / "assets").mkdir()
    (dist / "assets" / "a.js").write_text("1")
    return make_client(static_dir=dist)


def check(r, what: str) -> None:
    assert r.status_code < 500, f"{what}: {r.status_code} {r.text[:200]}"
    if r.status_code == 422:
        json.loads(r.content.decode("utf-8"), parse_constant=lambda c: pytest.fail(f"{what}: {c} in the 422"))
        assert len(r.content) < 20_000, what  # the input is not echoed whole


@pytest.mark.parametrize(
    ("path", "template"),
    [
        ("/api/models/decnet/evaluate", {"knobs": {}}),
        ("/api/models/decnet/sweep", {"knobs": {}, "x": "link_quota", "values": [2, 4]}),
        ("/api/scenarios", SCENARIO),
    ],
)
def test_every_body_field(client, caplog, path, template):
    with caplog.at_level(logging.ERROR):
        for body in bodies(template):
            raw = body.encode("utf-8", "surrogatepass")
            r = client.post(path, content=raw, headers={"content-type": "application/json"})
            check(r, f"{path} {body[:80]}")
    assert "Traceback" not in caplog.text


QUERY = ["NaN", "Infinity", "1e309", "%00", "%ED%A0%80", "%FF", "x" * 5000]


def test_every_query_parameter_and_path(client, caplog):
    with caplog.at_level(logging.ERROR):
        for v in QUERY:
            for url in [
                f"/api/scenarios?system={v}",
                f"/api/scenarios?page={v}",
                f"/api/models/{v}",
                f"/api/models/{v}/card",
                f"/api/datasets/{v}",
                f"/api/datasets/{v}.csv",
                f"/api/scenarios/{v}",
                f"/assets/{v}",
                f"/pyodide/{v}",
                f"/py/{v}",
                f"/{v}",
            ]:
                check(client.get(url), url[:80])
            check(client.delete(f"/api/scenarios/{v}", headers={"X-Delete-Token": "t"}), f"delete {v[:20]}")
    assert "Traceback" not in caplog.text


def test_a_nul_is_refused_before_it_reaches_the_database(client):
    r = client.post("/api/scenarios", json={**SCENARIO, "title": "a\u0000b"})
    assert r.status_code == 422
    assert client.get("/api/scenarios?system=de%00cnet").status_code == 422


def test_head_answers_like_get_without_a_body(client):
    for url in ["/api/health", "/api/models", "/api/models/decnet", "/api/datasets"]:
        get, head = client.get(url), client.head(url)
        assert head.status_code == get.status_code == 200, url
        assert head.content == b"", url
        assert head.headers["content-type"] == get.headers["content-type"], url
