"""An edited system module, or an edited helper its solve runs, runs in place of the original;
restoring brings the original back exactly; errors name their file and line."""

import sys
from pathlib import Path

import pytest

from perfmodels import closed, registry
from perfmodels.editing import edits
from perfmodels.sweep import sweep

PACKAGE = Path(edits.__file__).parent.parent  # perfmodels/
MVA, CLOSED = "perfmodels/mva.py", "perfmodels/closed.py"
# every station twice as slow, in the one MVA engine both closed networks run
SLOWER_MVA = ("    wanted = set(keep)\n", "    demands = [2 * d for d in demands]\n    wanted = set(keep)\n")
# the same in MVA with kinds of request, which LAVC runs (a lock's and an I/O's own times)
SLOWER_KINDS = ("    s = [list(sv) for sv in services]\n", "    s = [[2 * t for t in sv] for sv in services]\n")
SLOWER = {"decnet": SLOWER_MVA, "lavc": SLOWER_KINDS}
# a network's think time halved, in the closed-network engine: users come back twice as fast
QUICKER_THINK = ("        loop = self.network(k, p)\n", "        loop = self.network(k, p)\n        loop.think /= 2\n")


@pytest.fixture(autouse=True)
def _original_back():
    yield
    for s in registry.systems():
        edits.restore(s)


def edited(system, path, change):
    old, new = change
    text = edits.source(system, path)
    assert text.count(old) == 1
    return text.replace(old, new)


def curve(system):
    x = registry.describe(system)["x_default"]
    return sweep(system, {}, x, band=False)


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
    assert edits.line_of("afs", e.value) == ("perfmodels/afs.py", n + 2)
    assert registry.system("afs") is edits.original("afs")


def test_a_runtime_error_names_the_edited_line():
    lines = edits.source("afs").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("def solve(")) + 1
    body = next(i for i in range(at, len(lines)) if lines[i].strip() and not lines[i].strip().startswith(('"', "#")))
    lines.insert(body, "    raise RuntimeError('edited')")
    edits.install("afs", "\n".join(lines))
    with pytest.raises(RuntimeError) as e:
        registry.evaluate("afs", {})
    assert edits.line_of("afs", e.value) == ("perfmodels/afs.py", body + 1)


def test_a_module_that_is_no_longer_a_system_is_refused():
    with pytest.raises(ValueError, match="solve"):
        edits.install("afs", edits.source("afs").replace("def solve(", "def solved("))
    assert registry.system("afs") is edits.original("afs")


def test_the_files_offered_are_the_module_and_the_helpers_its_solve_runs():
    """Each system's files are the package's modules its solve calls into, less the plumbing
    (spec, data, calibration, shapes): found by tracing a solve at the default knobs."""
    for system in registry.systems():
        m = edits.original(system)
        called: set[str] = set()

        def seen(frame, event, arg, called=called):
            at = Path(frame.f_code.co_filename)
            if event == "call" and at.parent == PACKAGE:
                called.add(f"perfmodels/{at.name}")

        k = m.SPEC.validate({})
        closed._SOLVED.clear()  # (a solve answered from the recent ones, an earlier test's, runs no MVA)
        sys.setprofile(seen)
        try:
            m.solve(k, None)
        finally:
            sys.setprofile(None)
        plumbing = {f"perfmodels/{n}.py" for n in ("datasets", "fitted", "knobs", "system")}
        assert set(edits.files(system)) == called - plumbing, system
        assert edits.files(system)[0] == edits.module_path(system)
        for path in edits.files(system):
            assert edits.source(system, path) == (PACKAGE.parent / path).read_text()
    lavc = ["perfmodels/lavc.py", CLOSED, "perfmodels/mechanism.py", "perfmodels/bounds.py", "perfmodels/pace.py", MVA]
    assert edits.files("lavc") == lavc


def test_an_edit_of_mva_changes_both_closed_networks_and_restore_brings_each_back_exactly():
    mva, closed = sys.modules["perfmodels.mva"], sys.modules["perfmodels.closed"]
    for system, metric in (("lavc", "io_elapsed_ms"), ("decnet", "throughput_bps")):
        other = "decnet" if system == "lavc" else "lavc"
        before, beside = curve(system), curve(other)
        edits.install(system, {MVA: edited(system, MVA, SLOWER[system])})
        after = curve(system)
        # closed.py imported `recursion` from mva.py at import: it ran again with the edited one
        # (LAVC: a request waits longer once another is queued; DECnet: fewer bits a second)
        pairs = list(zip(after["metrics"][metric], before["metrics"][metric], strict=True))
        if system == "lavc":
            assert pairs[0][0] == pytest.approx(pairs[0][1]) and all(a > b for a, b in pairs[1:])
        else:
            assert all(a < b for a, b in pairs)
        # the package, and the other system, keep the originals
        assert sys.modules["perfmodels.mva"] is mva and sys.modules["perfmodels.closed"] is closed
        assert curve(other) == beside
        edits.restore(system)
        assert curve(system) == before
        assert registry.system(system) is edits.original(system)


def test_an_edit_of_the_closed_network_engine_changes_lavc_and_restore_brings_it_back():
    before = curve("lavc")
    edits.install("lavc", {CLOSED: edited("lavc", CLOSED, QUICKER_THINK)})
    after = curve("lavc")
    # users thinking half as long wait longer for each disk request (more are queued there)
    assert after["metrics"]["io_elapsed_ms"][-1] > before["metrics"]["io_elapsed_ms"][-1]
    # edits of two files at once: both run (mva.py's slower stations on top of the shorter think)
    edits.install("lavc", {CLOSED: edited("lavc", CLOSED, QUICKER_THINK), MVA: edited("lavc", MVA, SLOWER_KINDS)})
    both = curve("lavc")
    assert both["metrics"]["io_elapsed_ms"][-1] > after["metrics"]["io_elapsed_ms"][-1]
    edits.restore("lavc")
    assert curve("lavc") == before


def test_errors_in_a_helper_name_its_file_and_line():
    text = edits.source("lavc", CLOSED)
    with pytest.raises(SyntaxError) as e:
        edits.install("lavc", {CLOSED: text + "\nx = (\n"})
    assert edits.line_of("lavc", e.value) == (CLOSED, text.count("\n") + 2)
    assert registry.system("lavc") is edits.original("lavc")
    old, new = SLOWER_KINDS
    edits.install("lavc", {MVA: edits.source("lavc", MVA).replace(old, new.replace("2 * t", "2 * t / 0"))})
    with pytest.raises(ZeroDivisionError) as e:
        registry.evaluate("lavc", {})
    line = edits.source("lavc", MVA).split("\n").index(old.rstrip("\n")) + 1
    assert edits.line_of("lavc", e.value) == (MVA, line)


def test_a_file_that_is_not_the_models_is_refused():
    with pytest.raises(ValueError, match="perfmodels/mva.py is not one of this model's files"):
        edits.install("afs", {MVA: edits.source("lavc", MVA)})
    assert registry.system("afs") is edits.original("afs")
