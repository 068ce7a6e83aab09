"""The laws every model obeys at any setting, checked at one point: values finite and
non-negative, no stage busier than 100 %, no share above 100 %, no metric above the capacity the
model reports for it (`limits`), every value within the textbook bounds it reports (bounds.py).

The law suite (models/tests/test_laws.py) asserts these everywhere; the browser's sandbox for
edited models (editbridge.py) lists an edit's violations at a few hundred random settings.
"""

from __future__ import annotations

import math
import random

from . import registry
from .knobs import Knob, Spec
from .types import EvaluateResult, Knobs
from .types.edits import LawCheck, Violation

# a value may exceed its bound by this share: the rounding of the equations, not a violation
REL = 1e-9


def violations(system: str, r: EvaluateResult) -> list[str]:
    """The laws the answer `r` (registry.evaluate's) breaks, in words."""
    out: list[str] = []
    m = r["metrics"]
    for name, v in m.items():
        if v is not None and not (math.isfinite(v) and v >= 0):
            out.append(f"{name} is {v}, not a finite non-negative number")
    for s in r.get("stages", []):
        u = s["utilization"]
        if u is not None and not 0 <= u <= 1 + REL:
            out.append(f"stage {s['name']} is {u:.4g} busy (utilization outside 0 to 1)")
        if not (math.isfinite(s["demand"]) and s["demand"] >= 0):
            out.append(f"stage {s['name']} has demand {s['demand']}, not a finite non-negative time")
    for d in registry.spec(system).metrics:
        v = m.get(d.name)
        if d.share and v is not None and v > 100 * (1 + REL):
            out.append(f"{d.name} is {v:.4g} %, above 100 %")
    for name, cap in r.get("limits", {}).items():
        v = m.get(name)
        # offered demand may exceed the CPU: it is a demand, not a rate served
        if v is not None and name != "cpu_demand_percent" and v > cap * (1 + REL):
            out.append(f"{name} is {v:.4g}, above its capacity {cap:.4g}")
    for b in r.get("bounds", []):
        v = m.get(b["metric"])
        if not (math.isfinite(b["value"]) and b["value"] >= 0):
            out.append(f"the {b['side']} bound of {b['metric']} is {b['value']}, not a finite non-negative number")
        if v is None or not math.isfinite(b["value"]):
            continue
        if b["side"] == "upper" and v > b["value"] * (1 + REL) + 1e-12:
            out.append(f"{b['metric']} is {v:.4g}, above its upper bound {b['value']:.4g}")
        if b["side"] == "lower" and v < b["value"] * (1 - REL) - 1e-12:
            out.append(f"{b['metric']} is {v:.4g}, below its lower bound {b['value']:.4g}")
    return out


def random_value(k: Knob, rng: random.Random) -> float | int | str:
    """A value on the knob's grid, uniformly over its steps (log2 knobs: over its doublings)."""
    if k.choices is not None:
        return rng.choice(k.choices)
    lo, hi = float(k.min or 0), float(k.max or 0)
    if k.scale == "log2":
        v: float = lo * 2 ** rng.randint(0, int(round(math.log2(hi / lo))))
    else:
        v = lo + rng.randint(0, int(round((hi - lo) / (k.step or 1)))) * (k.step or 1)
    return int(round(v)) if k.integer else round(v, 10)


def random_setting(spec: Spec, rng: random.Random) -> Knobs:
    return {k.name: random_value(k, rng) for k in spec.knobs}


def check(system: str, n: int = 300, seed: int = 1, most: int = 20) -> LawCheck:
    """`n` random settings; the first `most` laws broken, each with its setting. A setting where
    the model raises is a violation too (the model must answer everywhere in its knobs' range)."""
    rng = random.Random(seed)
    spec = registry.spec(system)
    found: list[Violation] = []
    for _ in range(n):
        k = random_setting(spec, rng)
        try:
            broken = violations(system, registry.evaluate(system, k))
        except Exception as e:  # noqa: BLE001 - an edited model's bug is what this reports
            broken = [f"the model raised {type(e).__name__}: {e}"]
        found += [{"knobs": k, "law": law} for law in broken[: max(0, most - len(found))]]
    return {"checked": n, "violations": found}
