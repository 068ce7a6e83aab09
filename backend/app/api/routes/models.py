"""The performance models over HTTP: the same perfmodels code the browser runs in Pyodide."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

import perfmodels
from perfmodels.registry import MAX_SWEEP_POINTS

from ..caching import cached, etag_for

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


def _call(fn, *args):
    try:
        return fn(*args)
    except ValueError as e:
        raise HTTPException(422, str(e)) from None


@router.get("")
def list_systems() -> list[dict]:
    return [perfmodels.describe(s) for s in perfmodels.systems()]


@router.get("/{system}")
def describe(system: str) -> dict:
    _known(system)
    return perfmodels.describe(system)


@router.get("/{system}/card")
def card(system: str, request: Request) -> Response:
    """The model card: explanation, parameters and calibration report."""
    _known(system)
    c = perfmodels.card(system)
    return cached(request, etag_for("card", system, perfmodels.__version__, str(c["params"]), c["doc"]),
                  lambda: c)


@router.post("/{system}/evaluate")
def evaluate(system: str, body: EvaluateRequest) -> dict:
    _known(system)
    return _call(perfmodels.evaluate, system, body.knobs)


@router.post("/{system}/sweep")
def sweep(system: str, body: SweepRequest) -> dict:
    _known(system)
    return _call(perfmodels.sweep, system, body.knobs, body.x, body.values)
