"""The sandbox's bridge: the workbench's requests, JSON in and out, errors with their line."""

import json

import pytest

from perfmodels import editbridge, edits, registry
from perfmodels.fitted import report


def ask(op, **a):
    return json.loads(editbridge.call(op, json.dumps(a)))


@pytest.fixture(autouse=True)
def _original_back():
    yield
    for system in registry.systems():
        ask("edit", system=system, files=None)


def test_the_unedited_model_judged_as_its_calibration_report_says():
    fit = ask("memo_fit", system="afs")["result"]
    summary = report("afs")["summary"]
    assert fit["params"] == pytest.approx(report("afs")["params"], rel=1e-3)
    assert fit["in_sample"] == summary["in_sample"]
    last = None
    for g in fit["groups"]:
        last = ask("memo_left_out", system="afs", group=g)["result"]
    assert last["left_out"] == summary["leave_one_configuration_out"]


def test_an_edit_that_breaks_a_law_is_listed_with_its_setting():
    text = edits.source("afs")
    # an answer ten times the model's: above the capacity the model reports
    broken = (
        text + "\n_solve = solve\n\ndef solve(k, p=None, detail=True):\n    r = _solve(k, p, detail)\n"
        "    r['metrics'] = {n: v * 10 for n, v in r['metrics'].items()}\n    return r\n"
    )
    assert ask("laws", system="afs", n=50)["result"]["violations"] == []
    assert ask("edit", system="afs", files={"perfmodels/afs.py": broken}) == {"result": None}
    found = ask("laws", system="afs", n=50)["result"]
    assert found["checked"] == 50 and found["violations"]
    assert set(found["violations"][0]["knobs"]) == {k["name"] for k in ask("describe", system="afs")["result"]["knobs"]}


def test_errors_name_their_line():
    text = edits.source("afs")
    n = text.count("\n")
    bad = ask("edit", system="afs", files={"perfmodels/afs.py": text + "\nx = (\n"})
    assert bad["line"] == n + 2 and bad["file"] == "perfmodels/afs.py" and bad["error"].startswith("SyntaxError")
    raising = ask("edit", system="afs", files={"perfmodels/afs.py": text + "\nraise RuntimeError('no')\n"})
    assert raising == {"error": "RuntimeError: no", "line": n + 2, "file": "perfmodels/afs.py"}
    assert len(ask("sweep", system="afs", x="chunksize", band=False)["result"]["x"]) > 5  # the original still answers


def test_an_interrupt_is_reported_as_stopped_at_its_line(monkeypatch):
    text = edits.source("afs")
    spins = text + "\ndef spin():\n    raise KeyboardInterrupt\n"
    assert ask("edit", system="afs", files={"perfmodels/afs.py": spins})["result"] is None

    def stopped(*a, **k):
        registry.system("afs").spin()  # as the page's interrupt stops the edited code mid-way

    monkeypatch.setattr(editbridge, "_run", stopped)
    out = ask("evaluate", system="afs")
    assert out["stopped"] is True and out["line"] == text.count("\n") + 3 and out["file"] == "perfmodels/afs.py"


def test_a_helper_is_read_edited_and_named_in_an_error_by_its_path():
    mva = ask("source", system="lavc", path="perfmodels/mva.py")["result"]
    # (every station twice as slow, then a recursion that raises)
    assert mva["path"] == "perfmodels/mva.py" and "def recursion(" in mva["text"]
    before = ask("sweep", system="lavc", x="users", band=False)["result"]
    twice = "\n_r = recursion\n\ndef recursion(d, *a, **k):\n    return _r([2 * v for v in d], *a, **k)\n"
    slower = mva["text"] + twice
    assert ask("edit", system="lavc", files={"perfmodels/mva.py": slower}) == {"result": None}
    assert ask("sweep", system="lavc", x="users", band=False)["result"]["metrics"] != before["metrics"]
    broken = mva["text"] + "\ndef recursion(*a, **k):\n    raise RuntimeError('no')\n"
    assert ask("edit", system="lavc", files={"perfmodels/mva.py": broken}) == {"result": None}
    n = mva["text"].count("\n")
    assert ask("evaluate", system="lavc") == {"error": "RuntimeError: no", "line": n + 3, "file": "perfmodels/mva.py"}
    refused = ask("edit", system="afs", files={"perfmodels/mva.py": slower})
    assert refused["error"].startswith("ValueError: perfmodels/mva.py is not one of this model's files")
    ask("edit", system="lavc", files=None)
    assert ask("sweep", system="lavc", x="users", band=False)["result"] == before
