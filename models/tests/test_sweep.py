"""The sweep engine (perfmodels/sweep.py): a curve's knee is its own network's, fitted or not."""

import pytest

from perfmodels.registry import SYSTEMS, model_params
from perfmodels.sweep import sweep

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
