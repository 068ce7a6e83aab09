"""TOPS-20 OFN lookup: linear scan against hash and link, counted in lookups per search.

Source: "Release 6.1 OFN management changes" (Moser and Lomartire, 1985), dataset `ofn-lookups`.

Mechanism. Assigning an OFN (open file number) first searches the OFNs in use (MAXSPL of them,
typically a few hundred). Counting lookups as the entries a search steps over:

  linear scan      a search that finds its OFN stops, on average, a fraction f of the way
                   through the table: lookups_hit = f * N; one that fails reads them all:
                   lookups_miss = N. With uniform placement f = 1/2; the memo expects TOPS-20's
                   allocation, which fills low slots first, to push f towards 2/3.
  hash and link    N entries spread over HS chains of average length alpha = N / HS; a failing
                   search walks a whole chain (alpha lookups), a succeeding one half a chain on
                   average (alpha / 2).

These are the memo's own estimates written as equations; the model has no fitted parameters.
The fraction f is not determined by the memo beyond "1/2, more like 2/3": it is the knob
`hit_position` (0.5 to 0.67) and charts draw the band between.
"""

from __future__ import annotations

from .datasets import load as load_dataset
from .knobs import Knob, Metric, Spec

SPEC = Spec(
    id="ofn",
    title="TOPS-20 OFN lookup cost",
    question="How many lookups does hashing save when 300 files are open?",
    knobs=(
        Knob("open_ofns", "Open OFNs", "OFNs", 300, "OFNs in use (MAXSPL): typically 200 to "
             "400, over 1000 on some systems", min=1, max=2000, step=1, integer=True),
        Knob("hash_size", "Hash size", "buckets", 59, "hash table size for hash and link (the "
             "memo suggests 59)", min=1, max=1024, step=1, integer=True),
        Knob("method", "Method", "", "hash", "linear scan (before 6.1) or hash and link",
             choices=("linear", "hash")),
        Knob("hit_position", "Hit position", "fraction", 0.5, "how far into the table a linear "
             "search finds its OFN on average (1/2 if uniform; the memo expects nearer 2/3)",
             min=0.5, max=0.67, step=0.01),
    ),
    metrics=(
        Metric("lookups_hit", "Lookups, found", "lookups"),
        Metric("lookups_miss", "Lookups, not found", "lookups"),
    ),
    x_default="open_ofns",
    y_default="lookups_miss",
    stages=("scan",),
    unknowns=("hit_position",),
    overlay=None,
)

FITTED: tuple[str, ...] = ()
START: dict = {}
FIXED_DEFAULTS: dict = {}


def evaluate(k: dict, p: dict | None = None, detail: bool = True) -> dict:
    n = k["open_ofns"]
    if k["method"] == "linear":
        hit, miss, per = k["hit_position"] * n, float(n), "table"
    else:
        alpha = n / k["hash_size"]
        hit, miss, per = alpha / 2, alpha, "chain"
    out = {"metrics": {"lookups_hit": hit, "lookups_miss": miss}, "bottleneck": None}
    if detail:
        out["stages"] = [{"name": "scan", "label": f"Walk the {per}", "demand": miss,
                          "unit": "lookups/search (not found)", "resource": per,
                          "utilization": None, "bottleneck": False}]
    return out


def observations() -> list[dict]:
    """The memo's estimates: hashed search at MAXSPL 300, linear misses at 200 and 400 OFNs."""
    rows = {r["name"]: r for r in load_dataset("ofn-lookups")["rows"]}
    hs = rows["hash_size"]["value"]
    out = []
    for name, metric in (("hash_hit_at_300", "lookups_hit"), ("hash_miss_at_300", "lookups_miss")):
        out.append({"config": {"method": "hash", "open_ofns": 300, "hash_size": int(hs)},
                     "config_id": f"hash 300 {metric}", "metric": metric,
                     "value": rows[name]["value"], "secondary": False, "figure": rows[name]["locator"]})
    miss = rows["linear_miss_range"]
    for n in (int(rows["ofns_in_use_typical"]["low"]), int(rows["ofns_in_use_typical"]["high"])):
        out.append({"config": {"method": "linear", "open_ofns": n}, "config_id": f"linear {n}",
                    "metric": "lookups_miss", "value": float(n) if n <= miss["high"] else miss["high"],
                    "secondary": False, "figure": miss["locator"]})
    return out


def predict(config: dict, p: dict) -> dict:
    return evaluate(SPEC.validate(config), p, detail=False)["metrics"]
