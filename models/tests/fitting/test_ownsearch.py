"""What a user's fit fits (ownsearch.py): the candidates the rows tell apart, judged at the memo's
values and again at the rows' own best, where a model's kinks can make the verdict differ."""

import math

import pytest

from perfmodels.fitting import Unknown
from perfmodels.fitting.ownsearch import search


def maker(rows):
    """The rows' residuals at a point of the unknowns given, every other at its start (0)."""

    def make(unknowns):
        names = [u.name for u in unknowns]

        def f(x):
            v = {"a": 0.0, "b": 0.0, "c": 0.0, **dict(zip(names, x, strict=True))}
            return rows(v)

        return f

    return make


def cands(names):
    return [Unknown(n, "knob", -10.0, 10.0, 0.0) for n in names]


def test_a_candidate_that_moves_no_row_at_the_start_but_does_at_the_rows_best_is_fitted():
    # b scales with a: at a = 0 it moves nothing; where the rows fit (a = 1) it sets the second row
    fitted, unpinned, best = search(maker(lambda v: [v["a"] - 1.0, v["a"] * v["b"] - 2.0]), cands("ab"))
    assert [u.name for u in fitted] == ["a", "b"] and unpinned == []
    assert best is not None and best.loss < 1e-12 and best.x == pytest.approx([1.0, 2.0], abs=1e-5)


def test_a_candidate_the_rows_cannot_tell_apart_at_their_best_is_let_go_where_that_costs_nothing():
    # at the start c moves both rows, a only the first: both are taken; where the rows fit, the
    # second row's kink has closed (a >= 0.5) and c moves the first row only, as a does
    def rows(v):
        return [v["a"] + v["c"] - 1.0, v["c"] * max(0.0, 0.5 - v["a"])]

    fitted, unpinned, best = search(maker(rows), cands("ac"))
    assert [u.name for u in fitted] == ["a"]
    assert [(u.name, u.reason) for u in unpinned] == [("c", "collinear")]
    assert best is not None and best.loss < 1e-12


def test_one_the_rows_tell_apart_only_over_a_step_stays_fitted():
    # where the rows fit (a >= 1.5, c = 10 - a) c moves the first row only, as a does; but the
    # third row steps at c = 1.05, just above its start: held there, c would miss that row
    def rows(v):
        return [v["a"] + v["c"] - 10.0, v["c"] * max(0.0, 1.5 - v["a"]), 1.0 if v["c"] < 1.05 else 0.0]

    positive = [Unknown(n, "param", 0.01, 100.0, 1.0) for n in "ac"]

    def make(unknowns):
        names = [u.name for u in unknowns]
        return lambda x: rows({"a": 1.0, "c": 1.0, **{n: math.exp(v) for n, v in zip(names, x, strict=True)}})

    fitted, unpinned, best = search(make, positive)
    assert [u.name for u in fitted] == ["a", "c"] and unpinned == []
    assert best is not None and best.loss < 1e-12
