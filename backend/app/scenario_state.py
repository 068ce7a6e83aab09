"""A scenario's explorer state (api/schemas.py ScenarioView, every field of it), checked against
the models before it is kept: the knobs and baseline are the system's, the axes and "one curve
per" are its knobs and metrics, the fitted parameters and the band they leave open are the
model's, each within its bounds. Pure (no database): the route turns a ValueError into a 422 with
its reason."""

from __future__ import annotations

from typing import Any

from perfmodels import registry

from .api.schemas import ScenarioIn, ScenarioView

VIEW = frozenset(ScenarioView.model_fields)


def view_defaults() -> dict[str, Any]:
    """What a kept state lacks is the model's default (a part saved before it existed, or one the
    state left at its default)."""
    fields = ScenarioView.model_fields.items()
    return {n: f.get_default(call_default_factory=True) for n, f in fields if not f.is_required()}


def checked_state(body: ScenarioIn) -> dict[str, Any]:
    """The state to keep: every field of the view that differs from its default (the knobs
    always, each one set), every part valid for the system; ValueError naming what is not."""
    spec = registry.spec(body.system)
    state: dict[str, Any] = body.model_dump(include=set(VIEW), exclude_defaults=True, mode="json")
    state["knobs"] = spec.validate(body.knobs)
    if body.baseline is not None:
        state["baseline"] = spec.validate(body.baseline)
    numeric = [k.name for k in spec.knobs if k.choices is None]
    if body.x not in numeric:
        raise ValueError(f"x must be a numeric knob of {body.system}: " + ", ".join(numeric))
    if body.y not in [m.name for m in spec.metrics]:
        raise ValueError(f"y must be a metric of {body.system}: " + ", ".join(m.name for m in spec.metrics))
    choices = [k.name for k in spec.knobs if k.choices is not None]
    if body.per is not None and body.per not in choices:
        raise ValueError(f"per must be a choice knob of {body.system}: " + ", ".join(choices))
    # a user's own table is kept as typed (its problems are the page's to show); the parameters
    # fitted to it must be the model's, each within its bounds, and so must their band's ends
    if body.fitted is not None:
        registry.model_params(body.system, body.fitted)
    _check_spread(body)
    return state


def _check_spread(body: ScenarioIn) -> None:
    """The fit's band: each a fitted parameter's [low, high], both within its bounds."""
    fitted = body.fitted or {}
    for name, (low, high) in (body.spread or {}).items():
        if name not in fitted:
            raise ValueError(f"spread names {name}, which is not fitted")
        if not low <= high:
            raise ValueError(f"spread of {name}: its low end is above its high end")
        registry.model_params(body.system, {name: low})
        registry.model_params(body.system, {name: high})
