"""A scenario's explorer state, checked against the models before it is kept: the knobs, axes,
baseline, "one curve per", the bounds' toggle, and a user's own table with the parameters fitted
to it and the band they leave open. Pure
(no database): the route turns a ValueError into a 422 with its reason."""

from __future__ import annotations

from typing import Any

from perfmodels import registry

from .api.schemas import ScenarioIn


def checked_state(body: ScenarioIn) -> dict[str, Any]:
    """The state to keep, every part valid for the system; ValueError naming what is not."""
    spec = registry.spec(body.system)
    knobs = spec.validate(body.knobs)
    baseline = spec.validate(body.baseline) if body.baseline is not None else None
    numeric = [k.name for k in spec.knobs if k.choices is None]
    if body.x not in numeric:
        raise ValueError(f"x must be a numeric knob of {body.system}: " + ", ".join(numeric))
    if body.y not in [m.name for m in spec.metrics]:
        raise ValueError(f"y must be a metric of {body.system}: " + ", ".join(m.name for m in spec.metrics))
    choices = [k.name for k in spec.knobs if k.choices is not None]
    if body.per is not None and body.per not in choices:
        raise ValueError(f"per must be a choice knob of {body.system}: " + ", ".join(choices))
    state: dict[str, Any] = {"knobs": knobs, "x": body.x, "y": body.y, "baseline": baseline, "per": body.per}
    # a user's own table is kept as typed (its problems are the page's to show); the parameters
    # fitted to it must be the model's, each within its bounds
    if body.data is not None:
        state["data"] = body.data
    if body.fitted is not None:
        registry.model_params(body.system, body.fitted)
        state["fitted"] = body.fitted
    if body.fit is not None:
        state["fit"] = body.fit
    if body.spread is not None:
        state["spread"] = _spread(body)
    state["bounds"] = body.bounds
    return state


def _spread(body: ScenarioIn) -> dict[str, list[float]]:
    """The fit's band: each a fitted parameter's [low, high], both within its bounds."""
    fitted = body.fitted or {}
    for name, (low, high) in (body.spread or {}).items():
        if name not in fitted:
            raise ValueError(f"spread names {name}, which is not fitted")
        if not low <= high:
            raise ValueError(f"spread of {name}: its low end is above its high end")
        registry.model_params(body.system, {name: low})
        registry.model_params(body.system, {name: high})
    return {n: list(v) for n, v in (body.spread or {}).items()}
