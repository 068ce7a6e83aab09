"""Property tests (hypothesis) for the knob rules every hostile input meets: a shared URL's query
(read the way the explorer reads it) or a saved scenario's knobs. Any text gives an allowed value
or a ValueError that names the knob and what it allows, never another exception; what is
accepted is in range and on the knob's steps. The browser's parser (frontend/src/state/
urlState.ts) mirrors these rules and has its own property tests (fast-check)."""

import math
from urllib.parse import parse_qsl, urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import perfmodels
from perfmodels import registry


def specs():
    return [registry.spec(s) for s in perfmodels.systems()]


def allowed_value(knob, v) -> bool:
    if knob.choices is not None:
        return v in knob.choices
    if not (isinstance(v, (int, float)) and math.isfinite(v) and knob.min <= v <= knob.max):
        return False
    return not knob.integer or (v == int(v) and (not knob.step or (int(v) - int(knob.min)) % int(knob.step) == 0))


texts = st.one_of(
    st.text(max_size=40),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.integers(min_value=-(10**9), max_value=10**9).map(str),
    st.sampled_from(["", " 8 ", "1e3", "0x10", "nan", "inf", "-0", "8.0", "１２", "8_0", "DTE", "CI\x00"]),
)


@pytest.mark.parametrize("spec", specs(), ids=lambda s: s.id)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_text_for_any_knob_is_a_value_or_a_clear_refusal(spec, data):
    knob = data.draw(st.sampled_from(spec.knobs))
    raw = data.draw(st.one_of(texts, st.sampled_from(list(knob.choices or [])) if knob.choices else texts))
    try:
        v = knob.coerce(raw)
    except ValueError as e:
        assert knob.name in str(e) and "must be" in str(e)
        return
    assert allowed_value(knob, v), (raw, v)


@pytest.mark.parametrize("spec", specs(), ids=lambda s: s.id)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_shared_query_gives_a_complete_valid_setting_or_a_refusal(spec, data):
    names = [k.name for k in spec.knobs]
    pairs = data.draw(st.lists(st.tuples(st.one_of(st.sampled_from(names), st.text(max_size=12)), texts), max_size=8))
    query = urlencode(pairs)
    try:
        got = spec.validate(dict(parse_qsl(query, keep_blank_values=True)))
    except ValueError as e:
        assert "knob" in str(e)
        return
    assert set(got) == set(names)
    assert all(allowed_value(spec.knob(n), v) for n, v in got.items())
    # What was accepted reads back the same from its own URL.
    assert spec.validate(dict(parse_qsl(urlencode({k: str(v) for k, v in got.items()})))) == got


def test_every_spec_file_is_a_system_and_every_system_has_one():
    from importlib import resources

    files = {p.name.removesuffix(".toml") for p in (resources.files("perfmodels") / "specs").iterdir()}
    assert files == set(perfmodels.systems())


def test_a_spec_file_with_a_misspelt_field_is_refused(monkeypatch):
    from perfmodels import knobs

    real = knobs.tomllib.loads

    def misspelt(text: str):
        doc = real(text)
        doc["knobs"][0]["maximum"] = doc["knobs"][0].pop("label")
        return doc

    monkeypatch.setattr(knobs.tomllib, "loads", misspelt)
    with pytest.raises(TypeError, match="maximum"):
        knobs.load_spec("lavc")


@pytest.mark.parametrize("spec", specs(), ids=lambda s: s.id)
def test_each_knobs_default_is_one_of_its_own_values(spec):
    for k in spec.knobs:
        assert k.coerce(k.default) == k.default, k.name


@pytest.mark.parametrize("spec", [s for s in specs() if s.params], ids=lambda s: s.id)
def test_each_fitted_parameter_has_bounds_holding_its_start_and_the_memos_fit(spec):
    from perfmodels.fitted import fitted

    committed = fitted(spec.id)
    assert set(committed) == set(spec.fitted)
    for name, (lo, hi) in spec.bounds.items():
        assert 0 <= lo <= spec.start[name] <= hi, name
        assert lo <= committed[name] <= hi, name
