"""The server never runs an edited model: no route takes a model's source, and the server's model
workers ask the table of operations (perfmodels.ops) as the page's worker does, to which its
sandbox rows (the workbench's, which editbridge.py runs) are unknown."""

from pathlib import Path

import pytest

from app.compute import _work
from perfmodels import ops

APP = Path(__file__).resolve().parents[2] / "app"


@pytest.mark.parametrize("op", sorted(ops.SANDBOX_ONLY))
def test_no_operation_of_the_server_edits_a_model(op):
    assert {"edit", "source"} <= ops.SANDBOX_ONLY
    asked = {"system": "afs", "files": {"perfmodels/afs.py": "import os"}, "group": "x", "path": "perfmodels/afs.py"}
    answer, refused, _ = _work(op, asked)
    assert answer is None and refused == f"unknown operation {op!r}"


def test_no_module_of_the_server_names_the_edits():
    for f in APP.rglob("*.py"):
        text = f.read_text(encoding="utf-8")
        assert "editbridge" not in text and "perfmodels.editing" not in text and "import edits" not in text, f


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
