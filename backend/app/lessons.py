"""What the server needs to know of a lesson to run a class on it: how many steps it has and
what each step's question accepts, and the same of its concept check's questions (`check:`).
The browser checks a lesson in full (frontend/src/lesson/format.ts, against the models); here
a lesson file is only read safely and its questions' shapes taken, so that a class can refuse
answers a step cannot have."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from perfmodels import registry

# The lesson format's limits, the same as the page's (frontend/src/lesson/format.ts; a test holds
# them equal): the file's size, its steps, a choice question's choices.
MAX_LESSON_BYTES = 64 * 1024
MAX_STEPS = 20
MAX_CHOICES = 6
# a concept check's questions (`check:`), asked before the lesson and again after it
MIN_CHECK, MAX_CHECK = 3, 5
# A point prediction is a throughput, a rate or a time: never negative, and no chart of the
# models' goes anywhere near this (it only bounds what a hostile client may store).
MAX_POINT_VALUE = 1e15
# A sketched curve is sampled at the question's x values: 3 to this many (format.ts's too).
MIN_SKETCH_POINTS = 3
MAX_SKETCH_POINTS = 8


class PointTold(BaseModel):
    """A point prediction: the value predicted, in the chart's unit."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["point"]
    y: float


class ChoiceTold(BaseModel):
    """A choice, counted from 1 (a knob question's too: its knobs are its choices)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["choice"]
    choice: int = Field(ge=1, le=MAX_CHOICES)


class CurveTold(BaseModel):
    """A sketched curve: its value at each of the question's x values, in order."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["curve"]
    ys: list[Annotated[float, Field(ge=0, le=MAX_POINT_VALUE, allow_inf_nan=False)]] = Field(
        min_length=MIN_SKETCH_POINTS, max_length=MAX_SKETCH_POINTS
    )


# What a student answers, one of three kinds, as the page holds it (frontend/src/lesson/progress.ts
# StepAnswer): one value from the phone to the class's store, and checked against its step here.
Told = Annotated[PointTold | ChoiceTold | CurveTold, Field(discriminator="kind")]


@dataclass(frozen=True)
class Where:
    """Where a point question asks: the system, its knobs (sorted pairs, the rest at their
    defaults) with x set to `at`, and the metric predicted (None: the system's default y)."""

    system: str
    knobs: tuple[tuple[str, object], ...]
    y: str | None


@dataclass(frozen=True)
class Step:
    """A step's question: "point" (a number, 0..y_max), "choice" (1..choices), "curve" (a
    sketch: one number, 0..y_max, at each of `xs`) or None; a choice's words in `labels` (a
    knob question's, the knobs' labels), for the answers' CSV."""

    predict: str | None
    choices: int = 0
    y_max: float = MAX_POINT_VALUE
    labels: tuple[str, ...] = ()
    # what the model answers (the class report's yardstick): a choice question's right choice
    # (counted from 1; 0 unknown), a point question's setting (`Where`), a curve's settings, one
    # for each x it is sketched at (`wheres`, empty if the file does not say enough)
    answer: int = 0
    where: Where | None = None
    xs: tuple[float, ...] = ()
    wheres: tuple[Where, ...] = ()
    prompt: str = ""  # the question as asked (the key to the check's sheet names it)

    def words(self, choice: int) -> str:
        """The words of choice `choice` (counted from 1), or its number when they are unknown."""
        return self.labels[choice - 1] if 1 <= choice <= len(self.labels) else f"choice {choice}"

    def sketch_words(self, sketch: list[float]) -> str:
        """A sketch as a person reads it in a sheet: "x: y" at each x, separated by "; "."""
        xs = self.xs if len(self.xs) == len(sketch) else tuple(range(1, len(sketch) + 1))
        return "; ".join(f"{x:.10g}: {y:.10g}" for x, y in zip(xs, sketch, strict=True))

    def check(self, told: Told) -> str | None:
        """Why an answer does not fit this step (None: it fits)."""
        if self.predict is None:
            return "this step asks no question"
        asked = self.predict if self.predict in ("point", "curve") else "choice"
        if told.kind != asked:
            if told.kind == "curve":
                return "this step does not ask for a sketch"
            return {"curve": "this step asks for a sketch of the curve", "point": "this step asks for a value"}.get(
                asked, "this step asks for a choice"
            )
        if isinstance(told, CurveTold):
            if len(told.ys) != len(self.xs):
                return f"the sketch must have {len(self.xs)} values, one at each x"
            if not all(math.isfinite(v) and 0 <= v <= self.y_max for v in told.ys):
                return f"each value of the sketch must be between 0 and {self.y_max:g}"
        elif isinstance(told, PointTold):
            if not math.isfinite(told.y) or not 0 <= told.y <= self.y_max:
                return f"the value must be between 0 and {self.y_max:g}"
        elif not 1 <= told.choice <= self.choices:
            return f"the choice must be between 1 and {self.choices}"
        return None


