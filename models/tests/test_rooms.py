"""The models package's rooms import one way (issue 53): the systems and what they run never
reach into how a model is fitted or edited, and fitting never into editing.

- `perfmodels/fitting/`: fitting a model to the memo and to a user's own table;
- `perfmodels/editing/`: a visitor's edited model, run only in the browser's sandbox;
- everything else: the systems, the engines they run, the simulator, the answers' types and the
  plumbing (specs, data, calibration, units). Of those only the table of operations (ops.py) and
  the package's entry points (__init__.py, __main__.py) call into a room.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import perfmodels

PACKAGE = Path(perfmodels.__file__).parent
ROOMS = ("fitting", "editing")
# the only modules outside the rooms that call into them, and which rooms
DOORS = {"perfmodels.ops": {"fitting", "editing"}, "perfmodels": {"fitting"}, "perfmodels.__main__": {"fitting"}}


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The package's modules a file imports, absolute (a relative import resolved)."""
    here = _name(path)
    package = here if path.name == "__init__.py" else here.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            mod = ".".join(x for x in (base, node.module or "") if x)
            out |= {mod} if node.module else {f"{mod}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return {m for m in out if m == "perfmodels" or m.startswith("perfmodels.")}


def _room(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ROOMS else None


def _edges() -> list[tuple[str, str]]:
    return [(_name(f), m) for f in sorted(PACKAGE.rglob("*.py")) for m in _imports(f)]


def test_the_rooms_are_there_and_hold_their_modules():
    assert (PACKAGE / "fitting" / "ownfit.py").is_file() and (PACKAGE / "editing" / "edits.py").is_file()
    assert not list(PACKAGE.glob("own*.py")) and not (PACKAGE / "edits.py").exists()


def _wrong() -> list[str]:
    """Each import from outside a room into it that is not one of its doors."""
    wrong = []
    for src, dst in _edges():
        into, frm = _room(dst), _room(src)
        if into is not None and into != frm and frm != "editing" and into not in DOORS.get(src, set()):
            wrong.append(f"{src} imports {dst}")
    return wrong


def test_the_imports_run_one_way():
    assert _wrong() == []


def test_the_check_sees_a_wrong_import(tmp_path, monkeypatch):
    """A system importing the fitting room, and fitting importing editing, are both found."""
    fake = tmp_path / "perfmodels"
    (fake / "fitting").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "lavc.py").write_text("from .fitting import own\n")
    (fake / "fitting" / "__init__.py").write_text("")
    (fake / "fitting" / "own.py").write_text("from ..editing import edits\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    found = sorted(_wrong())
    assert found == ["perfmodels.fitting.own imports perfmodels.editing", "perfmodels.lavc imports perfmodels.fitting"]
