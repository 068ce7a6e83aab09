"""Shared by every pytest suite (models and backend): on CI (CI set, as .ci/run's runner sets it)
Hypothesis draws the same examples every run, so a change is judged on its own code, not on a
new draw; run by hand, the random tests draw afresh and go on finding cases (the random settings
of models/tests/test_sensitivity_units.py found FFS's steep foot so)."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
