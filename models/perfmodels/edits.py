"""An edited system module: a visitor's change to a model's source, run in place of the original.

Only the browser's sandbox for edited models calls this (editbridge.py, from the page's
workbench); it is not an operation of the table (ops.py), so no server route can reach it and
the server never runs edited code. `install` compiles the edited source as the system's module
(relative imports resolve in the package), checks it against the `System` contract and puts it
in the registry, where every operation finds it; `restore` puts the original back.
"""

from __future__ import annotations

import sys
import traceback
import types
from pathlib import Path
from typing import cast

from . import registry
from .system import System

# the names a module must define to be a system (system.py's `System`)
_CONTRACT = ("SPEC", "FITTED", "START", "FIXED_DEFAULTS", "ALONG", "solve", "observations")
_ORIGINALS: dict[str, System] = {}


def filename(system: str) -> str:
    """The edited source's name in tracebacks: how its lines are found (`line_of`)."""
    return f"<edited {module_path(system)}>"


def original(system: str) -> System:
    return _ORIGINALS.get(system) or registry.system(system)


def _module(system: str) -> types.ModuleType:
    """The original as the module it is (a `System` is a module meeting the contract)."""
    return cast(types.ModuleType, original(system))


def module_path(system: str) -> str:
    """The module's path in the package, as the page names it (perfmodels/afs.py)."""
    return "perfmodels/" + Path(_module(system).__file__ or "").name


def source(system: str) -> str:
    """The original source of the system's module, as the page runs it (from its loader: a file,
    or an archive on the path)."""
    m = _module(system)
    text = m.__loader__.get_source(m.__name__) if m.__loader__ else None  # type: ignore[attr-defined]
    if not isinstance(text, str):
        raise LookupError(f"no source for {m.__name__}")
    return text


def install(system: str, text: str) -> None:
    """Compile and run the edited source as the system's module and put it in the registry.
    SyntaxError, or whatever the module raises on import, propagates (`line_of` finds its line);
    a module missing part of the contract is a ValueError."""
    base = _module(system)
    _ORIGINALS.setdefault(system, original(system))
    code = compile(text, filename(system), "exec")
    mod = types.ModuleType(base.__name__, base.__doc__)
    mod.__package__ = base.__package__
    mod.__file__ = base.__file__  # its data files are found beside the original
    # dataclasses and typing look a module up by name while it runs
    sys.modules[base.__name__] = mod
    try:
        exec(code, mod.__dict__)
    finally:
        sys.modules[base.__name__] = base
    missing = [n for n in _CONTRACT if not hasattr(mod, n)]
    if missing:
        raise ValueError("the edited module no longer defines " + ", ".join(missing))
    registry.SYSTEMS[system] = cast(System, mod)


def restore(system: str) -> None:
    """The original module back in the registry."""
    if system in _ORIGINALS:
        registry.SYSTEMS[system] = _ORIGINALS[system]


def line_of(system: str, error: BaseException) -> int | None:
    """The line of the edited source where an error was raised (its innermost frame there), or
    where a syntax error is; None if the edited source was not on its way."""
    if isinstance(error, SyntaxError) and error.filename == filename(system):
        return error.lineno
    lines = [f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename == filename(system)]
    return lines[-1] if lines else None