@dataclass(frozen=True)
class CheckForms:
    """A lesson's concept check: form A (`check:`) and, if the lesson has one, form B
    (`check_b:`, empty otherwise), question n of one pairing with question n of the other."""

    a: tuple[Step, ...] = ()
    b: tuple[Step, ...] = ()

    @property
    def two(self) -> bool:
        return bool(self.b)

    def form(self, letter: str) -> tuple[Step, ...]:
        return self.b if letter == "B" and self.b else self.a


class LessonError(ValueError):
    pass


def load_yaml(text: str) -> Any:
    if len(text.encode()) > MAX_LESSON_BYTES:
        raise LessonError(f"the lesson file is larger than {MAX_LESSON_BYTES // 1024} KB")
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise LessonError(f"the lesson file is not valid YAML: {str(e).splitlines()[0]}") from None


def read_steps(text: str) -> tuple[Step, ...]:
    """The steps of a lesson file (YAML), or LessonError saying what is wrong."""
    doc = load_yaml(text)
    steps = doc.get("steps") if isinstance(doc, dict) else None
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        raise LessonError(f"a lesson has a list of 1 to {MAX_STEPS} steps")
    return tuple(_step(s) for s in steps)


def read_check(text: str) -> tuple[Step, ...]:
    """The questions of a lesson file's concept check (`check:`, each shaped as a step with a
    question), in order; none when the lesson has no check. LessonError if it is not one."""
    return _questions(load_yaml(text), "check")


def read_check_b(text: str) -> tuple[Step, ...]:
    """A lesson file's second form of its concept check (`check_b:`), or none. Form B asks the
    same ideas as form A (`check:`) with other numbers or settings: question n of B pairs with
    question n of A and asks for the same kind of answer, so a student who takes A before the
    lesson and B after it (or the reverse) is compared question by question (the report's
    parallel forms). LessonError if it is not one, or does not pair with form A."""
    doc = load_yaml(text)
    b = _questions(doc, "check_b")
    if not b:
        return ()
    a = _questions(doc, "check")
    if not a:
        raise LessonError("a second form of the concept check (check_b) needs the first (check)")
    if len(a) != len(b):
        raise LessonError(f"the concept check's two forms have {len(a)} and {len(b)} questions: they must pair up")
    for n, (qa, qb) in enumerate(zip(a, b, strict=True), start=1):
        if qa.predict != qb.predict or (qa.predict == "choice" and qa.choices != qb.choices):
            raise LessonError(f"question {n} of the concept check's two forms asks for different kinds of answer")
    return b


def _questions(doc: Any, key: str) -> tuple[Step, ...]:
    check = doc.get(key) if isinstance(doc, dict) else None
    if check is None:
        return ()
    if not isinstance(check, list) or not MIN_CHECK <= len(check) <= MAX_CHECK:
        raise LessonError(f"a concept check is a list of {MIN_CHECK} to {MAX_CHECK} questions")
    found = tuple(_step(q) for q in check)
    if any(q.predict is None for q in found):
        raise LessonError("every question of a concept check needs its question")
    if any(q.predict == "curve" for q in found):  # (the gain judges one value a question)
        raise LessonError("a concept check asks for points, choices or knobs, not a sketched curve")
    return found


def _step(s: Any) -> Step:
    q = s.get("question") if isinstance(s, dict) else None
    step = _shape(s, q)
    return replace(step, prompt=str(q.get("prompt") or "")) if isinstance(q, dict) else step


