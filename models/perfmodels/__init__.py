"""perfmodels: Memo Lab's calibrated analytic performance models, one source of model truth.

Pure Python (standard library only) so the same code runs in CPython (tests, backend) and in
Pyodide (the browser's Web Worker). Every entry point takes and returns plain JSON-able values:

    systems()                       -> ["decnet", ...]   (registry.SYSTEMS: the System modules)
    describe(system)                -> knobs, metrics, default axes, dataset id, stages
    evaluate(system, knobs)         -> metrics, bottleneck and stage loads at one setting
    sweep(system, knobs, x, values) -> metrics and bottleneck at each value of knob x (sweep.py)
    card(system)                    -> the model's explanation, parameters and fit report
    read_table, fit                 -> a user's own table read, and the model fitted to it (own.py)
    atlas.curve(system, knobs)      -> its main curve made dimensionless, for the atlas (atlas.py)

Unknown systems or knobs and out-of-range values raise ValueError naming the knob and range.
The shapes of the answers and requests are in types/; what a system module must provide, in
system.py; every operation a caller may ask by name, in ops.py (the browser's worker calls
bridge.call, the server's model workers ops.run).
"""

from __future__ import annotations

from .fitting.own import fit, read_table
from .mva import mva
from .registry import card, describe, evaluate, systems
from .sensitivity import sensitivity
from .sweep import sweep

__version__ = "0.3.0"
__all__ = [
    "atlas",
    "card",
    "describe",
    "evaluate",
    "fit",
    "mva",
    "read_table",
    "sensitivity",
    "sweep",
    "systems",
    "__version__",
]
