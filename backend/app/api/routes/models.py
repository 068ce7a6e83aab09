"""The performance models over HTTP: the same perfmodels code the browser runs in Pyodide, each
model route one operation of its table (perfmodels.ops), asked with the route's checked body."""

from __future__ import annotations

import asyncio
import json
import math
from concurrent.futures.process import BrokenProcessPool
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StringConstraints

import perfmodels
from perfmodels.fitting.owndata import MAX_BYTES, MAX_ROWS
from perfmodels.sweep import MAX_SWEEP_POINTS

from ...compute import ModelError
from .. import schemas
from ..caching import cached, etag_for
from ..deps import ModelCallsDep
from ..errors import problems
from ..lru import Lru

router = APIRouter(prefix="/models", tags=["models"])

KnobName = Annotated[str, StringConstraints(max_length=64)]
KnobValue = float | Annotated[str, StringConstraints(max_length=64)]


class EvaluateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    knobs: dict[KnobName, KnobValue] = Field(default_factory=dict, max_length=32)
    # a user's own fit of some of the model's parameters (each within its physical bounds)
    params: dict[KnobName, float] | None = Field(default=None, max_length=32)


class BandRequest(EvaluateRequest):
    x: KnobName
    values: list[KnobValue] | None = Field(default=None, min_length=1, max_length=MAX_SWEEP_POINTS)
    # with params: the fitted parameters a user's table leaves open, {name: [low, high]}, as a band
    spread: dict[KnobName, list[float]] | None = Field(default=None, max_length=32)


class SweepRequest(BandRequest):
    # false: the curve alone (a first curve, drawn before its band, which costs several curves)
    band: StrictBool = True


class AtlasRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    knobs: dict[KnobName, KnobValue] = Field(default_factory=dict, max_length=32)


class SensitivityRequest(EvaluateRequest):
    metric: KnobName


class OwnRow(BaseModel):
    model_config = ConfigDict(extra="forbid")
    knobs: dict[KnobName, KnobValue] = Field(default_factory=dict, max_length=32)
    metrics: dict[KnobName, float] = Field(min_length=1, max_length=32)


class FitRequest(BaseModel):
    """A user's own measurements, in the units the system declares, and what to fit (default:
    the model's parameters the rows can move); knobs no row gives are held at `knobs`."""

    model_config = ConfigDict(extra="forbid")
    rows: list[OwnRow] = Field(min_length=1, max_length=MAX_ROWS)
    fit: list[KnobName] | None = Field(default=None, max_length=32)
    knobs: dict[KnobName, KnobValue] = Field(default_factory=dict, max_length=32)