def _shape(s: Any, q: Any) -> Step:
    if not isinstance(q, dict):
        return Step(None)
    state = s.get("state") if isinstance(s.get("state"), dict) else {}
    if q.get("predict") == "choice" and isinstance(q.get("choices"), list) and 2 <= len(q["choices"]) <= 6:
        given = q.get("answer")
        right = given if isinstance(given, int) and not isinstance(given, bool) else 0
        return Step("choice", choices=len(q["choices"]), labels=tuple(str(c) for c in q["choices"]), answer=right)
    # which knob matters most: a pick among 2 to 6 knobs, answered by its number like a choice
    if q.get("predict") == "knob" and isinstance(q.get("among"), list) and 2 <= len(q["among"]) <= 6:
        among = [str(k) for k in q["among"]]
        right = among.index(str(q.get("answer"))) + 1 if str(q.get("answer")) in among else 0
        labels = tuple(_knob_label(state.get("system"), k) for k in among)
        return Step("choice", choices=len(among), labels=labels, answer=right)
    y_max = q.get("y_max")
    top = MAX_POINT_VALUE
    if isinstance(y_max, int | float) and not isinstance(y_max, bool) and 0 < y_max < MAX_POINT_VALUE:
        top = float(y_max)
    if q.get("predict") == "point":
        return Step("point", y_max=top, where=_where(state, q.get("at")))
    # the whole curve, sketched: a value at each of the question's x values
    at = q.get("at")
    if q.get("predict") == "curve" and isinstance(at, list) and MIN_SKETCH_POINTS <= len(at) <= MAX_SKETCH_POINTS:
        if all(isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in at):
            found = tuple(w for w in (_where(state, x) for x in at) if w is not None)
            xs = tuple(float(x) for x in at)
            return Step("curve", y_max=top, xs=xs, wheres=found if len(found) == len(at) else ())
    raise LessonError(
        "a question predicts a point, a choice (of 2 to 6), a knob (among 2 to 6)"
        f" or a curve (at {MIN_SKETCH_POINTS} to {MAX_SKETCH_POINTS} x values)"
    )


def _where(state: dict[str, Any], at: object) -> Where | None:
    """A point question's setting, if the file says enough (the page checks the rest)."""
    system, knobs, x = state.get("system"), state.get("knobs") or {}, state.get("x")
    if not isinstance(system, str) or not isinstance(knobs, dict) or isinstance(at, bool):
        return None
    if not isinstance(at, int | float):
        return None
    try:
        x_name = x if isinstance(x, str) else registry.spec(system).x_default
    except ValueError:
        return None
    y = state.get("y")
    if not all(isinstance(v, str | int | float) for v in knobs.values()):
        return None  # (a knob's value is one number or word: anything else the page refuses)
    pairs = tuple(sorted({**{str(k): v for k, v in knobs.items()}, x_name: at}.items()))
    return Where(system, pairs, y if isinstance(y, str) else None)


def _knob_label(system: object, knob: str) -> str:
    """A knob's label as the page shows it (its name if the system or the knob is unknown)."""
    try:
        found = [k.label for k in registry.spec(str(system)).knobs if k.name == knob]
    except ValueError:
        return knob
    return found[0] if found else knob


@cache
def builtin(lessons_dir: Path) -> dict[str, tuple[Step, ...]]:
    """The built-in lessons (lessons/*.yaml) by id."""
    out = {}
    for path in sorted(lessons_dir.glob("*.yaml")):
        text = path.read_text()
        out[str(yaml.safe_load(text)["id"])] = read_steps(text)
    return out


@cache
def builtin_checks(lessons_dir: Path) -> dict[str, tuple[Step, ...]]:
    """The built-in lessons' concept checks (lessons/*.yaml) by lesson id."""
    return {
        str(yaml.safe_load(p.read_text())["id"]): read_check(p.read_text()) for p in sorted(lessons_dir.glob("*.yaml"))
    }


@cache
def builtin_checks_b(lessons_dir: Path) -> dict[str, tuple[Step, ...]]:
    """The built-in lessons' second forms of their concept checks (none: one form) by lesson id."""
    return {
        str(yaml.safe_load(p.read_text())["id"]): read_check_b(p.read_text())
        for p in sorted(lessons_dir.glob("*.yaml"))
    }
