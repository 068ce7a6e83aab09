"""FFS's rotation simulated block by block against the model's rotation: revolutions lost and the
blocks' steady rate at rotational delays 0 to 8 ms, with set-ups of no spread and of some, on
both buses, reading and writing, where the disk sets the pace; and where the CPU nears the disk,
the turn a late request loses, which the model leaves out."""

import pytest

from perfmodels import ffs, ops
from perfmodels.fitted import fitted
from perfmodels.simulation.rotation import Rotation, analytic, rotation
from perfmodels.simulation.run import Limits, batch_means

P = fitted("ffs")


def run(k, scv=None, seed=1):
    return batch_means(Rotation(k, P, scv, seed), Limits(target=0.01, max_events=2_000_000)).intervals


@pytest.mark.parametrize("bus", ["MASSBUS", "UNIBUS"])
@pytest.mark.parametrize("operation", ["read", "write"])
@pytest.mark.parametrize("setup, spread", [(0.0, 0.0), (3.0, 0.0), (3.0, 1.5), (3.0, 3.0)])
def test_where_the_disk_sets_the_pace_the_simulation_is_the_models_rotation(bus, operation, setup, spread):
    for rotdelay in range(0, 9, 2):
        knobs = {"bus": bus, "operation": operation, "rotdelay_ms": rotdelay, "cpu_speed": 8.0}
        k = ffs.SPEC.validate({**knobs, "controller_setup_ms": setup, "controller_setup_spread_ms": spread})
        sim, model = run(k, seed=rotdelay), analytic(k, P)
        lost = sim["revolutions_lost"]
        assert lost.low - 0.005 <= model["revolutions_lost"] <= lost.high + 0.005, (rotdelay, lost, model)
        assert sim["steady_kBps"].mean == pytest.approx(model["steady_kBps"], rel=0.01)


def test_the_rotation_simulated_is_the_models_own():
    # the quantities the simulation reads are the ones ffs.solve computes
    for knobs in ({}, {"bus": "UNIBUS"}, {"operation": "write", "rotdelay_ms": 6, "controller_setup_ms": 2.0}):
        k = ffs.SPEC.validate({**knobs, "controller_setup_spread_ms": 1.0})
        got = ffs.solve(k, P, False)["metrics"]
        a = rotation(k, P)
        assert analytic(k, P)["revolutions_lost"] == pytest.approx(got["revolutions_lost"], abs=1e-12)
        assert a["tau"] + a["setup"] == pytest.approx(got["turnaround_ms"])
        assert a["step"] / a["t_x"] - 1 == got["gap_blocks"]


def test_a_constant_set_up_catches_or_misses_every_block():
    k = ffs.SPEC.validate(
        {"rotdelay_ms": 4, "controller_setup_ms": 3.0, "controller_setup_spread_ms": 3.0, "cpu_speed": 8}
    )
    lost = run(k, scv=0.0)["revolutions_lost"]
    assert lost.mean in (0.0, 1.0) and lost.half == 0.0


def test_where_the_cpu_nears_the_disk_a_late_request_loses_a_turn_the_model_does_not_count():
    # a read at CPU speed 0.6: 11.3 ms of CPU a 4 Kbyte block against the disk's 8.3
    k = ffs.SPEC.validate({"rotdelay_ms": 4, "cpu_speed": 0.6})
    sim, model = run(k), analytic(k, P)
    assert model["revolutions_lost"] == 0.0 and sim["revolutions_lost"].mean == pytest.approx(1 / 3, abs=0.01)
    assert sim["steady_kBps"].mean < 0.85 * model["steady_kBps"]


def test_the_operation_simulates_ffs_and_refuses_what_it_does_not_time():
    r = ops.run("simulate", {"system": "ffs", "knobs": {"controller_setup_ms": 3, "controller_setup_spread_ms": 2}})
    assert set(r["metrics"]) == {"revolutions_lost", "steady_kBps"} and r["stopped"] == "target"
    assert r["analytic"]["revolutions_lost"] == ffs.solve(ffs.SPEC.validate(r["knobs"]))["metrics"]["revolutions_lost"]
    for knobs in ({"layout": "old"}, {"track_buffer": "yes"}):
        with pytest.raises(ValueError, match="only the new layout"):
            ops.run("simulate", {"system": "ffs", "knobs": knobs})
