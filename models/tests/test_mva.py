"""MVA against closed forms from the literature, an independent algorithm, and its invariants."""

import math
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perfmodels import mva
from perfmodels.mva import mva_throughputs, recursion_kinds


def buzen_throughput(demands, n, z=0.0):
    """Throughput by Buzen's convolution algorithm (Buzen 1973), independent of MVA.

    With a delay station of demand z: G(n) = sum over k of z^k/k! * G_queues(n-k), X = G(n-1)/G(n).
    """
    g = [1.0] + [0.0] * n
    for d in demands:  # convolve in each queueing station: g(m) += d * g(m-1)
        for m in range(1, n + 1):
            g[m] += d * g[m - 1]
    full = [sum(z**k / math.factorial(k) * g[m - k] for k in range(m + 1)) for m in range(n + 1)]
    return full[n - 1] / full[n]


def test_balanced_network_closed_form():
    # Lazowska et al., Quantitative System Performance (1984), sec. 5.4 (balanced systems):
    # K stations of equal demand D, no think time: X(N) = N / ((N + K - 1) D).
    for k in (1, 2, 3, 5):
        res = mva([0.04] * k, 20)
        for n, x in zip(res["population"], res["throughput"], strict=True):
            assert x == pytest.approx(n / ((n + k - 1) * 0.04), rel=1e-12)


def test_machine_repairman_closed_form():
    # Finite-source M/M/1 queue (Kleinrock, Queueing Systems vol. 1 (1975), sec. 3.8):
    # p0 = 1 / sum_k N!/(N-k)! (D/Z)^k and X = (1 - p0) / D.
    d, z, n = 0.2, 3.0, 12
    p0 = 1.0 / sum(math.factorial(n) / math.factorial(n - k) * (d / z) ** k for k in range(n + 1))
    assert mva([d], n, think_time=z)["throughput"][-1] == pytest.approx((1 - p0) / d, rel=1e-12)


def test_interactive_network_matches_convolution():
    # A terminal-driven network (CPU and two disks, 15 s think time), every population checked
    # against Buzen's convolution, an independent exact method.
    demands, z = [0.605, 2.1, 1.35], 15.0
    res = mva(demands, 30, think_time=z)
    for n, x in zip(res["population"], res["throughput"], strict=True):
        assert x == pytest.approx(buzen_throughput(demands, n, z), rel=1e-10)


demand_lists = st.lists(st.floats(0.001, 10.0), min_size=1, max_size=5)


@settings(max_examples=200, deadline=None)
@given(demand_lists, st.integers(1, 40), st.floats(0.0, 50.0))
def test_bounds_monotonicity_and_littles_law(demands, n, z):
    res = mva(demands, n, think_time=z)
    xs = res["throughput"]
    assert all(b >= a * (1 - 1e-12) for a, b in pairwise(xs)), "X(n) never decreases"
    for pop, x, r, q in zip(res["population"], xs, res["response_time"], res["queue_lengths"], strict=True):
        assert x <= 1.0 / max(demands) * (1 + 1e-9)
        assert x <= pop / (sum(demands) + z) * (1 + 1e-9)
        # Little's law on the whole loop: N = X (R + Z); and on the stations: sum Q = X R.
        assert pop == pytest.approx(x * (r + z), rel=1e-9)
        assert sum(q) == pytest.approx(x * r, rel=1e-9)


@settings(max_examples=100, deadline=None)
@given(demand_lists, st.integers(1, 25), st.floats(0.0, 20.0))
def test_agrees_with_convolution(demands, n, z):
    assert mva(demands, n, z)["throughput"][-1] == pytest.approx(buzen_throughput(demands, n, z), rel=1e-8)


@pytest.mark.parametrize("args", [([1.0], 0), ([1.0], 2.5), ([-1.0], 3), ([1.0], 3, -1.0), ([], 3)])
def test_rejects_bad_input(args):
    with pytest.raises(ValueError):
        mva(*args)


@settings(max_examples=100, deadline=None)
@given(demand_lists, st.integers(1, 30), st.floats(0.0, 20.0))
def test_fast_throughputs_equal_the_full_recursion(demands, n, z):
    assert mva_throughputs(demands, n, z) == pytest.approx(mva(demands, n, z)["throughput"], rel=1e-12)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=3, max_value=5),  # stations: four take the unrolled path, others the loop
    st.lists(st.floats(min_value=1e-4, max_value=0.05), min_size=10, max_size=10),
    st.integers(min_value=1, max_value=40),
    st.integers(min_value=0, max_value=40),
    st.floats(min_value=0.0, max_value=2.0),
)
def test_mva_with_kinds_carried_on_from_where_it_stopped_is_the_same_recursion(ns, times, first, more, think):
    """A solve to N, and a solve to M < N carried on to N from the state it left: the same X at
    every population and the same queues and waits (closed.py carries a network's recursion on
    when a sweep moves its population)."""
    # LAVC's two kinds: a lock at the first station only, an I/O at every one
    services = [[times[0]] + [0.0] * (ns - 1), times[5 : 5 + ns]]
    args = ([1.3, 0.7], services, [[0.0] * ns, [1.0] * ns], [1, 2, 1, 1, 1][:ns], think)
    top = first + more
    whole = recursion_kinds(*args, top, keep=range(1, top + 1))
    state: list = []
    xs, _, _ = recursion_kinds(*args, first, state=state)
    rest, queues, waits = recursion_kinds(*args, top, keep=range(1, top + 1), state=state)
    assert xs + rest == whole[0]
    assert queues == {n: q for n, q in whole[1].items() if n > first}
    assert waits == {n: w for n, w in whole[2].items() if n > first}
