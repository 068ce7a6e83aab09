"""An edited system module runs in place of the original, and errors name their line."""

import pytest

from perfmodels import edits, registry


@pytest.fixture(autouse=True)
def _original_back():
    yield
    edits.restore("afs")


def test_an_edited_constant_changes_the_answer_and_restore_brings_it_back():
    before = registry.evaluate("afs", {})["metrics"]["read_kBps"]
    text = edits.source("afs")
    assert "def solve(" in text and edits.module_path("afs") == "perfmodels/afs.py"
    # every answer twice as fast: the same model with its answer doubled at the end of solve
    edits.install(
        "afs",
        text + "\n_solve = solve\n\ndef solve(k, p=None, detail=True):\n    r = _solve(k, p, detail)\n"
        "    r['metrics'] = {n: v * 2 for n, v in r['metrics'].items()}\n    return r\n",
    )
    assert registry.evaluate("afs", {})["metrics"]["read_kBps"] == pytest.approx(2 * before)
    assert edits.original("afs") is not registry.system("afs")
    edits.restore("afs")
    assert registry.evaluate("afs", {})["metrics"]["read_kBps"] == before


def test_a_syntax_error_names_its_line_and_keeps_the_model():
    text = edits.source("afs")
    n = text.count("\n")
    with pytest.raises(SyntaxError) as e:
        edits.install("afs", text + "\nx = (\n")
    assert edits.line_of("afs", e.value) == n + 2
    assert registry.system("afs") is edits.original("afs")


def test_a_runtime_error_names_the_edited_line():
    lines = edits.source("afs").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("def solve(")) + 1
    body = next(i for i in range(at, len(lines)) if lines[i].strip() and not lines[i].strip().startswith(('"', "#")))
    lines.insert(body, "    raise RuntimeError('edited')")
    edits.install("afs", "\n".join(lines))
    with pytest.raises(RuntimeError) as e:
        registry.evaluate("afs", {})
    assert edits.line_of("afs", e.value) == body + 1


def test_a_module_that_is_no_longer_a_system_is_refused():
    with pytest.raises(ValueError, match="solve"):
        edits.install("afs", edits.source("afs").replace("def solve(", "def solved("))
    assert registry.system("afs") is edits.original("afs")
