"""The model at the settings the memo measured at, for a chart: a memo figure measured at another
setting of a knob the chart holds fixed (DECnet's NI run at 1467-byte buffers on a chart of
576-byte buffers) is compared with the model at its own setting, not with the chart's curve.

A figure's setting is the chart's knobs with the knobs its configuration names replaced (the
memo's value of x among them); one answer per distinct configuration the calibration report
holds (it ships with the package, so the page's own runtime has it too). Figures the chart does
not draw (another choice of a choice knob) and figures measured at the chart's own setting (the
curve gives those) are left out.
"""

from __future__ import annotations

from .fitted import report
from .system import System
from .types import Knobs, KnobValue, MemoModel, Params

# Each system's distinct configurations, read once (a sweep asks for them at every knob move).
_CONFIGS: dict[str, list[dict[str, KnobValue]]] = {}


def _configs(m: System, name: str) -> list[dict[str, KnobValue]]:
    """The distinct configurations of the report's figures, their values checked as knobs."""
    if name not in _CONFIGS:
        s = m.SPEC
        seen: dict[str, dict[str, KnobValue]] = {}
        for o in report(name).get("figures", []):
            config = {k: s.knob(k).coerce(v) for k, v in o["config"].items()}
            seen.setdefault(repr(sorted(config.items())), config)
        _CONFIGS[name] = list(seen.values())
    return _CONFIGS[name]


def memo_models(m: System, name: str, base: Knobs, x: str, p: Params | None = None) -> list[MemoModel]:
    """[{"knobs": the configuration as the memo gives it, "metrics": the model there}, ...]."""
    s = m.SPEC
    choice = {k.name for k in s.knobs if k.choices is not None}
    out: list[MemoModel] = []
    for config in _configs(m, name):
        if any(k in choice and k != x and v != base[k] for k, v in config.items()):
            continue
        if all(k == x or v == base[k] for k, v in config.items()):
            continue
        answer = m.solve({**base, **config}, p, detail=False)
        out.append({"knobs": dict(config), "metrics": dict(answer["metrics"])})
    return out
