import time

import perfmodels


def test_list_and_describe(client):
    assert [s["id"] for s in client.get("/api/models").json()] == perfmodels.systems()
    d = client.get("/api/models/decnet").json()
    assert d == perfmodels.describe("decnet")
    assert client.get("/api/models/nope").status_code == 404


def test_evaluate_is_the_models_answer(client):
    knobs = {"circuit": "NI", "link_quota": 24, "buffer_size": 1467, "test": "DTS/DTR"}
    r = client.post("/api/models/decnet/evaluate", json={"knobs": knobs})
    assert r.status_code == 200
    assert r.json()["metrics"] == perfmodels.evaluate("decnet", knobs)["metrics"]


def test_sweep(client):
    r = client.post("/api/models/decnet/sweep", json={"knobs": {"circuit": "DTE"}, "x": "link_quota"})
    assert r.status_code == 200
    s = r.json()
    assert s["x"] == list(range(2, 65, 2))
    assert s["metrics"] == perfmodels.sweep("decnet", {"circuit": "DTE"}, "link_quota")["metrics"]
    r = client.post("/api/models/decnet/sweep", json={"x": "buffer_size", "values": [128, 576]})
    assert r.json()["x"] == [128, 576]


def test_bad_knobs_get_422_with_reason(client):
    r = client.post("/api/models/decnet/evaluate", json={"knobs": {"link_quota": 1000}})
    assert r.status_code == 422 and "link_quota" in r.json()["detail"]
    r = client.post("/api/models/decnet/evaluate", json={"knobs": {"warp": 9}})
    assert r.status_code == 422 and "unknown knob" in r.json()["detail"]
    r = client.post("/api/models/decnet/sweep", json={"x": "nope"})
    assert r.status_code == 422


def test_malformed_and_oversized_bodies(client):
    r = client.post("/api/models/decnet/evaluate", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    r = client.post("/api/models/decnet/sweep", json={"x": "buffer_size", "values": list(range(600))})
    assert r.status_code == 422
    r = client.post("/api/models/decnet/evaluate", json={"knobs": {"a" * 100: 1}})
    assert r.status_code == 422
    r = client.post("/api/models/nope/evaluate", json={"knobs": {}})
    assert r.status_code == 404


def test_unknown_api_path_is_404(client):
    assert client.get("/api/does-not-exist").status_code == 404


def test_model_card(client):
    r = client.get("/api/models/decnet/card")
    assert r.status_code == 200 and r.headers["etag"]
    c = r.json()
    assert "Mechanism" in c["doc"] and set(c["params"]) == set(c["fitted"])
    assert c["summary"]["fitted_parameters"] == len(c["fitted"])
    assert all({"value", "model", "error_percent", "figure"} <= set(f) for f in c["figures"])
    assert client.get("/api/models/nope/card").status_code == 404
    assert client.get("/api/models/decnet/card", headers={"If-None-Match": r.headers["etag"]}).status_code == 304


def test_a_client_past_its_model_budget_waits_but_cached_answers_stay_free(make_client):
    c = make_client(model_cpu_s_per_minute=0.000_001)  # any new answer puts this client in debt
    first = {"knobs": {"users": 57}, "x": "users"}
    assert c.post("/api/models/lavc/sweep", json=first).status_code == 200
    started = time.monotonic()
    r = c.post("/api/models/lavc/sweep", json={"knobs": {"users": 58}, "x": "users"})
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
    assert time.monotonic() - started >= 0.9  # refused after a pause: a flood is slowed down
    assert c.post("/api/models/lavc/sweep", json=first).status_code == 200  # cached: costs nothing
    assert c.post("/api/models/lavc/evaluate", json={"knobs": {"users": 59}}).status_code == 429


def test_a_client_nearly_square_waits_a_moment_and_is_answered(make_client):
    c = make_client(model_cpu_s_per_minute=60, model_cpu_s_burst=1)  # a CPU second a second
    c.app.state.model_budget.charge("testclient", 1.3)  # 0.3 s in debt
    started = time.monotonic()
    assert c.post("/api/models/lavc/evaluate", json={"knobs": {"users": 61}}).status_code == 200
    assert 0.2 <= time.monotonic() - started


def test_a_dead_model_worker_is_a_503_and_the_next_call_is_answered(make_client, monkeypatch):
    from concurrent.futures.process import BrokenProcessPool

    c = make_client()
    pool = c.app.state.model_pool

    async def broken(*args):
        raise BrokenProcessPool("a worker died")

    monkeypatch.setattr(pool, "run", broken)
    r = c.post("/api/models/decnet/evaluate", json={"knobs": {"link_quota": 12}})
    assert r.status_code == 503 and r.headers["retry-after"] == "1"
    monkeypatch.undo()
    assert c.post("/api/models/decnet/evaluate", json={"knobs": {"link_quota": 12}}).status_code == 200


def test_the_models_refusal_is_a_422_with_their_reason(client):
    r = client.post("/api/models/decnet/evaluate", json={"knobs": {"link_quota": -5}})
    assert r.status_code == 422 and "link_quota" in r.text
