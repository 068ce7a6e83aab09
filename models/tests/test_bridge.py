"""The worker's bridge in CPython: the same function the browser calls through Pyodide."""

import json

import perfmodels
from perfmodels import bridge, registry
from perfmodels.fitting import own


def call(op, **payload):
    return json.loads(bridge.call(op, json.dumps(payload)))


def test_answers_every_operation_as_the_registry_does():
    assert call("evaluate", system="decnet", knobs={"link_quota": 32})["result"] == json.loads(
        json.dumps(perfmodels.evaluate("decnet", {"link_quota": 32}))
    )
    sweep = call("sweep", system="ffs", knobs={}, x="block_size")["result"]
    assert sweep["x"] == [1024, 2048, 4096, 8192, 16384]
    assert call("describe", system="lavc")["result"]["id"] == "lavc"
    # the curve first, its band apart: the two together are the whole sweep
    whole = call("sweep", system="lavc", knobs={}, x="users")["result"]
    curve = call("sweep", system="lavc", knobs={}, x="users", band=False)["result"]
    assert curve["band"] == {} and whole["band"]
    assert {**curve, "band": call("band", system="lavc", knobs={}, x="users")["result"]} == whole
    assert "band must be" in call("sweep", system="lavc", knobs={}, x="users", band="no")["error"]


def test_bad_input_is_an_error_message_never_an_exception():
    assert "link_quota" in call("evaluate", system="decnet", knobs={"link_quota": 3})["error"]
    assert "unknown system" in call("sweep", system="nope", knobs={}, x="a")["error"]
    assert "unknown operation" in call("drop", system="decnet")["error"]
    assert "missing field" in call("sweep", system="decnet")["error"]
    assert "error" in json.loads(bridge.call("evaluate", "[1, 2]"))
    assert "error" in json.loads(bridge.call("evaluate", "{not json"))


def test_a_model_bug_answers_with_its_name(monkeypatch):
    def broken(*a, **k):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(perfmodels.registry, "evaluate", broken)
    assert call("evaluate", system="decnet")["error"] == "model error: ZeroDivisionError: boom"


def test_a_non_finite_result_is_never_sent(monkeypatch):
    monkeypatch.setattr(perfmodels.registry, "evaluate", lambda *a: {"x": float("inf")})
    assert call("evaluate", system="decnet")["error"].startswith("model error")


def test_a_users_table_is_read_fitted_and_its_rows_left_out_through_the_bridge():
    text = "block_size,operation,throughput_kBps\n4096,read,300\n8192,read,420\n4096,write,200\n8192,write,280\n"
    t = json.loads(bridge.call("table", json.dumps({"system": "ffs", "text": text})))["result"]
    assert t == own.read_table("ffs", text)
    seen: list[float] = []
    fitted = json.loads(
        bridge.call("fit", json.dumps({"system": "ffs", "text": text, "fit": ["cpu_block_ms"]}), seen.append)
    )
    r = fitted["result"]
    assert r["best"] == own.fit("ffs", text=text, fit=["cpu_block_ms"])["best"]
    assert "leave_one_out" not in r["summary"] and seen and seen[-1] == 1.0
    left = json.loads(
        bridge.call("left_out", json.dumps({"system": "ffs", "text": text, "fit": ["cpu_block_ms"], "best": r["best"]}))
    )
    assert set(left["result"]) == {f"{n} throughput_kBps" for n in (2, 3, 4, 5)}
    # a user's fit drives the curves
    params = {"cpu_block_ms": r["best"]["cpu_block_ms"]}
    e = json.loads(bridge.call("evaluate", json.dumps({"system": "ffs", "knobs": {}, "params": params})))["result"]
    assert e == registry.evaluate("ffs", {}, params)
    bad = json.loads(bridge.call("fit", json.dumps({"system": "ffs", "text": "speed\n1\n"})))
    assert "unknown column 'speed'" in bad["error"]


def test_a_stopped_fit_says_so(monkeypatch):
    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(own, "fit", interrupted)
    assert json.loads(bridge.call("fit", json.dumps({"system": "ffs", "text": "x"}))) == {"error": "stopped"}


def test_sensitivity_through_the_bridge():
    got = json.loads(
        bridge.call("sensitivity", json.dumps({"system": "ffs", "knobs": {}, "metric": "throughput_kBps"}))
    )
    assert got["result"] == perfmodels.sensitivity("ffs", {}, "throughput_kBps")
