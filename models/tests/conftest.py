"""Print each calibrated system's fit summary at the end of the test run; draw Hypothesis's
examples the same way on every CI run."""

import json
import os
from pathlib import Path

from hypothesis import settings

# On CI (CI set, as .ci/run's runner sets it) the random tests draw the same examples every run,
# so a change is judged on its own code, not on a new draw; run here, they draw afresh and go on
# finding cases (the random settings of test_sensitivity_units.py found FFS's steep foot so).
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

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
