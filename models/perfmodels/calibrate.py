"""Reproduce a system's fitted parameters from its memo dataset and write them to params/.

    python -m perfmodels.calibrate decnet          # fit, print the error table, write params
    python -m perfmodels.calibrate decnet --check  # fit and compare with the committed params

The written file keeps the fit's per-figure errors beside the parameters, so the calibration
can be read without running anything.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import decnet

CALIBRATORS = {"decnet": decnet.calibrate}
PARAMS_DIR = Path(__file__).parent / "params"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m perfmodels.calibrate")
    ap.add_argument("system", choices=sorted(CALIBRATORS))
    ap.add_argument("--check", action="store_true", help="compare with the committed params")
    args = ap.parse_args(argv)
    result = CALIBRATORS[args.system]()
    for e in result["errors"]:
        print(f"{e['circuit']:4} {e['test']:14} {e['column']:6} memo {e['value']:>12.1f} "
              f"model {e['model']:>12.1f} error {e['error_percent']:+6.1f}%")
    path = PARAMS_DIR / f"{args.system}.json"
    if args.check:
        committed = json.loads(path.read_text())["params"]
        drift = {k: (committed.get(k), v) for k, v in result["params"].items()
                 if abs(committed.get(k, float("nan")) - v) > 1e-3 * max(1.0, abs(v))}
        print("params match" if not drift else f"params drifted: {drift}")
        return 1 if drift else 0
    doc = {"system": args.system, "generated_by": f"python -m perfmodels.calibrate {args.system}",
           "params": result["params"], "loss": result["loss"], "errors": result["errors"]}
    path.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
