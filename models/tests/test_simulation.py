"""The simulator against what is known exactly: exact MVA on random product-form networks (its
95 % intervals cover the answer about 95 % of the time), the Pollaczek-Khinchine formula for
M/M/1 and M/D/1, a constant loop at its asymptotic bound; a seed gives the same run; bad input
is refused."""

import random

import pytest

from perfmodels import closed, decnet, lavc, ops
from perfmodels.fitted import fitted
from perfmodels.mva import recursion
from perfmodels.simulation import closedsim, simulate
from perfmodels.simulation.run import Limits, batch_means
from perfmodels.simulation.single import MG1, pollaczek_khinchine
from perfmodels.simulation.stats import interval, t975


class Net(closed.Engine[None]):
    """A network given whole (its demands, copies and think time in the knobs)."""

    def network(self, k, p):
        names = tuple(f"s{i}" for i in range(len(k["demands"])))
        return closed.Loop(names, k["demands"], k["think"], {"x": 1.0}, k["copies"], None)

    def point(self, k, loop, s):
        return {"metrics": {"x": s.x, "q0": s.queues[0]}, "bottleneck": s.bottleneck}

    def stages(self, k, loop, s):
        return []


NET = Net("net", "n", window="the window")


def random_network(rng):
    stations = rng.randint(1, 4)
    demands = tuple(rng.uniform(0.05, 1.0) for _ in range(stations))
    copies = tuple(rng.choice((1, 1, 2, 3)) for _ in range(stations))
    think = rng.choice((0.0, rng.uniform(0.5, 5)))
    return {"n": rng.randint(1, 12), "demands": demands, "copies": copies, "think": think}


def test_t_quantiles_and_an_interval():
    assert t975(1) == 12.706 and t975(30) == 2.042
    assert t975(60) == pytest.approx(2.000, abs=0.001) and t975(10_000) == pytest.approx(1.960, abs=0.001)
    iv = interval([1.0, 2.0, 3.0])
    assert iv.mean == 2.0 and iv.half == pytest.approx(4.303 / 3**0.5)
    assert interval([5.0] * 4).half == 0.0


def test_the_95_percent_intervals_cover_exact_mva_about_95_percent_of_the_time():
    rng = random.Random(2024)
    covered = 0
    for i in range(40):
        k = random_network(rng)
        xs, _ = recursion(k["demands"], k["n"], k["think"], k["copies"])
        loop = NET._loop(k, {})
        src = closedsim.ClosedSource(NET, k, loop, closedsim.mechanism_for(loop, "exponential", None), k["n"], seed=i)
        out = batch_means(src, Limits(target=0.03, max_events=400_000, time_limit_s=60))
        iv = out.intervals["x"]
        covered += iv.low <= xs[-1] <= iv.high
    assert covered >= 34


@pytest.mark.parametrize("scv", [1.0, 0.0, 0.5])
def test_an_open_queue_waits_as_pollaczek_khinchine_says(scv):
    # M/M/1, M/D/1 and a gamma service between, half busy
    exact = pollaczek_khinchine(0.5, 1.0, scv)
    out = batch_means(MG1(0.5, 1.0, scv, seed=7), Limits(target=0.02, max_events=20_000_000, time_limit_s=60))
    wait = out.intervals["wait"]
    assert wait.low <= exact <= wait.high
    assert out.stopped == "target"


def test_md1_waits_half_as_long_as_mm1():
    assert pollaczek_khinchine(0.5, 1.0, 0.0) == pytest.approx(pollaczek_khinchine(0.5, 1.0, 1.0) / 2)
    runs = [batch_means(MG1(0.5, 1.0, scv, seed=1), Limits(target=0.02, max_events=20_000_000)) for scv in (0.0, 1.0)]
    md1, mm1 = (r.intervals["wait"].mean for r in runs)
    assert md1 / mm1 == pytest.approx(0.5, rel=0.05)


def test_a_loop_of_constant_times_runs_at_its_asymptotic_bound():
    # DECnet at its defaults, every time constant: a fixed rhythm, min(N / (D + Z), 1 / D_max)
    k, p = decnet.SPEC.validate({}), fitted("decnet")
    loop = decnet.ALONG._loop(k, p)
    n = k["link_quota"] // 2
    bound = min(n / (sum(loop.demands) + loop.think), 1 / max(loop.demands))
    r = simulate("decnet", {}, service="constant", seed=1)
    assert r["metrics"]["messages_per_s"]["mean"] == pytest.approx(bound, rel=1e-6)
    # 5.9 % above exact MVA's answer for exponential times
    assert r["metrics"]["messages_per_s"]["mean"] / r["analytic"]["messages_per_s"] == pytest.approx(1.059, abs=0.002)


def test_a_seed_reproduces_a_run_and_another_seed_does_not():
    a = ops.run("simulate", {"system": "lavc", "service": "mechanism", "seed": 5, "target": 0.05})
    b = ops.run("simulate", {"system": "lavc", "service": "mechanism", "seed": 5, "target": 0.05})
    c = ops.run("simulate", {"system": "lavc", "service": "mechanism", "seed": 6, "target": 0.05})
    assert a == b and a["events"] > 0
    assert a["metrics"] != c["metrics"]


