"""What the server reads of a lesson (app/lessons.py): a curve question's x values, and the
answers each kind of question accepts, a sketch's values counted and bounded."""

import math

import pytest

from app.lessons import MAX_SKETCH_POINTS, ChoiceTold, CurveTold, LessonError, PointTold, Step, read_check, read_steps

CURVE = """
steps:
  - title: A
    state: {system: lavc, knobs: {disk: served}, x: users, y: adapter_percent}
    question: {predict: curve, at: [50, 100, 150, 200, 300], y_max: 100}
  - title: B
    state: {system: lavc}
    question: {predict: point, at: 50}
"""


def test_a_curve_question_takes_one_value_at_each_x_within_the_axis():
    curve, point = read_steps(CURVE)
    assert curve.predict == "curve" and curve.xs == (50, 100, 150, 200, 300) and curve.y_max == 100
    assert [dict(w.knobs)["users"] for w in curve.wheres] == [50, 100, 150, 200, 300]

    # (constructed unchecked: the step's own check is what is tried, not the schema's bounds)
    def sketch(ys):
        return CurveTold.model_construct(kind="curve", ys=ys)

    assert curve.check(sketch([10.0, 40.0, 70.0, 90.0, 95.5])) is None
    for bad in ([10.0, 40.0, 70.0, 90.0], [10.0] * 6, [10.0, 40.0, -1.0, 90.0, 95.0], [10.0, 40.0, 101.0, 90.0, 95.0]):
        assert curve.check(sketch(bad)) is not None, bad
    for v in (math.nan, math.inf):
        said = curve.check(sketch([10.0, 40.0, v, 90.0, 95.0]))
        assert said == "each value of the sketch must be between 0 and 100"
    assert curve.check(PointTold(kind="point", y=50.0)) == "this step asks for a sketch of the curve"
    assert point.check(sketch([1.0, 2.0, 3.0])) == "this step does not ask for a sketch"
    assert point.check(ChoiceTold(kind="choice", choice=1)) == "this step asks for a value"
    assert point.check(PointTold(kind="point", y=50.0)) is None
    assert point.check(PointTold(kind="point", y=math.inf)) == "the value must be between 0 and 1e+15"


def test_a_sketch_reads_in_a_sheet_as_x_and_value_pairs():
    curve, _ = read_steps(CURVE)
    assert curve.sketch_words([10.0, 40.5, 70.0, 90.0, 95.25]) == "50: 10; 100: 40.5; 150: 70; 200: 90; 300: 95.25"
    assert Step(None).sketch_words([1.0, 2.0]) == "1: 1; 2: 2"  # (a lesson that no longer says)


@pytest.mark.parametrize("at", ["[50, 100]", f"{list(range(1, MAX_SKETCH_POINTS + 2))}", "[50, true, 100]", "50"])
def test_a_curve_question_needs_three_to_eight_numbers(at):
    text = CURVE.replace("[50, 100, 150, 200, 300]", at)
    with pytest.raises(LessonError):
        read_steps(text)


def test_a_concept_check_asks_no_sketched_curve():
    point = "{title: Q, state: {system: lavc}, question: {predict: point, at: 50}}"
    curve = "{title: Q, state: {system: lavc}, question: {predict: curve, at: [50, 100, 150]}}"
    text = CURVE + f"check:\n  - {point}\n  - {point}\n  - {curve}\n"
    with pytest.raises(LessonError, match="not a sketched curve"):
        read_check(text)
    assert len(read_check(text.replace(curve, point))) == 3


def test_a_second_form_pairs_with_the_first_question_by_question():
    from app.lessons import read_check_b

    def q(kind: str) -> str:
        if kind == "point":
            return "  - state: {system: decnet}\n    question: {predict: point, at: 4}\n"
        return "  - state: {system: decnet}\n    question: {predict: choice, choices: [a, b, c], answer: 1}\n"

    a = "check:\n" + q("point") + q("choice") + q("choice")
    assert read_check_b(a) == ()  # one form
    assert [s.predict for s in read_check_b(a + "check_b:\n" + q("point") + q("choice") + q("choice"))] == [
        "point",
        "choice",
        "choice",
    ]
    for b, words in (
        (q("point") + q("choice") + q("choice") + q("choice"), "have 3 and 4 questions"),
        (q("choice") + q("point") + q("choice"), "question 1 of the concept check's two forms"),
    ):
        with pytest.raises(LessonError, match=words):
            read_check_b(a + "check_b:\n" + b)
    with pytest.raises(LessonError, match="needs the first"):
        read_check_b("check_b:\n" + q("point") + q("choice") + q("choice"))
