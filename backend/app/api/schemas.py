"""Response models for the API, taken from the models package's own result types.

perfmodels declares the shapes of its answers as TypedDicts (the package perfmodels/types/) and stays on
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
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import typing_extensions as te
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from perfmodels import types as model_types
from perfmodels.fitting.owndata import MAX_BYTES as MAX_TABLE_BYTES

from ..classes.models import ClassState
from ..classes.rules import MAX_LIMIT as MAX_TIME_LIMIT
from ..lessons import MAX_LESSON_BYTES, MAX_STEPS

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
Band = mirror(model_types.Band)
Card = mirror(model_types.Card)
Table = mirror(model_types.Table)
OwnFit = mirror(model_types.OwnFit)
Sensitivity = mirror(model_types.Sensitivity)
AtlasCurve = mirror(model_types.AtlasCurve)
Simulation = mirror(model_types.Simulation)


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


ScenarioName = Annotated[str, StringConstraints(min_length=1, max_length=64)]
ScenarioValue = float | Annotated[str, StringConstraints(max_length=64)]
# An edited model, as the page packs it for a link's fragment (frontend workbench/share.ts:
# deflate-raw, base64url): opaque to the server, which keeps it and sends it back as it came and
# never unpacks or runs it. Bounded, and of the base64url alphabet only.
MAX_EDIT_CHARS = 64 * 1024
PackedEdit = Annotated[str, StringConstraints(min_length=1, max_length=MAX_EDIT_CHARS, pattern=r"^[A-Za-z0-9_-]+$")]


class ScenarioView(BaseModel):
    """An explorer's view, the one definition of it: what its link holds (frontend
    state/urlState.ts parses and writes it) and a saved scenario keeps, every field of it. The
    page's types for the link, the save dialog and the scenario pages derive from this model (in
    the generated schema, as the parts of ScenarioIn that are not the scenario's own)."""

    model_config = ConfigDict(extra="forbid")
    knobs: dict[ScenarioName, ScenarioValue] = Field(default_factory=dict, max_length=32)
    x: ScenarioName
    y: ScenarioName
    # a pinned setting drawn as a ghost curve for comparison
    baseline: dict[ScenarioName, ScenarioValue] | None = Field(default=None, max_length=32)
    # a choice knob drawn as one curve per value, or none
    per: ScenarioName | None = None
    # a user's own measurements as typed (any size a table may be), the parameters fitted to
    # them, and what was chosen to fit
    data: str | None = Field(default=None, max_length=MAX_TABLE_BYTES, pattern=r"^[^\x00]*$")
    fitted: dict[ScenarioName, float] | None = Field(default=None, max_length=32)
    fit: list[ScenarioName] | None = Field(default=None, max_length=32)
    # the fitted parameters the table leaves open, each [low, high]: the fit's band
    spread: dict[ScenarioName, tuple[float, float]] | None = Field(default=None, max_length=32)
    # whether the textbook bounds are drawn beside the curve
    bounds: bool = True


class ScenarioIn(ScenarioView):
    """An explorer state to save: the view (ScenarioView) with its title, notes and listing."""

    system: ScenarioName
    # no NUL: PostgreSQL cannot store one in text, and no person types one
    title: str = Field(default="", max_length=120, pattern=r"^[^\x00]*$")
    notes: str = Field(default="", max_length=4000, pattern=r"^[^\x00]*$")
    public: bool = False
    # the edited model the view was drawn with, too long for a link (the link's fragment holds
    # a short one): kept as packed text, run only in a visitor's browser, in its sandbox
    edit: PackedEdit | None = None


class SavedScenario(ScenarioView):
    """A saved explorer state (every field of ScenarioView), as anyone with its link reads it."""

    model_config = ConfigDict(extra="ignore")
    slug: str
    system: str
    title: str
    notes: str
    public: bool
    models_version: str
    created_at: str
    # the edited model as it was saved (packed, as a link carries it), or none: the memo's model
    edit: str | None = None
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


# ---- live classes and stored lessons: request and response bodies --------------------------

# a class code: 10 characters, or 6 for a class made before codes grew (classes/door.py)
ClassCode = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9]{6}(?:[A-Za-z0-9]{4})?$")]
LessonText = Annotated[str, StringConstraints(max_length=MAX_LESSON_BYTES, pattern=r"^[^\x00]*$")]
LessonSlug = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{8,32}$")]


class ClassIn(BaseModel):
    """A built-in lesson by id, or a teacher's own lesson file (its YAML text)."""

    model_config = ConfigDict(extra="forbid")
    lesson: Annotated[str, StringConstraints(pattern=r"^[a-z0-9_-]{1,64}$")] | None = None
    lesson_file: LessonText | None = None
    # the step the class opens on (the presenter's): a student who joins at once is where the
    # projector is, and an answer to that step is taken from the first moment
    step: int = Field(default=1, ge=1, le=MAX_STEPS)

    @model_validator(mode="after")
    def _one(self) -> ClassIn:
        if (self.lesson is None) == (self.lesson_file is None):
            raise ValueError("give either lesson (a built-in lesson's id) or lesson_file (a lesson's text)")
        return self


class ClassCreated(BaseModel):
    code: str
    join_url: str
    teacher_token: str


class ClassInfo(BaseModel):
    lesson: str | None
    lesson_file: str | None
    state: ClassState


class StudentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # A display name, or none (anonymous); no control characters, shown as text only.
    name: str = Field(default="", max_length=40, pattern=r"^[^\x00-\x1f\x7f]*$")


class StudentJoined(BaseModel):
    student_id: str
    student_token: str


class AnswerSaved(BaseModel):
    step: int
    saved: bool
    # the step's count of resets the answer was stored under (ClassState.resets)
    resets: int
    # the round it was stored in
    round: int


class ControlIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    step: int | None = Field(default=None, ge=1, le=MAX_STEPS)
    reveal: bool | None = None
    locked: bool | None = None
    pace: Literal["teacher", "self"] | None = None
    reset: bool = False
    # 2: "discuss, then vote again": round 1 closes (its answers kept), round 2 opens
    round: Literal[2] | None = None
    # the lesson's concept check on the phones: open it before the lesson or after it, or close it
    check: Literal["before", "after", "closed"] | None = None
    # a time limit on the step (the given one or the current): this many seconds from now by
    # the server's clock, then its answers close; 0 takes the limit away
    time_limit: int | None = Field(default=None, ge=0, le=MAX_TIME_LIMIT)


class LessonIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: LessonText


class LessonCreated(BaseModel):
    slug: str
    url: str
    delete_token: str


class LessonRead(BaseModel):
    """A stored lesson's text, as anyone with its short link reads it."""

    slug: str
    text: str
    created_at: str


class OutsideSource(BaseModel):
    """A study other than the memos whose measurements judge a model (models/validation)."""

    id: str
    citation: str
    where: str
    not_described: str


class OutsideRow(BaseModel):
    """One judged figure from an outside study: where it is printed, the setting it maps to (the
    knobs it names; the others at their defaults) and its values by metric, as printed."""

    source: str
    row: str
    locator: str
    knobs: dict[str, float | int | str]
    values: dict[str, float]


class OutsideMeasurements(BaseModel):
    system: str
    sources: list[OutsideSource]
    rows: list[OutsideRow]
