"""Fuzzing the API from its own OpenAPI schema (schemathesis): generated requests, valid and
not, never get a server error or a response that breaks the schema. Bounded per operation so it
runs in a minute or two. The app runs on its own SQLite file (the other tests cover PostgreSQL).

Besides what the schema suggests, some generated bodies and queries carry a hostile value in
one of their fields (NaN, infinities, a number past float range, a lone surrogate, a NUL, a very
long string): values a schema never generates but an attacker sends."""

import json
import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi import checks

from app.core.config import Settings
from app.main import create_app

EXAMPLES = 100  # an operation (about 3,300 requests in all; 150 cost the test command 30 CPU-s more)

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

SENT = {"hostile bodies": 0}
HOSTILE = [float("nan"), float("inf"), float("-inf"), "\ud800", "a\x00b", "x" * 100_000, [[[[[[1]]]]]]]


def _paths(value: Any, at: tuple = ()) -> list[tuple]:
    """Every place in a JSON value where a hostile value could go (each key and list item)."""
    out = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*at, i))
    return out


def _with(value: Any, at: tuple, new: Any) -> Any:
    if not at:
        return new
    if isinstance(value, dict):
        return {**value, at[0]: _with(value[at[0]], at[1:], new)}
    copy = list(value)
    copy[at[0]] = _with(copy[at[0]], at[1:], new)
    return copy


def _spiked(value: Any) -> st.SearchStrategy:
    """The value as generated, or (about half the time) with one place set to a hostile value."""
    places = [p for p in _paths(value) if p]
    if not places:
        return st.just(value)
    spike = st.tuples(st.sampled_from(places), st.sampled_from(HOSTILE)).map(lambda pv: _with(value, *pv))
    return st.one_of(st.just(value), spike)


@schemathesis.serializer("application/json")
def _json(context: Any, value: Any) -> bytes:
    """As JSON, NaN and infinities included (the default refuses them, so they were never sent)."""
    if isinstance(value, bytes):
        return value
    text = json.dumps(value)
    if any(h in text for h in ("NaN", "Infinity", "\\ud800", "\\u0000", "x" * 1000, "[[[[[[")):
        SENT["hostile bodies"] += 1
    return text.encode()


@schema.hook
def flatmap_body(context: Any, body: Any) -> st.SearchStrategy:
    return _spiked(body) if isinstance(body, dict) else st.just(body)


@schema.hook
def flatmap_query(context: Any, query: Any) -> st.SearchStrategy:
    # Query values travel as text: the hostile strings a URL can carry (a lone surrogate cannot
    # be encoded into one; test_hostile_input.py sends undecodable bytes raw).
    if not query:
        return st.just(query)
    texts = [v for v in HOSTILE if isinstance(v, str) and v != "\ud800"] + ["NaN", "Infinity", "1e309", "%00"]
    return st.one_of(
        st.just(query),
        st.sampled_from(sorted(query)).flatmap(lambda k: st.sampled_from(texts).map(lambda v: {**query, k: v})),
    )


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


def test_the_fuzzing_sent_hostile_bodies():
    # Runs after the fuzzing above (file order): the hooks did put hostile values on the wire.
    assert SENT["hostile bodies"] >= 50
