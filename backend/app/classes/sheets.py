"""The class's sheets beyond the answers' CSV: the concept check by student (one row a student,
one column a question in each phase, right or wrong as 1 or 0) and the key to every coded column
of the downloads, so a sheet read a year later still says what its codes mean. Rows of text; the
routes write them as CSV (api/routes/classes.py)."""

from __future__ import annotations

from ..lessons import CheckForms, Step
from .gain import CheckAnswers
from .report import WITHIN, truth_of
from .rules import PHASES

# the answers' CSV, in its order (new columns go last: a sheet reading the first ones still works)
# (new columns last: a sheet that reads the first columns reads them still; `how sure` is the
# confidence in the words the phone showed, so the numbers need no key to be read)
ANSWER_COLUMNS = ["step", "student", "name", "answer", "time", "round", "confidence", "phase", "how sure", "form"]
FORM_WORDS = {
    "AB": "form A before the lesson, form B after it",
    "BA": "form B before the lesson, form A after it",
}
SURE_WORDS = {"1": "guessing", "2": "fairly sure", "3": "sure"}


def check_rows(a: CheckAnswers) -> list[list[str]]:
    """The check by student: a header, then a row a student in the order they joined."""
    questions = range(1, len(a.questions) + 1)
    judged = a.judged()
    head = ["student", "name", *(f"{p}_q{q}" for p in PHASES for q in questions), "right_before", "right_after"]
    rows = [[*head, "matched", "forms"]]
    for s in a.students:
        cells = [_mark(a, p, q, s.id) for p in PHASES for q in questions]
        right = [str(sum(a.of(p, q).get(s.id, False) for q in judged)) for p in PHASES]
        rows.append([s.public_id, s.name, *cells, *right, "0" if a.missed(s, judged) else "1", s.forms])
    return rows


def _mark(a: CheckAnswers, phase: str, question: int, student: int) -> str:
    answers = a.of(phase, question)
    if student not in answers:
        return ""
    if not a.judges(question):
        return "?"
    return "1" if answers[student] else "0"


def key_rows(forms: CheckForms) -> list[list[str]]:
    """The key: (file, column, code, meaning), every coded column with each of its codes."""
    check = forms.a
    rows = [
        ["file", "column", "code", "meaning"],
        ["answers", "step", "", "the lesson's step, or for phase before/after the concept check's question (from 1)"],
        ["answers", "student", "", "the student's anonymous id in this class (the same in every file)"],
        ["answers", "name", "", "the name the student gave (may be empty)"],
        ["answers", "answer", "", "a number as given, a choice in its words, a sketch as 'x: y' pairs"],
        ["answers", "time", "", "when the answer was stored (ISO 8601, UTC)"],
        ["answers", "round", "1", "the first vote on the step"],
        ["answers", "round", "2", "the vote again after the discussion (peer instruction)"],
        ["answers", "confidence", "1", "Guessing"],
        ["answers", "confidence", "2", "Fairly sure"],
        ["answers", "confidence", "3", "Sure"],
        ["answers", "confidence", "", "not said"],
        ["answers", "phase", "lesson", "an answer to a step of the lesson"],
        ["answers", "phase", "before", "an answer to the concept check before the lesson"],
        ["answers", "phase", "after", "an answer to the concept check after the lesson"],
        ["answers", "how sure", "", "the confidence in the words the phone showed"],
        ["answers", "form", "A", "an answer to the concept check's form A (its only form if it has one)"],
        ["answers", "form", "B", "an answer to the concept check's form B (its parallel form)"],
        ["answers", "form", "", "an answer to a step of the lesson"],
    ]
    if not check:
        return rows
    right = f"a choice the right one, a number within {WITHIN:.0%} of the model's value"
    per_question = "before_qN, after_qN"
    rows += [
        ["check", "student", "", "the student's anonymous id (as in answers)"],
        ["check", "name", "", "the name the student gave"],
        ["check", per_question, "1", f"right ({right})"],
        ["check", per_question, "0", "wrong"],
        ["check", per_question, "", "no answer in that phase"],
        ["check", per_question, "?", "answered, but the model cannot judge this question"],
        ["check", "right_before, right_after", "", "the questions the model can judge answered right in that phase"],
        [
            "check",
            "matched",
            "1",
            "answered every judged question before and after: counted in the class figures",
        ],
        ["check", "matched", "0", "missed a question before or after: left out of the class's figures"],
        *(["check", "forms", order, words] for order, words in FORM_WORDS.items()),
        ["check", "forms", "", "the check has one form: the same questions before and after"],
    ]
    for n, q in enumerate(check, start=1):
        paired = forms.b[n - 1] if forms.two else None
        rows.append(
            [
                "check",
                f"before_q{n}, after_q{n}",
                "",
                f"question {n}{' of form A' if paired else ''}: {q.prompt or q.predict}"
                f" (the model's answer: {_truth_words(q)})",
            ]
        )
        if paired is not None:
            rows.append(
                [
                    "check",
                    f"before_q{n}, after_q{n}",
                    "",
                    f"question {n} of form B: {paired.prompt or paired.predict}"
                    f" (the model's answer: {_truth_words(paired)})",
                ]
            )
    return rows


def _truth_words(q: Step) -> str:
    truth = truth_of(q)
    if truth is None or isinstance(truth, tuple):
        return "unknown here"
    return q.words(round(truth)) if q.predict == "choice" else f"{truth:.4g}"
