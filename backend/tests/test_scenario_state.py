"""A scenario's state checked without a database: every part valid for its system, or the reason."""

import pytest

from app.api.schemas import ScenarioIn
from app.scenario_state import checked_state


def view(**more):
    return ScenarioIn(system="ffs", x="block_size", y="throughput_kBps", **more)


def test_a_valid_view_is_kept_with_every_knob_and_only_the_parts_it_has():
    state = checked_state(view(knobs={"bus": "UNIBUS"}))
    assert state["knobs"]["bus"] == "UNIBUS" and state["knobs"]["block_size"] == 4096
    assert "data" not in state and "fitted" not in state
    with_fit = checked_state(
        view(data="block_size,throughput_kBps\n4096,300\n", fitted={"cpu_block_ms": 5.0}, fit=["cpu_block_ms"])
    )
    assert with_fit["fitted"] == {"cpu_block_ms": 5.0} and with_fit["fit"] == ["cpu_block_ms"]


@pytest.mark.parametrize(
    ("more", "says"),
    [
        ({"knobs": {"block_size": 3000}}, "power of 2"),
        ({"fitted": {"cpu_block_ms": 0}}, "cpu_block_ms"),
        ({"fitted": {"warp": 1.0}}, "unknown parameter 'warp'"),
        ({"per": "block_size"}, "per must be a choice knob"),
    ],
)
def test_what_is_not_valid_is_refused_with_its_reason(more, says):
    with pytest.raises(ValueError, match=says):
        checked_state(view(**more))
