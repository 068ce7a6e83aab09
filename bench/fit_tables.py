"""Tables a user might paste, for bench/fit.mjs: 20 rows per calibrated system, made by the model
with its fitted parameters moved by a third and 3 % of noise, and the unknowns to fit (up to six:
what the rows move). Prints JSON: [{"system", "text", "fit"}].

    .venv/bin/python bench/fit_tables.py
"""

from __future__ import annotations

import itertools
import json
import random

from perfmodels import registry
from perfmodels.fitted import fitted
from perfmodels.fitting import own
from perfmodels.registry import SYSTEMS

# Settings each table measures (the knobs a user would vary), 20 rows from their product.
VARIED = {
    "ffs": {
        "block_size": [4096, 8192, 16384],
        "operation": ["read", "write"],
        "bus": ["UNIBUS", "MASSBUS"],
        "layout": ["new", "old"],
    },
    "decnet": {"circuit": ["DTE", "CI", "NI"], "link_quota": [4, 8, 16, 32], "test": ["SENDER/SERVER", "NFT/FAL"]},
    "lavc": {"users": [10, 20, 40, 60, 80, 100, 120], "blocks_per_io": [2, 4, 8]},
    "afs": {"chunksize": [11, 12, 13, 14, 15, 16, 17, 18, 19, 20], "client": ["redhat72", "solaris7"]},
    "rsx-qio": {"maxpkt": [0, 2, 4, 8, 12], "tasks": [1, 2, 4, 8]},
}


# The metric measured, where the chart's default one can be zero (no log of a zero).
METRIC = {"rsx-qio": "request_ms"}


def table(system: str, rng: random.Random) -> dict:
    metric = METRIC.get(system, SYSTEMS[system].SPEC.y_default)
    truth = {n: v * 1.33 for n, v in fitted(system).items()}
    names = list(VARIED[system])
    rows = list(itertools.product(*VARIED[system].values()))[:20]
    lines = [",".join(names + [metric])]
    for values in rows:
        knobs = dict(zip(names, values, strict=True))
        v = registry.evaluate(system, knobs, truth)["metrics"][metric]
        lines.append(",".join([*map(str, values), f"{v * rng.uniform(0.97, 1.03):.6g}"]))
    text = "\n".join(lines) + "\n"
    moved = own.fit(system, text=text, left_out=False)["fitted"]
    return {"system": system, "text": text, "fit": moved[:6]}


if __name__ == "__main__":
    rng = random.Random(1983)
    print(json.dumps([table(s, rng) for s in VARIED]))
