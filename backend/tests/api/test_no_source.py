"""The server never runs an edited model: no route takes a model's source, and the server's model
operations (perfmodels.ops, what its workers run) do not include the sandbox's (editbridge.py)."""

from pathlib import Path

from perfmodels import ops

APP = Path(__file__).resolve().parents[2] / "app"


def test_no_operation_of_the_server_edits_a_model():
    assert not {"edit", "source", "memo_fit", "memo_left_out", "laws"} & set(ops.OPS)
    for f in APP.rglob("*.py"):
        text = f.read_text(encoding="utf-8")
        assert "editbridge" not in text and "perfmodels.edits" not in text and "import edits" not in text, f


def test_no_request_body_takes_source(client):
    spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    checked = 0
    for path, methods in spec["paths"].items():
        for method, op in methods.items():
            ref = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {}).get("$ref")
            if ref:
                checked += 1
                assert "source" not in schemas[ref.rsplit("/", 1)[1]].get("properties", {}), (method, path)
    assert checked >= 8  # the model routes' bodies among them


def test_a_model_route_refuses_source(client):
    assert client.post("/api/models/afs/evaluate", json={"knobs": {}}).status_code == 200
    r = client.post("/api/models/afs/evaluate", json={"knobs": {}, "source": "import os"})
    assert r.status_code == 422
    assert client.post("/api/models/afs/sweep", json={"x": "chunksize"}).status_code == 200
    r = client.post("/api/models/afs/sweep", json={"x": "chunksize", "source": "while True: pass"})
    assert r.status_code == 422
