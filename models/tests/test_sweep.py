"""The sweep engine (perfmodels/sweep.py): a curve's knee is its own network's, fitted or not;
and a sweep at given values is the model evaluated there, to the last digit (a sketch's points
are asked as one sweep and judged by the server with evaluate: classes/report.py)."""

import pytest

from perfmodels.registry import SYSTEMS, evaluate, model_params
from perfmodels.sweep import default_values, sweep

# one fitted parameter each that moves the knee: the resource that takes over costs twice as much
SLOWER = {"decnet": {"host_msg_ms": 8.0}, "lavc": {"server_cpu_ms": 14.0}}


@pytest.mark.parametrize("name", sorted(SLOWER))
def test_a_fits_knee_is_the_fitted_networks_own(name: str) -> None:
    m = SYSTEMS[name]
    x = m.SPEC.x_default
    memo, fitted = sweep(name, None, x, band=False), sweep(name, None, x, band=False, params=SLOWER[name])
    assert memo["knee"] is not None and fitted["knee"] is not None
    p = model_params(name, SLOWER[name])
    own = m.ALONG.knee(fitted["knobs"], x, p)
    assert own is not None and fitted["knee"]["x"] == pytest.approx(own)
    assert fitted["knee"]["x"] != pytest.approx(memo["knee"]["x"], rel=1e-3)
    # and it sits where the fitted curve's pace setter turns from the window to a resource
    window = set(m.SPEC.not_resources)
    below = [b for v, b in zip(fitted["x"], fitted["bottleneck"], strict=True) if float(v) < own]  # type: ignore[arg-type]
    above = [b for v, b in zip(fitted["x"], fitted["bottleneck"], strict=True) if float(v) > own]  # type: ignore[arg-type]
    assert below and all(b is None or b in window for b in below)
    assert above and all(b is not None and b not in window for b in above)


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_a_sweep_at_values_is_evaluate_at_each(name: str) -> None:
    spec = SYSTEMS[name].SPEC
    numeric = [k for k in spec.knobs if k.choices is None and k.min is not None and k.max is not None]
    assert numeric
    for k in numeric:
        # five values of the knob's grid, out of order: the answer keeps the order asked
        grid = [k.coerce(v) for v in default_values(spec, k.name)]
        xs = [grid[round((len(grid) - 1) * f)] for f in (0.5, 0.0, 1.0, 0.25, 0.8)]
        got = sweep(name, None, k.name, xs, band=False)
        assert got["x"] == xs
        for i, v in enumerate(xs):
            one = evaluate(name, {k.name: v})["metrics"]
            for metric, column in got["metrics"].items():
                assert column[i] == one[metric], (k.name, v, metric)