class TableRequest(BaseModel):
    """A pasted table as text (CSV, TSV or semicolons; a header naming knobs and metrics, with units)."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=MAX_BYTES)
    knobs: dict[KnobName, KnobValue] = Field(default_factory=dict, max_length=32)


# A simulation on the server is bounded like every model call: by its own clock and event budget
# here (the browser's may run longer), then charged to the client's budget as CPU seconds.
SIMULATION_SECONDS = 2.0
SIMULATION_EVENTS = 2_000_000


class SimulateRequest(EvaluateRequest):
    """The model's mechanism simulated at one setting: the spread of its service times, the seed,
    and when to stop (every 95 % interval within `target` of its mean, or the event budget, or the
    time limit, whichever comes first)."""

    service: Literal["exponential", "constant", "mechanism", "cv"] = "exponential"
    cv: float | None = Field(default=None, ge=0, le=4)
    seed: int = Field(default=1, ge=0, le=2**53)
    target: float = Field(default=0.02, ge=0.005, le=0.5)
    max_events: int = Field(default=SIMULATION_EVENTS, ge=10_000, le=SIMULATION_EVENTS)
    time_limit_s: float = Field(default=SIMULATION_SECONDS, gt=0, le=SIMULATION_SECONDS)


def _known(system: str) -> None:
    if system not in perfmodels.systems():
        raise HTTPException(404, f"unknown system '{system}'")


# Recent answers, as the JSON bytes sent. The models are pure functions of their inputs, so a
# class that opens one shared link (every student asking for the same curve) costs one model call.
_answers: Lru[bytes] = Lru(4096)
REFUSAL_DELAY_S = 1.0


async def _answer(calls: ModelCallsDep, op: str, asked: dict[str, Any]) -> Response:
    """Operation `op` of the models' table (perfmodels.ops) asked `asked`, from the recent answers
    or the model workers."""
    key = _key(op, asked)
    body = _answers.get(key)
    if body is None:
        # A new answer costs the client's model budget (CPU seconds per minute); a cached one
        # costs nothing. Past the budget: 429 until enough of it has come back.
        budget, who = calls.budget, calls.who
        if wait := budget.wait(who):
            # A client in debt waits here a moment first: one that is nearly square goes on,
            # and one that floods (ignoring Retry-After) gets its refusals at a pace that costs
            # the server next to nothing, not as fast as it can ask.
            await asyncio.sleep(min(wait, REFUSAL_DELAY_S))
            if wait := budget.wait(who):
                retry = {"Retry-After": str(math.ceil(wait))}
                raise HTTPException(
                    429, "too much model computation from this client; try again shortly", headers=retry
                )
        try:
            body, cpu = await calls.pool.run(op, asked)
        except ModelError as e:
            budget.charge(who, e.cpu)
            raise HTTPException(422, str(e)) from None
        except BrokenProcessPool:
            raise HTTPException(503, "the model worker stopped; try again", headers={"Retry-After": "1"}) from None
        budget.charge(who, cpu)
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


@router.post("/{system}/evaluate", response_model=schemas.EvaluateResult, responses=problems(429, 503))
async def evaluate(system: str, body: EvaluateRequest, calls: ModelCallsDep) -> Response:
    _known(system)
    return await _answer(calls, "evaluate", {"system": system, **body.model_dump()})


@router.post("/{system}/sweep", response_model=schemas.SweepResult, responses=problems(429, 503))
async def sweep(system: str, body: SweepRequest, calls: ModelCallsDep) -> Response:
    _known(system)
    return await _answer(calls, "sweep", {"system": system, **body.model_dump()})


@router.post("/{system}/band", response_model=dict[str, schemas.Band], responses=problems(429, 503))
async def band(system: str, body: BandRequest, calls: ModelCallsDep) -> Response:
    """A curve's band alone (the sweep's `band`, the same arguments): asked after its curve, so
    the curve is not sent twice."""
    _known(system)
    return await _answer(calls, "band", {"system": system, **body.model_dump()})


@router.post("/{system}/sensitivity", response_model=schemas.Sensitivity, responses=problems(429, 503))
async def sensitivity(system: str, body: SensitivityRequest, calls: ModelCallsDep) -> Response:
    """Every knob's effect on the metric at this setting: elasticity, span, each choice."""
    _known(system)
    return await _answer(calls, "sensitivity", {"system": system, **body.model_dump()})


@router.post("/{system}/atlas", response_model=schemas.AtlasCurve, responses=problems(429, 503))
async def atlas(system: str, body: AtlasRequest, calls: ModelCallsDep) -> Response:
    """The system's main curve made dimensionless (throughput over its bound against the knob over
    its knee), with its knee and capacity in their own units: one curve of the atlas."""
    _known(system)
    return await _answer(calls, "atlas", {"system": system, **body.model_dump()})


@router.post("/{system}/table", response_model=schemas.Table, responses=problems(429, 503))
async def read_table(system: str, body: TableRequest, calls: ModelCallsDep) -> Response:
    """A pasted table read against the system: its columns, rows and every problem, at its cell."""
    _known(system)
    return await _answer(calls, "table", {"system": system, **body.model_dump()})


@router.post("/{system}/fit", response_model=schemas.OwnFit, responses=problems(429, 503))
async def fit(system: str, body: FitRequest, calls: ModelCallsDep) -> Response:
    """The model fitted to a user's own measurements, by the memo calibration's own code, and
    judged: each row's error, each row left out, the nearest-row baseline, warnings."""
    _known(system)
    # the server's fit has its rows left out already (the page asks for them apart from its worker)
    return await _answer(calls, "fit", {"system": system, **body.model_dump(), "left_out": True})


@router.post("/{system}/simulate", response_model=schemas.Simulation, responses=problems(429, 503))
async def simulate(system: str, body: SimulateRequest, calls: ModelCallsDep) -> Response:
    """The model's mechanism simulated event by event at one setting (perfmodels.simulation): for
    each metric its mean and 95 % interval, the events simulated, why the run stopped, and the
    model's own answer beside it. A seed gives the same run (one stopped by the clock: ask again
    with its events as max_events). 422 for a model that is not simulated, with the reason."""
    _known(system)
    return await _answer(calls, "simulate", {"system": system, **body.model_dump()})
