"""Fuzzing the API from its own OpenAPI schema (schemathesis): generated requests, valid and
not, never get a server error or a response that breaks the schema. Bounded per operation so it
runs in a minute or two. The app runs on its own SQLite file (the other tests cover PostgreSQL)."""

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi import checks

from app.core.config import Settings
from app.main import create_app

EXAMPLES = 150

_tmp = Path(tempfile.mkdtemp(prefix="memolab-fuzz-"))
# No creation limit and no model budget: the fuzzer is one client that must reach the models.
app = create_app(
    Settings(
        database_url=f"sqlite:///{_tmp / 'fuzz.sqlite3'}",
        static_dir=_tmp / "nodist",
        create_per_minute=1_000_000,
        model_cpu_s_per_minute=1e9,
    )
)
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_errors_and_responses_match_the_schema(case):
    response = case.call()
    case.validate_response(
        response,
        checks=[
            schemathesis.checks.not_a_server_error,
            checks.status_code_conformance,
            checks.content_type_conformance,
            checks.response_schema_conformance,
        ],
    )
