"""Calibration and validation apart: nothing that sets a parameter can read a validation row.
The models package and calibration never import the validation package nor name its folder, and
a calibration run opens no file under it."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import validation

MODELS = Path(__file__).resolve().parents[2]
FOLDER = Path(validation.__file__).resolve().parent


def _python_files():
    for package in ("perfmodels", "calibration"):
        yield from (MODELS / package).rglob("*.py")


def test_no_module_that_sets_a_parameter_imports_validation_or_names_its_folder():
    for path in _python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not any(a.name.split(".")[0] == "validation" for a in node.names), path
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert (node.module or "").split(".")[0] != "validation", path
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert "validation/" not in node.value and "sources.toml" not in node.value, path


# a fresh Python that records every file it opens while calibration refits FFS from the memo
RUN = """
import json, sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" and args else None)
from calibration.__main__ import main
status = main(["ffs", "--check"])
print(json.dumps({"status": status, "opened": opened}))
"""


def test_a_calibration_run_opens_no_validation_file():
    run = subprocess.run([sys.executable, "-c", RUN], cwd=MODELS, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got["status"] == 0  # the committed parameters are what the memo gives
    opened = [Path(p) for p in got["opened"] if not p.isdigit()]
    assert any(p.name == "ffs-throughput.csv" for p in opened), "the hook sees the memo's figures being read"
    assert not [p for p in opened if p.resolve().is_relative_to(FOLDER)]
