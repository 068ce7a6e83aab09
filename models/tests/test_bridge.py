"""The worker's bridge in CPython: the same function the browser calls through Pyodide."""

import json

import perfmodels
from perfmodels import bridge


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
