"""The sandbox's bridge: the workbench's requests, JSON in and out, errors with their line."""

import json

import pytest

from perfmodels import registry
from perfmodels.editing import editbridge, edits
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

    monkeypatch.setattr(editbridge.ops, "run", stopped)
    out = ask("evaluate", system="afs")
    assert out["stopped"] is True and out["line"] == text.count("\n") + 3 and out["file"] == "perfmodels/afs.py"


def test_a_helper_is_read_edited_and_named_in_an_error_by_its_path():
    mva = ask("source", system="lavc", path="perfmodels/mva.py")["result"]
    # (every station twice as slow, then a recursion that raises: LAVC's, with kinds of request)
    assert mva["path"] == "perfmodels/mva.py" and "def recursion_kinds(" in mva["text"]
    before = ask("sweep", system="lavc", x="users", band=False)["result"]
    twice = (
        "\n_r = recursion_kinds\n\ndef recursion_kinds(r, s, *a, **k):\n"
        "    return _r(r, [[2 * t for t in sv] for sv in s], *a, **k)\n"
    )
    slower = mva["text"] + twice
    assert ask("edit", system="lavc", files={"perfmodels/mva.py": slower}) == {"result": None}
    assert ask("sweep", system="lavc", x="users", band=False)["result"]["metrics"] != before["metrics"]
    broken = mva["text"] + "\ndef recursion_kinds(*a, **k):\n    raise RuntimeError('no')\n"
    assert ask("edit", system="lavc", files={"perfmodels/mva.py": broken}) == {"result": None}
    n = mva["text"].count("\n")
    assert ask("evaluate", system="lavc") == {"error": "RuntimeError: no", "line": n + 3, "file": "perfmodels/mva.py"}
    refused = ask("edit", system="afs", files={"perfmodels/mva.py": slower})
    assert refused["error"].startswith("ValueError: perfmodels/mva.py is not one of this model's files")
    ask("edit", system="lavc", files=None)
    assert ask("sweep", system="lavc", x="users", band=False)["result"] == before


AFS = "perfmodels/afs.py"
# an edit of a parameter's default: the network the model runs with at half the memo's fit
SLOW_DEFAULT = (
    "\n_solve = solve\n\ndef solve(k, p=None, detail=True):\n"
    "    return _solve(k, p or {**fitted(SPEC.id), 'network_MBps': 5.0}, detail)\n"
)


def test_a_changed_default_is_fitted_back_to_the_memo():
    summary = report("afs")["summary"]["in_sample"]
    calibrated = report("afs")["params"]
    assert ask("edit", system="afs", files={AFS: edits.source("afs") + SLOW_DEFAULT}) == {"result": None}
    seen: list[float] = []
    r = json.loads(editbridge.call("fit_memo", json.dumps({"system": "afs"}), seen.append))["result"]
    # as the edit runs, far off the memo; fitted, back at the calibration's error and values
    assert r["before"]["median_abs"] > 3 * summary["median_abs"]
    assert r["after"]["median_abs"] == pytest.approx(summary["median_abs"], abs=0.05)
    assert r["after"]["max_abs"] == pytest.approx(summary["max_abs"], abs=0.05)
    assert r["params"]["network_MBps"] == pytest.approx(calibrated["network_MBps"], rel=0.01)
    for name, (lo, hi) in r["ranges"].items():
        assert lo <= r["params"][name] <= hi
    assert seen and seen == sorted(seen) and seen[-1] == 1.0
    # the curve drawn with the fitted values is the original's
    fitted_curve = ask("sweep", system="afs", x="chunksize", band=False, params=r["params"])["result"]
    ask("edit", system="afs", files=None)
    original = ask("sweep", system="afs", x="chunksize", band=False)["result"]
    for a, b in zip(fitted_curve["metrics"]["read_kBps"], original["metrics"]["read_kBps"], strict=True):
        assert a == pytest.approx(b, rel=0.01)


def _table(network_MBps: float) -> str:
    """A user's table measured on a machine whose network is `network_MBps` (the original model)."""
    rows = ["chunksize,client,read_kBps,write_kBps"]
    for chunksize in (13, 15, 17):
        for client in ("redhat72", "solaris7"):
            knobs = {"chunksize": chunksize, "client": client}
            m = registry.evaluate("afs", knobs, {"network_MBps": network_MBps})["metrics"]
            rows.append(f"{chunksize},{client},{m['read_kBps']:.1f},{m['write_kBps']:.1f}")
    return "\n".join(rows) + "\n"


