"""An edited model: a visitor's change to a system's module, or to the helpers its solve runs
(closed.py, mva.py, ...), run in place of the originals.

Only the browser's sandbox for edited models calls this (editbridge.py, from the page's
workbench); it is not an operation of the table (ops.py), so no server route can reach it and
the server never runs edited code. `files` are what the editor offers for a system: its module
and the package's modules it imports, directly or not, that hold part of its mechanism.
`install` compiles the edited files and runs them, and every one of those files that imports
an edited one (directly or not) again, dependencies first, each as a fresh module beside the
original: a module that did `from .mva import recursion` binds at import, so only running it
again makes it call the edited helper. The system's new module is checked against the `System`
contract and put in the registry, where every operation finds it; the package itself and the
other systems keep the originals, so what reads a model's answers (sweep.py, laws.py) is not
edited. `restore` puts the original back.
"""

from __future__ import annotations

import ast
import re
import sys
import traceback
import types
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import cast

from .. import registry
from ..system import System

# the names a module must define to be a system (system.py's `System`)
_CONTRACT = ("SPEC", "FITTED", "START", "FIXED_DEFAULTS", "ALONG", "solve", "observations")
# modules a solve reaches that hold none of its mechanism: its spec, its data, the hardware
# catalog's figures, its calibration, the shapes of its answers, the contract
_PLUMBING = frozenset({"datasets", "fitted", "hardware", "knobs", "system", "types"})
_ORIGINALS: dict[str, System] = {}
_EDITED = re.compile(r"<edited (perfmodels/\w+\.py)>")


def filename(path: str) -> str:
    """An installed file's name in tracebacks: how its lines are found (`line_of`)."""
    return f"<edited {path}>"


def original(system: str) -> System:
    return _ORIGINALS.get(system) or registry.system(system)


def _module(system: str) -> types.ModuleType:
    """The original as the module it is (a `System` is a module meeting the contract)."""
    return cast(types.ModuleType, original(system))


def _path(m: types.ModuleType) -> str:
    """A module's path in the package, as the page names it (perfmodels/afs.py)."""
    return "perfmodels/" + Path(m.__file__ or "").name


def module_path(system: str) -> str:
    return _path(_module(system))


def _text(m: types.ModuleType) -> str:
    """A module's original source, as the page runs it (from its loader: a file, or an archive)."""
    text = m.__loader__.get_source(m.__name__) if m.__loader__ else None  # type: ignore[attr-defined]
    if not isinstance(text, str):
        raise LookupError(f"no source for {m.__name__}")
    return text


def _imports(m: types.ModuleType) -> list[types.ModuleType]:
    """The package's modules `m` imports (from . import x; from .x import y), in source order."""
    nodes = [n for n in ast.walk(ast.parse(_text(m))) if isinstance(n, ast.ImportFrom) and n.level == 1]
    names: list[str] = []
    for n in sorted(nodes, key=lambda n: (n.lineno, n.col_offset)):
        names += [a.name for a in n.names] if n.module is None else [n.module.split(".")[0]]
    found = (sys.modules.get(f"{m.__package__}.{name}") for name in dict.fromkeys(names))
    return [d for d in found if isinstance(d, types.ModuleType)]


@cache
def _graph(system: str) -> dict[str, tuple[types.ModuleType, list[str]]]:
    """Each file of the system's model (`files`): its original module and the files it imports."""
    out: dict[str, tuple[types.ModuleType, list[str]]] = {}
    todo = [_module(system)]
    while todo:
        m = todo.pop(0)
        if _path(m) in out:
            continue
        deps = [d for d in _imports(m) if d.__name__.rsplit(".", 1)[1] not in _PLUMBING]
        out[_path(m)] = (m, [_path(d) for d in deps])
        todo += deps
    return out


def files(system: str) -> list[str]:
    """The files of the system's model as the editor offers them: its module first, then the
    helpers it imports, directly or not, nearest first (LAVC: lavc.py, closed.py, pace.py, ...)."""
    return list(_graph(system))


