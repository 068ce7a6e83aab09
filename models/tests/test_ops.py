"""The one table of operations: every operation dispatches to its function, its request and
result types are the function's own annotations, and the page's protocol is generated from it."""

from typing import get_type_hints, is_typeddict

import pytest

import perfmodels
from perfmodels import ops


def test_the_table_names_every_operation_the_page_the_server_and_the_sandbox_ask():
    assert set(ops.OPS) - ops.SANDBOX_ONLY == {
        "evaluate",
        "sweep",
        "band",
        "describe",
        "sensitivity",
        "atlas",
        "table",
        "fit",
        "left_out",
        "simulate",
    }
    assert ops.SANDBOX_ONLY == {"source", "edit", "memo_fit", "memo_left_out", "laws", "fit_memo", "fit_own"}


@pytest.mark.parametrize("name", sorted(ops.SANDBOX_ONLY))
def test_a_sandbox_row_is_unknown_outside_the_sandbox(name):
    """The server and the page's worker ask `run` without sandbox=True: edited code never runs
    there, and an edit cannot be installed in their registry."""
    with pytest.raises(ValueError, match="unknown operation"):
        ops.run(name, {"system": "afs", "files": {"perfmodels/afs.py": "raise SystemExit"}, "group": "x"})
    assert perfmodels.registry.system("afs").__name__ == "perfmodels.afs"


def test_the_sandbox_asks_its_rows_of_the_same_table():
    source = ops.run("source", {"system": "rsx-qio"}, sandbox=True)
    assert source == {"path": "perfmodels/rsx_qio.py", "text": source["text"]} and "def solve(" in source["text"]
    laws = ops.run("laws", {"system": "rsx-qio", "n": 5}, sandbox=True)
    assert laws == {"checked": 5, "violations": []}


@pytest.mark.parametrize("name", sorted(ops.OPS))
def test_each_operation_declares_what_it_is_asked_and_what_it_answers(name):
    hints = get_type_hints(ops.OPS[name])
    assert is_typeddict(hints["a"]) and "system" in hints["a"].__required_keys__
    assert hints["return"] is not None


def test_run_dispatches_and_refuses_what_it_does_not_know():
    assert ops.run("evaluate", {"system": "ffs"}) == perfmodels.evaluate("ffs")
    curve = ops.run("sweep", {"system": "lavc", "x": "users", "band": False})
    assert curve == perfmodels.sweep("lavc", None, "users", band=False)
    with pytest.raises(ValueError, match="unknown operation"):
        ops.run("drop", {"system": "ffs"})
    with pytest.raises(KeyError):
        ops.run("sweep", {"system": "ffs"})


def test_a_fit_leaves_rows_out_only_when_asked():
    text = "block_size,throughput_kBps\n4096,300\n8192,420\n"
    quick = ops.run("fit", {"system": "ffs", "text": text, "fit": ["cpu_block_ms"]})
    whole = ops.run("fit", {"system": "ffs", "text": text, "fit": ["cpu_block_ms"], "left_out": True})
    assert "leave_one_out" not in quick["summary"] and "leave_one_out" in whole["summary"]
