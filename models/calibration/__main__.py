"""Command line: python -m calibration [system ...] [--check]."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import perfmodels
import perfmodels.fitted
from perfmodels.registry import SYSTEMS

from .report import calibrate

PARAMS_DIR = Path(perfmodels.__file__).parent / "params"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m calibration")
    ap.add_argument("systems", nargs="*", default=sorted(SYSTEMS))
    ap.add_argument("--check", action="store_true", help="refit and compare with the committed params")
    args = ap.parse_args(argv)
    status = 0
    for system in args.systems:
        model = SYSTEMS[system]
        path = PARAMS_DIR / f"{system}.json"
        if args.check:
            from perfmodels.fitting import fit

            fitted = fit(model, model.observations())
            committed = perfmodels.fitted.fitted(system)
            drift = {
                k: (committed.get(k), v)
                for k, v in fitted.items()
                if abs(committed.get(k, float("nan")) - v) > 1e-3 * max(1.0, abs(v))
            }
            print(f"{system}: " + ("params match" if not drift else f"params drifted {drift}"))
            status |= bool(drift)
            continue
        result = calibrate(model)
        doc = {"system": system, "generated_by": "python -m calibration " + system, **result}
        path.write_text(json.dumps(doc, indent=1) + "\n")
        s = result["summary"]
        print(
            f"{system}: {s['fitted_parameters']} parameters for {s['configurations']} configurations; "
            f"in-sample median {s['in_sample']['median_abs']}% max {s['in_sample']['max_abs']}%; "
            f"secondary median {s['secondary']['median_abs']}%; "
            f"leave-one-out median {s['leave_one_configuration_out']['median_abs']}% "
            f"max {s['leave_one_configuration_out']['max_abs']}%; "
            f"nearest-figure baseline median {s['baseline_nearest_figure']['median_abs']}%"
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