def test_an_edit_fitted_to_a_table_finds_the_tables_value_not_its_default():
    text = _table(8.0)  # neither the memo's 10.27 nor the edit's 5
    assert ask("edit", system="afs", files={AFS: edits.source("afs") + SLOW_DEFAULT}) == {"result": None}
    seen: list[float] = []
    r = json.loads(editbridge.call("fit_own", json.dumps({"system": "afs", "text": text}), seen.append))["result"]
    fit = r["fit"]
    assert fit["best"]["network_MBps"] == pytest.approx(8.0, rel=0.02)
    assert r["before"]["median_abs"] > 20 and fit["summary"]["in_sample"]["median_abs"] < 1
    assert seen and seen[-1] == 1.0
    # the rows left out, as the page asks them after the fit
    asked = {"text": text, "fit": fit["fitted"], "best": fit["best"], "weight": fit["prior"]["weight"]}
    left = ask("left_out", system="afs", **asked)["result"]
    assert len(left) == len(fit["rows"]) and all(v is not None and abs(v) < 5 for v in left.values())


def test_an_error_in_the_edit_during_a_fit_names_its_line():
    text, table = edits.source("afs"), _table(8.0)
    n = text.count("\n")
    # the edit runs as drawn (no parameters given) and fails only when a fit gives it some
    failing = text + (
        "\n_solve = solve\n\ndef solve(k, p=None, detail=True):\n"
        "    if p is not None:\n        raise ArithmeticError('no')\n    return _solve(k, p, detail)\n"
    )
    assert ask("edit", system="afs", files={AFS: failing}) == {"result": None}
    assert ask("evaluate", system="afs")["result"]["metrics"]
    for op, a in (("fit_memo", {}), ("fit_own", {"text": table})):
        assert ask(op, system="afs", **a) == {"error": "ArithmeticError: no", "line": n + 6, "file": AFS}


def test_an_error_in_a_helper_during_a_fit_names_its_file_and_line():
    # LAVC's module tells mva.py when a fit calls it (a fit gives solve parameters; a curve drawn
    # does not), and the edited recursion refuses to run for a fit: an edit across two files
    mva = edits.source("lavc", "perfmodels/mva.py") + (
        "\nFITTING = False\n_recursion = recursion_kinds\n\n\ndef recursion_kinds(*a, **k):\n"
        "    if FITTING:\n        raise ArithmeticError('not for a fit')\n    return _recursion(*a, **k)\n"
    )
    lavc = edits.source("lavc") + (
        "\nfrom . import mva as _mva\n_solve = solve\n\n\ndef solve(k, p=None, detail=True):\n"
        "    _mva.FITTING = p is not None\n    try:\n        return _solve(k, p, detail)\n"
        "    finally:\n        _mva.FITTING = False\n"
    )
    line = mva[: mva.index("raise ArithmeticError")].count("\n") + 1
    files = {"perfmodels/lavc.py": lavc, "perfmodels/mva.py": mva}
    assert ask("edit", system="lavc", files=files) == {"result": None}
    assert ask("evaluate", system="lavc")["result"]["metrics"]
    assert len(ask("sweep", system="lavc", x="users", band=False)["result"]["x"]) > 5
    failed = ask("fit_memo", system="lavc")
    assert failed == {"error": "ArithmeticError: not for a fit", "line": line, "file": "perfmodels/mva.py"}


def test_an_answer_without_one_of_the_models_metrics_says_so():
    """A solve whose answer leaves a metric out fails where the sweep looks the metric up: a bare
    KeyError; the bridge says what it means."""
    text = edits.source("afs")
    solve = '\n\ndef solve(k, p=None, detail=True):\n    return {"metrics": {"read_kBps": 1.0}, "bottleneck": None}\n'
    short = text + solve
    assert ask("edit", system="afs", files={"perfmodels/afs.py": short}) == {"result": None}
    error = ask("sweep", system="afs", x="chunksize", band=False)["error"]
    assert error.startswith("KeyError: '") and "the answer of solve has no metric " in error, error
    # a KeyError that names no metric is left as Python said it
    assert editbridge._missing("afs", KeyError("elsewhere")) == ""
