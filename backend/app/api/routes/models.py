"""The performance models over HTTP: the same perfmodels code the browser runs in Pyodide."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

import perfmodels
from perfmodels.registry import MAX_SWEEP_POINTS

from .. import schemas
from ..caching import cached, etag_for
from ..errors import problems
from ..lru import Lru

router = APIRouter(prefix="/models", tags=["models"])

KnobName = Annotated[str, StringConstraints(max_length=64)]
KnobValue = float | Annotated[str, StringConstraints(max_length=64)]


class EvaluateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    knobs: dict[KnobName, KnobValue] = Field(default_factory=dict, max_length=32)


class SweepRequest(EvaluateRequest):
    x: KnobName
    values: list[KnobValue] | None = Field(default=None, min_length=1, max_length=MAX_SWEEP_POINTS)


def _known(system: str) -> None:
    if system not in perfmodels.systems():
        raise HTTPException(404, f"unknown system '{system}'")


def _call(fn: Callable[..., object], *args: Any) -> object:
    try:
        return fn(*args)
    except ValueError as e:
        raise HTTPException(422, str(e)) from None


# Recent answers, as the JSON bytes sent. The models are pure functions of their inputs, so a
# class that opens one shared link (every student asking for the same curve) costs one model call.
_answers: Lru[bytes] = Lru(4096)


def _answer(request: Request, key: str, make: Callable[[], object]) -> Response:
    body = _answers.get(key)
    if body is None:
        # A new answer costs the client's model budget (CPU seconds per minute); a cached one
        # costs nothing. Past the budget: 429 until enough of it has come back.
        budget = request.app.state.model_budget
        who = request.client.host if request.client else "unknown"
        if wait := budget.wait(who):
            retry = {"Retry-After": str(math.ceil(wait))}
            raise HTTPException(429, "too much model computation from this client; try again shortly", headers=retry)
        started = time.thread_time()
        try:
            body = json.dumps(make(), allow_nan=False, separators=(",", ":")).encode()
        finally:
            budget.charge(who, time.thread_time() - started)
        _answers.put(key, body)
    return Response(body, media_type="application/json")


def _key(*parts: object) -> str:
    return json.dumps(parts, sort_keys=True, separators=(",", ":"))


# Descriptions change only with a deploy of the models: validated by the models' version.
@router.get("", response_model=list[schemas.SystemDescription])
def list_systems(request: Request) -> Response:
    return cached(
        request,
        etag_for("systems", perfmodels.__version__),
        lambda: [perfmodels.describe(s) for s in perfmodels.systems()],
    )


@router.get("/{system}", response_model=schemas.SystemDescription)
def describe(system: str, request: Request) -> Response:
    _known(system)
    return cached(request, etag_for("describe", system, perfmodels.__version__), lambda: perfmodels.describe(system))


@router.get("/{system}/card", response_model=schemas.Card)
def card(system: str, request: Request) -> Response:
    """The model card: explanation, parameters and calibration report."""
    _known(system)
    c = perfmodels.card(system)
    return cached(request, etag_for("card", system, perfmodels.__version__, str(c["params"]), c["doc"]), lambda: c)


@router.post("/{system}/evaluate", response_model=schemas.EvaluateResult, responses=problems(429))
def evaluate(system: str, body: EvaluateRequest, request: Request) -> Response:
    _known(system)
    return _answer(
        request, _key("evaluate", system, body.knobs), lambda: _call(perfmodels.evaluate, system, body.knobs)
    )


@router.post("/{system}/sweep", response_model=schemas.SweepResult, responses=problems(429))
def sweep(system: str, body: SweepRequest, request: Request) -> Response:
    _known(system)
    return _answer(
        request,
        _key("sweep", system, body.knobs, body.x, body.values),
        lambda: _call(perfmodels.sweep, system, body.knobs, body.x, body.values),
    )
