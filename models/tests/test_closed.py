"""The closed-network engine on a network of its own: exact MVA at every population, the
bottleneck from the knee N* on, the bounds, the knee, and the fast path along the population."""

import pytest

from perfmodels import bounds, closed
from perfmodels.mva import mva
from perfmodels.system import Along

DEMANDS = (0.2, 0.1, 0.05)  # seconds a cycle: the first station is the busiest
THINK = 0.5


class Toy(closed.Engine[None]):
    def network(self, k, p):
        copies = (1, k["copies"], 1)
        return closed.Loop(("cpu", "disk", "net"), DEMANDS, THINK, {"rate": 1.0, "busy": DEMANDS[0]}, copies, None)

    def point(self, k, loop, s):
        return {"metrics": {"rate": s.x}, "bottleneck": s.bottleneck}

    def stages(self, k, loop, s):
        return []


def toy(per_customer=1):
    return Toy("toy", "n", window="the window", per_customer=per_customer)


def test_every_population_is_exact_mva_and_the_network_obeys_littles_law():
    engine = toy()
    solved = mva(list(DEMANDS), 12, THINK)
    for n in (1, 5, 12):
        r = engine.solve({"n": n, "copies": 1}, {"unused": 0.0})
        assert r["metrics"]["rate"] == solved["throughput"][n - 1]
        net = r["network"]
        assert net["population"] == n
        assert n == pytest.approx(net["throughput"] * THINK + sum(net["queues"].values()))


def test_the_fast_path_gives_the_points_of_solve_and_the_bounds_as_lines():
    engine = toy()
    k, values, p = {"n": 1, "copies": 2}, [1, 2, 4, 8], {"unused": 0.0}
    along = engine.points(k, "n", values, p)
    one = [engine.solve({**k, "n": v}, p, detail=False) for v in values]
    assert [a["metrics"] for a in along] == [o["metrics"] for o in one]
    assert [a["bottleneck"] for a in along] == [o["bottleneck"] for o in one]
    lines = engine.bound_lines(k, "n", values, p)
    for i, o in enumerate(one):
        for b in o["bounds"]:
            line = next(ln for ln in lines if (ln["metric"], ln["name"]) == (b["metric"], b["name"]))
            assert line["values"][i] == b["value"]
    assert engine.points(k, "copies", values, p) is None  # only along the population


def test_the_window_limits_below_the_knee_and_the_busiest_station_from_it():
    k, p = {"n": 1, "copies": 1}, {"unused": 0.0}
    knee = bounds.knee(DEMANDS, THINK)  # (0.35 + 0.5) / 0.2 = 4.25
    assert toy().knee(k, "n", p) == pytest.approx(knee)
    assert toy().bounds_knee(k, "n", p) == {"x": pytest.approx(knee), "station": "cpu"}
    assert [toy().solve({**k, "n": n}, p)["bottleneck"] for n in (4, 5)] == ["the window", "cpu"]
    # two knob units a customer (DECnet's quota: two buffers a message)
    assert toy(per_customer=2).knee(k, "n", p) == pytest.approx(2 * knee)
    assert toy(per_customer=2).bounds_knee(k, "n", p) == {"x": pytest.approx(2 * knee), "station": "cpu"}
    assert toy().knee(k, "copies", p) is None and toy().bounds_knee(k, "copies", p) is None


def test_a_model_with_nothing_faster_answers_none_to_every_hook():
    nothing = Along()
    assert nothing.points({}, "x", [1], None) is None
    assert nothing.bound_lines({}, "x", [1], None) is None
    assert nothing.knee({}, "x", None) is None
    assert nothing.bounds_knee({}, "x", None) is None


@pytest.mark.parametrize(
    ("system", "population", "x", "moves"),
    [
        ("lavc", "users", "locks_per_user_s", [86, 87, 88, 90, 85, 84, 77, 120, 121]),
        ("decnet", "link_quota", "copy_us_per_byte", [16, 18, 20, 14, 12, 40]),
    ],
)
def test_a_sweep_after_others_is_the_sweep_solved_afresh(system, population, x, moves):
    """The engine keeps the networks it solved and carries a recursion on when the population
    moves (a knob's held key): each sweep along another knob, the population moved up and down
    from one to the next, is the one a fresh engine gives."""
    import perfmodels

    after = []
    closed._SOLVED.clear()
    for n in moves:
        after.append(perfmodels.sweep(system, {population: n}, x))
    for n, got in zip(moves, after, strict=True):
        closed._SOLVED.clear()
        assert got == perfmodels.sweep(system, {population: n}, x), n


def test_an_mva_with_kinds_that_cannot_be_carried_on_is_called_as_before(monkeypatch):
    """An edit of mva.py (the workbench's) may define recursion_kinds without `state`: the
    engine calls it as before, for every network, and its sweeps are what they were."""
    import perfmodels
    from perfmodels.mva import recursion_kinds as real

    closed._SOLVED.clear()
    fresh = [perfmodels.sweep("lavc", {"users": n}, "locks_per_user_s") for n in (86, 87)]
    calls = []

    def recursion_kinds(rates, services, scvs, copies, think, population, keep=()):
        calls.append(population)
        return real(rates, services, scvs, copies, think, population, keep)

    monkeypatch.setattr(closed, "recursion_kinds", recursion_kinds)
    closed._SOLVED.clear()
    assert [perfmodels.sweep("lavc", {"users": n}, "locks_per_user_s") for n in (86, 87)] == fresh
    assert {86, 87} <= set(calls)
    closed._SOLVED.clear()
