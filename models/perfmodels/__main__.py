"""Command line for people who script: describe, evaluate and sweep any system.

python -m perfmodels systems
python -m perfmodels describe decnet
python -m perfmodels evaluate decnet link_quota=32 circuit=NI
python -m perfmodels sweep decnet --x link_quota [--values 2,4,8] [--format csv|json] [knob=value ...]
"""

from __future__ import annotations

import argparse
import csv
import json
import sys

from . import registry


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
        else:
            values = a.values.split(",") if a.values else None
            r = registry.sweep(a.system, _knobs(a.knobs), a.x, values)
            if a.format == "json":
                print(json.dumps(r, indent=1))
            else:
                w = csv.writer(sys.stdout, lineterminator="\n")
                names = list(r["metrics"])
                w.writerow([a.x, *names, "bottleneck"])
                for i, xv in enumerate(r["x"]):
                    w.writerow([xv, *(r["metrics"][n][i] for n in names), r["bottleneck"][i]])
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
