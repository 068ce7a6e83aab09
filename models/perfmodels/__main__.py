"""Command line for people who script: describe, evaluate and sweep any system.

python -m perfmodels systems
python -m perfmodels describe decnet
python -m perfmodels evaluate decnet link_quota=32 circuit=NI
python -m perfmodels sweep decnet --x link_quota [--values 2,4,8] [--format csv|json] [knob=value ...]
python -m perfmodels fit ffs table.csv [--fit cpu_block_ms,track_ms] [--format text|json] [knob=value ...]
    (a table of your own measurements: a header naming knobs and metrics, with units; '-' reads stdin)
"""

from __future__ import annotations

import argparse
import csv
import json
import sys

from . import registry
from .fitting import own
from .sweep import sweep


def _knobs(pairs: list[str]) -> dict[str, object]:
    out: dict[str, object] = {}
    for p in pairs:
        if "=" not in p:
            raise ValueError(f"expected knob=value, got {p!r}")
        k, v = p.split("=", 1)
        out[k] = v
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m perfmodels", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("systems")
    d = sub.add_parser("describe")
    d.add_argument("system")
    e = sub.add_parser("evaluate")
    e.add_argument("system")
    e.add_argument("knobs", nargs="*", metavar="knob=value")
    s = sub.add_parser("sweep")
    s.add_argument("system")
    s.add_argument("--x", required=True, help="the knob to sweep")
    s.add_argument("--values", help="comma-separated values (default: the knob's grid)")
    s.add_argument("--format", choices=("csv", "json"), default="csv")
    s.add_argument("knobs", nargs="*", metavar="knob=value")
    f = sub.add_parser("fit")
    f.add_argument("system")
    f.add_argument("table", help="CSV or TSV file of your measurements ('-': standard input)")
    f.add_argument("--fit", help="comma-separated parameters or knobs to fit (default: what the table can move)")
    f.add_argument("--format", choices=("text", "json"), default="text")
    f.add_argument("knobs", nargs="*", metavar="knob=value", help="where the knobs the table does not give are held")
    # knob=value pairs may come before or after the options
    a, extra = ap.parse_known_args(argv)
    stray = [x for x in extra if "=" not in x or x.startswith("-")]
    if stray:
        ap.error("unrecognized arguments: " + " ".join(stray))
    a.knobs = getattr(a, "knobs", []) + extra
    try:
        if a.cmd == "systems":
            print("\n".join(registry.systems()))
        elif a.cmd == "describe":
            print(json.dumps(registry.describe(a.system), indent=1))
        elif a.cmd == "evaluate":
            print(json.dumps(registry.evaluate(a.system, _knobs(a.knobs)), indent=1))
        elif a.cmd == "fit":
            text = sys.stdin.read() if a.table == "-" else open(a.table, encoding="utf-8").read()
            _report_fit(a, text)
        else:
            values = a.values.split(",") if a.values else None
            r = sweep(a.system, _knobs(a.knobs), a.x, values)
            if a.format == "json":
                print(json.dumps(r, indent=1))
            else:
                w = csv.writer(sys.stdout, lineterminator="\n")
                names = list(r["metrics"])
                w.writerow([a.x, *names, "bottleneck"])
                for i, xv in enumerate(r["x"]):
                    w.writerow([xv, *(r["metrics"][n][i] for n in names), r["bottleneck"][i]])
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


def _report_fit(a: argparse.Namespace, text: str) -> None:
    r = own.fit(a.system, text=text, knobs=_knobs(a.knobs), fit=a.fit.split(",") if a.fit else None)
    if a.format == "json":
        print(json.dumps(r, indent=1))
        return
    print(f"fitted to {len(r['rows'])} measured values: " + (", ".join(r["fitted"]) or "nothing"))
    for name in r["fitted"]:
        lo, hi = r["ranges"][name]
        print(f"  {name} = {r['best'][name]:g}  (equally good from {lo:g} to {hi:g})")
    s = r["summary"]
    print(
        f"error: median {s['in_sample']['median_abs']} %, each row left out {s['leave_one_out']['median_abs']} %, "
        f"copying the nearest row {s['baseline']['median_abs']} %"
    )
    c = r["comparison"]
    print(
        f"settings left out: median {c['fitted_left_out']['median_abs']} %; the memo's parameters on the same rows: "
        f"median {c['memo']['median_abs']} %" + ("" if c["better"] or not r["fitted"] else " (the fit is no better)")
    )
    for u in r["unpinned"]:
        print(f"not fitted: {u['message']}")
    for row in r["rows"]:
        if row["missing"]:
            print(f"line {row['line']} missed by {row['error_percent']} %: {row['missing']['message']}")
    for w in r["warnings"]:
        print(f"warning: {w['message']}")


if __name__ == "__main__":
    sys.exit(main())
