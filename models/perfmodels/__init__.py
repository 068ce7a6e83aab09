"""perfmodels: Memo Lab's calibrated analytic performance models, one source of model truth.

Pure Python (standard library only) so the same code runs in CPython (tests, backend) and in
Pyodide (the browser's Web Worker). Every entry point takes and returns plain JSON-able values:

    systems()                       -> ["decnet", ...]   (registry.SYSTEMS: the System modules)
    describe(system)                -> knobs, metrics, default axes, dataset id, stages
    evaluate(system, knobs)         -> metrics, bottleneck and stage loads at one setting
    sweep(system, knobs, x, values) -> metrics and bottleneck at each value of knob x
    card(system)                    -> the model's explanation, parameters and fit report

Unknown systems or knobs and out-of-range values raise ValueError naming the knob and range.
The shapes of the answers are in types.py; what a system module must provide, in system.py;
the browser's worker calls bridge.call.
"""

from __future__ import annotations

from .mva import mva
from .registry import card, describe, evaluate, fit, read_table, sweep, systems
from .sensitivity import sensitivity

__version__ = "0.3.0"
__all__ = ["card", "describe", "evaluate", "fit", "mva", "read_table", "sensitivity", "sweep", "systems", "__version__"]
