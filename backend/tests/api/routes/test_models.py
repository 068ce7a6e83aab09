import json
import time

import perfmodels
from perfmodels import ops
from perfmodels.atlas import curve


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


def _ffs_rows(params):
    rows = []
    for b in (4096, 8192):
        for op in ("read", "write"):
            k = {"block_size": b, "operation": op}
            rows.append(
                {
                    "knobs": k,
                    "metrics": {"throughput_kBps": perfmodels.evaluate("ffs", k, params)["metrics"]["throughput_kBps"]},
                }
            )
    return rows


def test_fit_is_the_models_fit_and_its_parameters_drive_evaluate_and_sweep(client):
    rows = _ffs_rows({"cpu_block_ms": 6.0})
    r = client.post("/api/models/ffs/fit", json={"rows": rows, "fit": ["cpu_block_ms"]})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got == perfmodels.fit("ffs", rows=rows, fit=["cpu_block_ms"])
    assert abs(got["best"]["cpu_block_ms"] - 6.0) < 0.06
    assert {"params", "ranges", "rows", "summary", "warnings"} <= set(got)
    assert "leave_one_out" in got["summary"] and "left_out_percent" in got["rows"][0]
    params = {"cpu_block_ms": got["best"]["cpu_block_ms"]}
    e = client.post("/api/models/ffs/evaluate", json={"knobs": {"operation": "write"}, "params": params}).json()
    assert e["metrics"] == perfmodels.evaluate("ffs", {"operation": "write"}, params)["metrics"]
    s = client.post("/api/models/ffs/sweep", json={"x": "block_size", "params": params}).json()
    assert s["metrics"]["throughput_kBps"] != perfmodels.sweep("ffs", {}, "block_size")["metrics"]["throughput_kBps"]
    # a parameter the table leaves open is drawn as a band across its range
    spread = {"track_ms": [0.5, 4.0]}
    s = client.post("/api/models/ffs/sweep", json={"x": "block_size", "params": params, "spread": spread}).json()
    assert s["band"]["track_ms"]["parameter"] is True


def test_fit_and_params_refusals_say_why(client):
    r = client.post("/api/models/ffs/evaluate", json={"params": {"cpu_block_ms": -1}})
    assert r.status_code == 422 and "cpu_block_ms" in r.json()["detail"] and "0.001" in r.json()["detail"]
    r = client.post("/api/models/ffs/evaluate", json={"params": {"warp": 2}})
    assert r.status_code == 422 and "unknown parameter 'warp'" in r.json()["detail"]
    r = client.post(
        "/api/models/ffs/fit", json={"rows": [{"knobs": {"block_size": 3000}, "metrics": {"throughput_kBps": 1}}]}
    )
    assert r.status_code == 422 and "line 1" in r.json()["detail"] and "power of 2" in r.json()["detail"]
    r = client.post("/api/models/ffs/fit", json={"rows": _ffs_rows(None), "fit": ["users"]})
    assert r.status_code == 422 and "cannot fit 'users'" in r.json()["detail"]
    too_many = [{"knobs": {}, "metrics": {"throughput_kBps": i + 1}} for i in range(501)]
    assert client.post("/api/models/ffs/fit", json={"rows": too_many}).status_code == 422
    assert client.post("/api/models/ffs/fit", json={"rows": []}).status_code == 422


def test_a_pasted_table_is_read_with_its_problems_at_their_cells(client):
    r = client.post("/api/models/ffs/table", json={"text": "block_size (KB),throughput (KB/s)\n4,300\nx,2\n"})
    assert r.status_code == 200
    t = r.json()
    assert [c["name"] for c in t["columns"]] == ["block_size", "throughput_kBps"]
    assert t["rows"][0]["knobs"] == {"block_size": 4096}
    assert t["problems"] == [{"line": 3, "column": 0, "message": "'x' is not a number"}]
    assert client.post("/api/models/ffs/table", json={"text": "x" * (64 * 1024 + 1)}).status_code == 422


def test_sensitivity_is_the_models_and_refuses_an_unknown_metric(client):
    r = client.post("/api/models/decnet/sensitivity", json={"knobs": {"link_quota": 8}, "metric": "throughput_bps"})
    assert r.status_code == 200
    assert r.json() == perfmodels.sensitivity("decnet", {"link_quota": 8}, "throughput_bps")
    r = client.post("/api/models/decnet/sensitivity", json={"metric": "speed"})
    assert r.status_code == 422 and "unknown metric 'speed'" in r.json()["detail"]


def test_atlas_is_the_models_curve_and_refuses_a_bad_knob(client):
    r = client.post("/api/models/lavc/atlas", json={})
    assert r.status_code == 200
    assert r.json() == curve("lavc")
    r = client.post("/api/models/decnet/atlas", json={"knobs": {"circuit": "NI"}})
    assert r.json()["knobs"]["circuit"] == "NI"
    assert client.post("/api/models/decnet/atlas", json={"knobs": {"circuit": "X"}}).status_code == 422
    assert client.post("/api/models/nope/atlas", json={}).status_code == 404


def test_simulate_answers_each_metric_with_its_interval_and_a_seed_repeats_it(client):
    body = {"knobs": {"users": 40}, "service": "constant", "seed": 3, "target": 0.05}
    r = client.post("/api/models/lavc/simulate", json=body)
    assert r.status_code == 200
    s = r.json()
    assert s["events"] > 0 and s["seed"] == 3 and s["service"] == "constant"
    for m in s["metrics"].values():
        assert m["ci95"][0] <= m["mean"] <= m["ci95"][1]
    asked = {"system": "lavc", **body, "max_events": 2_000_000, "time_limit_s": 2.0}
    assert s == json.loads(json.dumps(ops.run("simulate", asked)))
    d = client.post("/api/models/decnet/simulate", json={"service": "constant"}).json()
    assert d["metrics"]["throughput_bps"]["mean"] > d["analytic"]["throughput_bps"]


def test_simulate_refuses_bad_input_and_models_it_does_not_simulate(client):
    for body in (
        {"service": "uniform"},
        {"seed": -1},
        {"target": 0},
        {"time_limit_s": 60},
        {"max_events": 10**9},
        {"knobs": {"users": 0}},
        {"service": "cv"},
        {"shape": 2},
    ):
        r = client.post("/api/models/lavc/simulate", json=body)
        assert r.status_code == 422, body
    r = client.post("/api/models/ofn/simulate", json={})
    assert r.status_code == 422 and "not simulated" in r.json()["detail"]
