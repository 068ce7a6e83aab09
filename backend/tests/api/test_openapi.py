"""The OpenAPI schema describes every response body (schemathesis then checks answers against it),
and the models' answers are described by the models package's own result types."""

from app.main import create_app


def _operations():
    spec = create_app().openapi()
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            yield spec, path, method, op


def test_every_json_answer_has_a_schema():
    missing = []
    for _spec, path, method, op in _operations():
        for code, r in op["responses"].items():
            if not code.startswith("2") or code == "204":
                continue
            content = r.get("content", {})
            if "application/json" in content and not content["application/json"].get("schema"):
                missing.append(f"{method.upper()} {path} {code}")
            if path.endswith(".csv"):
                assert "text/csv" in content
    assert missing == []


def test_model_answers_use_the_models_own_types():
    spec = create_app().openapi()
    schemas = spec["components"]["schemas"]
    # the names and required keys come from perfmodels.types
    assert {"SystemDescription", "EvaluateResult", "SweepResult", "Card", "Stage", "Band"} <= set(schemas)
    assert set(schemas["EvaluateResult"]["required"]) == {"metrics", "bottleneck", "system", "knobs"}
    assert "stages" in schemas["EvaluateResult"]["properties"]
    assert set(schemas["Stage"]["required"]) == {
        "name",
        "label",
        "demand",
        "unit",
        "resource",
        "utilization",
        "bottleneck",
    }
