"""Every system meets the declared contract (perfmodels.system.System), the one registry lists
them all, and their answers have the declared shapes."""

import inspect

import pytest

import perfmodels
from perfmodels.registry import SYSTEMS
from perfmodels.system import Along, System
from perfmodels.types import Evaluation, Stage


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_module_meets_the_system_protocol(name):
    m = SYSTEMS[name]
    assert isinstance(m, System)
    assert m.SPEC.id == name
    want = [p for p in inspect.signature(System.solve).parameters if p != "self"]
    assert list(inspect.signature(m.solve).parameters) == want, name
    # every hook the sweep engine calls, with its defaults where the model has nothing faster
    assert isinstance(m.ALONG, Along)
    assert set(m.START) == set(m.FITTED)
    assert set(m.PARAMETER_LABELS) <= set(m.FITTED)
    for bar in m.KNOWN_MISSES:
        assert bar in {"in_sample_median", "in_sample_max", "secondary_median", "loco_median", "loco_max"}


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_answers_have_the_declared_shapes(name):
    r = perfmodels.evaluate(name)
    for key in Evaluation.__required_keys__:
        assert key in r
    assert set(r) <= Evaluation.__required_keys__ | Evaluation.__optional_keys__ | {"system", "knobs"}
    for stage in r["stages"]:
        assert Stage.__required_keys__ <= set(stage) <= Stage.__required_keys__ | Stage.__optional_keys__
    assert set(r["metrics"]) == {m.name for m in SYSTEMS[name].SPEC.metrics}


@pytest.mark.parametrize("name", sorted(SYSTEMS))
def test_every_fitted_parameter_is_named_in_plain_words(name):
    m = SYSTEMS[name]
    assert set(m.PARAMETER_LABELS) == set(m.FITTED)
    assert all(label and "_" not in label for label in m.PARAMETER_LABELS.values())


def test_one_registry():
    assert perfmodels.systems() == list(SYSTEMS)
    from calibration.__main__ import main  # the calibration has no list of its own

    assert "SYSTEMS" in inspect.getsource(inspect.getmodule(main))
