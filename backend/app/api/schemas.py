"""Response models for the API, taken from the models package's own result types.

perfmodels declares the shapes of its answers as TypedDicts (perfmodels/types.py) and stays on
the standard library, so it runs under Pyodide. Pydantic, on Python 3.11, reads only
typing_extensions' TypedDicts: `mirror` rebuilds each one (and every TypedDict nested in it) as
such, keeping which keys are required. The OpenAPI schema then describes every response body
with the models' own names, and there is still one definition of each shape.
"""

from __future__ import annotations

import operator
import types
import typing
from functools import reduce
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import typing_extensions as te
from pydantic import BaseModel

from perfmodels import types as model_types

_mirrors: dict[type, Any] = {}


def _convert(tp: Any) -> Any:
    if is_typeddict(tp):
        return mirror(tp)
    origin, args = get_origin(tp), get_args(tp)
    if origin is None or not args:
        return tp
    converted = tuple(_convert(a) for a in args)
    if origin in (Union, types.UnionType):
        return reduce(operator.or_, converted)  # X | Y | ..., rebuilt from its converted parts
    return typing.cast(Any, origin)[converted if len(converted) > 1 else converted[0]]


def mirror(td: Any) -> Any:
    """The typing_extensions TypedDict with td's name, fields and required keys."""
    if td not in _mirrors:
        fields: dict[str, Any] = {}
        for name, tp in get_type_hints(td).items():
            t = _convert(tp)
            fields[name] = t if name in td.__required_keys__ else te.NotRequired[t]
        _mirrors[td] = te.TypedDict(td.__name__, fields)  # type: ignore[operator]
    return _mirrors[td]


SystemDescription = mirror(model_types.SystemDescription)
EvaluateResult = mirror(model_types.EvaluateResult)
SweepResult = mirror(model_types.SweepResult)
Card = mirror(model_types.Card)


class Health(BaseModel):
    """Liveness: the process answers (and whether its database does)."""

    status: str
    database: bool
    models_version: str


class Ready(BaseModel):
    """Readiness: the database is reachable and its schema current."""

    ready: bool
    database: bool
    schema_current: bool
    models_version: str


KnobSetting = float | int | str


class SavedScenario(BaseModel):
    """A saved explorer state, as anyone with its link reads it."""

    slug: str
    system: str
    knobs: dict[str, KnobSetting]
    x: str
    y: str
    baseline: dict[str, KnobSetting] | None
    # a choice knob drawn as one curve per value (scenarios saved before it existed have none)
    per: str | None = None
    title: str
    notes: str
    public: bool
    models_version: str
    created_at: str
    # on reads: the models now, and whether they changed since it was saved
    models_version_now: str | None = None
    models_changed: bool | None = None


class CreatedScenario(BaseModel):
    slug: str
    url: str
    delete_token: str
    scenario: SavedScenario


class ScenarioPage(BaseModel):
    page: int
    items: list[SavedScenario]
    more: bool


class Source(BaseModel):
    """A memo: the document the figures come from."""

    id: str
    title: str
    authors: str
    date: str
    archive: str
    memo_file: str


class DatasetField(BaseModel):
    name: str
    title: str
    type: str
    unit: str | None
    # False when printed in the memo; otherwise how the value was obtained
    derived: str | Literal[False]
    description: str


class DatasetSummary(BaseModel):
    id: str
    title: str
    source: str
    figures: int
    rows: int
    hash: str


class Dataset(BaseModel):
    """Every figure of one memo table or section, each row with its locator."""

    id: str
    title: str
    description: str
    source: Source
    fields: list[DatasetField]
    rows: list[dict[str, str | int | float | None]]
    hash: str
