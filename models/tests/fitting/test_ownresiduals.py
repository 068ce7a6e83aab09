"""The residuals of a user's rows (ownresiduals.py): rows that differ only in a closed network's
population share one MVA pass, with the same residuals as solving each row alone."""

import random

import pytest

from perfmodels.fitted import fitted
from perfmodels.fitting import own, ownfit, ownresiduals
from perfmodels.registry import SYSTEMS


@pytest.mark.parametrize("system", ["lavc", "decnet"])
def test_rows_solved_along_the_population_give_what_each_row_alone_gives(system, monkeypatch):
    m = SYSTEMS[system]
    knob = m.ALONG.knob
    values = [k for k in (2, 4, 8, 10, 16, 20, 40) if m.SPEC.knob(knob).min <= k <= m.SPEC.knob(knob).max]
    rng = random.Random(3)
    metric = m.SPEC.y_default
    rows = [{"knobs": {knob: v}, "metrics": {metric: rng.uniform(1, 100)}} for v in values]
    obs = ownfit.observations(own.own_table(system, rows=rows))
    cands = ownfit.candidates(m, own.own_table(system, rows=rows), None)
    x = [u.to_search(u.start) * 1.1 for u in cands]
    calls = []
    points = m.ALONG.points
    monkeypatch.setattr(m.ALONG, "points", lambda *a, **k: calls.append(a) or points(*a, **k))
    together = ownresiduals.residuals(m, obs, cands, fitted(system))(x)
    assert len(calls) == 2  # the probe for the knob it answers along, then one pass
    monkeypatch.setattr(ownresiduals, "_along", lambda *a: None)
    alone = ownresiduals.residuals(m, obs, cands, fitted(system))(x)
    assert together == alone