def source(system: str, path: str | None = None) -> str:
    """The original source of one of the system's files (its module by default)."""
    return _text(_graph(system)[path or module_path(system)][0])


def _order(system: str, edited: set[str]) -> list[str]:
    """The files to run again: the edited ones and every one that imports one of them, directly
    or not, each after the files it imports (mva.py, closed.py, lavc.py)."""
    graph = _graph(system)
    runs: dict[str, bool] = {}

    def visit(path: str) -> bool:
        if path not in runs:
            runs[path] = False  # an import cycle among the files (none today) stops here
            hit = [visit(d) for d in graph[path][1]]
            runs.pop(path)
            runs[path] = path in edited or any(hit)  # after the files it imports
        return runs[path]

    for path in graph:
        visit(path)
    return [p for p, run in runs.items() if run]


def install(system: str, edited: str | Mapping[str, str]) -> None:
    """Compile and run the edited files (by path; a text alone is the system's module) and the
    files that import them, and put the system's new module in the registry. SyntaxError, or
    whatever a module raises as it runs, propagates (`line_of` finds its file and line); a file
    that is not one of the system's, or a module missing part of the contract, is a ValueError."""
    texts = {module_path(system): edited} if isinstance(edited, str) else dict(edited)
    graph = _graph(system)
    unknown = [p for p in texts if p not in graph]
    if unknown:
        raise ValueError(f"{', '.join(unknown)} is not one of this model's files: " + ", ".join(graph))
    _ORIGINALS.setdefault(system, original(system))
    made: dict[str, types.ModuleType] = {}
    try:
        for path in _order(system, set(texts)):
            base = graph[path][0]
            code = compile(texts[path] if path in texts else _text(base), filename(path), "exec")
            mod = types.ModuleType(base.__name__, base.__doc__)
            mod.__package__ = base.__package__
            mod.__file__ = base.__file__  # its data files are found beside the original
            # the files run after it import this one, by name (`from . import closed`) or from
            # the registry of modules (`from .mva import recursion`); dataclasses look it up too
            _put(mod)
            made[path] = mod
            exec(code, mod.__dict__)
    finally:
        for path in made:
            _put(graph[path][0])
    mod = made[module_path(system)]
    missing = [n for n in _CONTRACT if not hasattr(mod, n)]
    if missing:
        raise ValueError("the edited module no longer defines " + ", ".join(missing))
    registry.SYSTEMS[system] = cast(System, mod)


def _put(m: types.ModuleType) -> None:
    """`m` as its name's module: in the registry of modules and as its package's attribute."""
    sys.modules[m.__name__] = m
    package, name = m.__name__.rsplit(".", 1)
    setattr(sys.modules[package], name, m)


def restore(system: str) -> None:
    """The original module back in the registry (its helpers never left the package)."""
    if system in _ORIGINALS:
        registry.SYSTEMS[system] = _ORIGINALS[system]


def _file_of(system: str, name: str | None) -> str | None:
    """Which of the system's files a traceback's file name is: an installed one, or an original."""
    installed = _EDITED.fullmatch(name or "")
    if installed:
        path = installed[1]
    else:
        at = Path(name or "")
        path = f"perfmodels/{at.name}" if at.parent.name == "perfmodels" else ""
    return path if path in _graph(system) else None


def line_of(system: str, error: BaseException) -> tuple[str, int] | None:
    """The file of the system's model and its line where an error was raised (the innermost
    frame in one of them), or where a syntax error is; None if none of them was on its way."""
    if isinstance(error, SyntaxError) and error.lineno and (path := _file_of(system, error.filename)):
        return path, error.lineno
    frames = [(p, f.lineno) for f in traceback.extract_tb(error.__traceback__) if (p := _file_of(system, f.filename))]
    return (frames[-1][0], frames[-1][1] or 0) if frames else None
