"""What a simulation says of each metric: which way it moves as the queues lengthen (none for
offered demand, which no queue changes), which way the drawn times move the queues, and that a
seed is honoured wherever anything is drawn at random."""

from perfmodels.simulation import simulate


def test_offered_demand_cannot_move_and_the_io_time_and_busy_share_can():
    r = simulate("lavc", {"users": 40}, service="exponential", seed=1, target=0.05)
    assert r["moves"]["cpu_demand_percent"] == 0 and r["moves"]["max_users"] == 0
    assert r["moves"]["io_elapsed_ms"] == 1 and r["moves"]["boot_cpu_percent"] == -1
    assert r["queues"] == "longer"
    # what cannot move is simulated exactly: an interval of no width, on the model's value
    demand = r["metrics"]["cpu_demand_percent"]
    assert demand["ci95"][0] == demand["ci95"][1] == demand["mean"]
    assert demand["mean"] == r["analytic"]["cpu_demand_percent"]


def test_constant_times_shorten_decnets_queues_and_its_own_mechanism_says_no_direction():
    assert simulate("decnet", {}, service="constant", seed=1)["queues"] == "shorter"
    assert simulate("lavc", {"users": 40}, service="mechanism", seed=1, target=0.05)["queues"] == ""
    assert simulate("ffs", {}, service="mechanism", seed=1, target=0.05)["moves"] == {}


def test_a_new_seed_gives_a_new_run_wherever_anything_is_drawn():
    a, b = (simulate("decnet", {}, service="exponential", seed=s) for s in (1, 2))
    assert a["seed"] == 1 and b["seed"] == 2 and a["metrics"] != b["metrics"]
    # DECnet's loop with constant times has one kind of request, one copy of each station and
    # a constant think: nothing is drawn, so every seed gives the same (exact) run
    c, d = (simulate("decnet", {}, service="constant", seed=s) for s in (1, 2))
    assert c["metrics"] == d["metrics"] and c["events"] == d["events"]
    assert c["seed"] == 1 and d["seed"] == 2
