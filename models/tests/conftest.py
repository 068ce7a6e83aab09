"""Print each calibrated system's fit summary at the end of the test run."""

import json
from pathlib import Path

PARAMS = Path(__file__).resolve().parents[1] / "perfmodels" / "params"


def pytest_terminal_summary(terminalreporter):
    tr = terminalreporter
    tr.section("calibration reports (perfmodels/params/*.json)")
    for path in sorted(PARAMS.glob("*.json")):
        s = json.loads(path.read_text())["summary"]
        loco = s["leave_one_configuration_out"] or {}
        tr.write_line(
            f"{path.stem}: {s['fitted_parameters']} parameters / {s['distinct_figures']} distinct figures "
            f"({s['distinct_inputs']} inputs); "
            f"in-sample median {s['in_sample']['median_abs']}% max {s['in_sample']['max_abs']}%; "
            f"secondary median {s['secondary']['median_abs']}%; leave-one-out median "
            f"{loco.get('median_abs')}% max {loco.get('max_abs')}%; nearest-figure baseline median "
            f"{s['baseline_nearest_figure']['median_abs']}%"
        )
