"""A model judged against its memo, a configuration left out at a time, as its report says."""

import pytest

from perfmodels import registry
from perfmodels.fitted import report
from perfmodels.fitting import memofit


@pytest.mark.parametrize("system", ["afs", "ofn"])
def test_left_out_errors_are_the_reports(system):
    model = registry.system(system)
    obs = model.observations()
    r = report(system)
    groups = memofit.input_groups(model, obs, r["params"])
    assert memofit.errors(model, obs, r["params"]) == [f["error_percent"] for f in r["figures"]]
    found: dict[int, float] = {}
    for g in sorted(set(groups.values())):
        found.update(memofit.left_out(model, obs, groups, g))
    assert [found[i] for i in range(len(obs))] == [f["loco_error_percent"] for f in r["figures"]]