def test_a_run_the_clock_ended_is_repeated_by_its_events():
    first = simulate("lavc", {}, service="exponential", seed=2, target=0.001, time_limit_s=0.3)
    assert first["stopped"] == "time"
    again = simulate(
        "lavc", {}, service="exponential", seed=2, target=0.001, max_events=first["events"], time_limit_s=600
    )
    assert again["stopped"] == "events" and again["metrics"] == first["metrics"]


def test_every_metric_has_a_mean_in_its_interval_and_the_run_says_why_it_stopped():
    r = simulate("decnet", {"link_quota": 32}, service="exponential", seed=1)
    assert r["stopped"] == "target" and r["half_width"] <= 0.02
    for m, e in r["metrics"].items():
        lo, hi = e["ci95"]
        assert lo <= e["mean"] <= hi and (hi - lo) / 2 <= 0.02 * abs(e["mean"]) + 1e-12, m
    assert set(r["metrics"]) == set(r["analytic"])
    assert r["events"] > r["warmup_events"] > 0 and r["batches"] >= 20


@pytest.mark.parametrize("users", [20, 86, 130, 250])
def test_lavc_agrees_with_the_simulation_of_its_own_mechanism_within_2_percent(users):
    r = simulate(
        "lavc", {"users": users}, service="mechanism", seed=users, target=0.01, max_events=1_500_000, time_limit_s=600
    )
    for m in ("boot_cpu_percent", "io_elapsed_ms", "disk_percent", "ethernet_mbps"):
        assert r["analytic"][m] == pytest.approx(r["metrics"][m]["mean"], rel=0.02), m


def test_lavc_at_the_memos_setting_an_io_takes_about_123_ms_not_135():
    r = simulate("lavc", {}, service="mechanism", seed=1, target=0.01, max_events=1_500_000, time_limit_s=600)
    assert r["metrics"]["io_elapsed_ms"]["mean"] == pytest.approx(123, rel=0.02)
    assert lavc.solve(lavc.SPEC.validate({}))["metrics"]["io_elapsed_ms"] == pytest.approx(123.6, abs=0.5)


@pytest.mark.parametrize(
    "asked, words",
    [
        ({"system": "ofn"}, "not simulated"),
        ({"system": "lavc", "service": "uniform"}, "service must be"),
        ({"system": "lavc", "service": "cv"}, "cv must be"),
        ({"system": "lavc", "seed": -1}, "seed must be"),
        ({"system": "lavc", "seed": 1.5}, "seed must be"),
        ({"system": "lavc", "target": 0}, "target must be"),
        ({"system": "lavc", "max_events": 10}, "max_events must be"),
        ({"system": "lavc", "time_limit_s": -1}, "time_limit_s must be"),
        ({"system": "lavc", "knobs": {"users": 0}}, "users"),
        ({"system": "lavc", "max_events": 1000}, "before two batches"),
    ],
)
def test_bad_input_is_refused_with_the_reason(asked, words):
    with pytest.raises(ValueError, match=words):
        ops.run("simulate", asked)


def test_decnets_band_is_its_link_with_constant_times_calibrated_at_the_memos_quota():
    from perfmodels import constant, sweep

    r = sweep("decnet", {}, "link_quota")
    band = r["band"]["service"]
    assert band["label"].startswith("service times (constant")
    xs = band["x"]
    at16 = xs.index(16)
    low, high = band["low"]["throughput_bps"], band["high"]["throughput_bps"]
    assert low[at16] == pytest.approx(high[at16], rel=1e-9)  # where the memo measured
    assert max(h / lo for h, lo in zip(high, low, strict=True)) > 1.1  # and wide elsewhere
    # the constant loop with its longer delay, simulated, runs on the band's edge
    k, p = decnet.SPEC.validate({"link_quota": 40}), fitted("decnet")
    loop = decnet.ALONG._loop(k, p)
    loop.think += constant.longer_delay(decnet.ALONG, k, p, {"link_quota": 16})
    src = closedsim.ClosedSource(decnet.ALONG, k, loop, closedsim.mechanism_for(loop, "constant", None), 20, seed=1)
    sim = batch_means(src, Limits(target=0.01)).intervals["throughput_bps"].mean
    edge = max(low[xs.index(40)], high[xs.index(40)])
    assert sim == pytest.approx(edge, rel=1e-6)


def test_every_card_and_description_says_what_is_simulated_or_why_not():
    from perfmodels import registry

    for s in registry.systems():
        d, c = registry.describe(s), registry.card(s)
        assert c["simulation"] == d["simulation"]["words"] and len(c["simulation"]) > 40
        assert d["simulation"]["simulated"] == (s in ("decnet", "lavc", "ffs"))
        assert d["simulation"]["simulated"] or c["simulation"].startswith("Not simulated")
