"""The validation rows as printed: each with its locator (a table's row and column, or the
paragraph of prose that prints it) and values, each judged row a setting
the model accepts, each row not judged saying why."""

import pytest

from perfmodels.registry import system
from validation import rows, sources

SOURCES = sources()


def test_there_are_sources_and_each_names_a_system():
    assert SOURCES
    for s in SOURCES:
        system(s.system)  # raises for a system the registry does not have
        assert len(s.citation) > 40 and s.where and s.not_described


@pytest.mark.parametrize("source", SOURCES, ids=lambda s: s.id)
def test_every_row_has_its_locator_values_and_a_verdict(source):
    rs = rows(source)
    assert rs and len({r.row for r in rs}) == len(rs)
    spec = system(source.system).SPEC
    for r in rs:
        where = r.locator.lower()
        # a table's cell, or for a figure printed in prose (a letter, a message) its paragraph
        assert ("table" in where and "row" in where and "column" in where) or "paragraph" in where, r.row
        if r.judged:
            assert r.values, r.row
            if source.primary != "all":
                assert source.columns[source.primary] in r.values, r.row
            assert not r.why_not
            spec.validate(r.knobs)  # raises, naming the knob, for a mapping the model cannot take
        else:
            assert len(r.why_not) > 10, r.row
