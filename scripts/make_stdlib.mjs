// Trim Pyodide's standard library to what the browser's worker imports. Pyodide boots in Node as
// the worker boots it, the models are unpacked and every system is described, evaluated with
// every knob at its ends and every choice, swept along every axis, and asked for bad input, all
// through the worker's bridge; then every standard module the interpreter holds goes into the
// archive, compiled (no compiling in the browser: about 1.5 s of a first start), with the
// standard modules' docstrings and line tables left out (a third of the bytes; Pyodide's own
// packages keep theirs), plus the guard that sends anything missing to the full library
// (scripts/stdlib_guard.py). The archive is stored uncompressed: the build's brotli twin
// compresses across files (frontend/build/delivery.ts).
//
// Usage: node scripts/make_stdlib.mjs [perfmodels.zip] [stdlib.zip] [--omit module,...]
// (--omit leaves modules out, for the tests of the fallback)
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const omitAt = args.indexOf("--omit");
const omit = omitAt >= 0 ? args.splice(omitAt, 2)[1].split(",") : [];
const [zipPath = `${root}public/py/perfmodels.zip`, out = `${root}public/py/stdlib.zip`] = args;

// Every request the worker's bridge answers, good and bad, on every system.
const EXERCISE = `
import json
from perfmodels import bridge, systems

def _ask(op, **a):
    return json.loads(bridge.call(op, json.dumps(a)))

for _s in systems():
    _d = _ask("describe", system=_s)["result"]
    _ask("evaluate", system=_s, knobs={})
    _ask("sweep", system=_s, knobs={}, x=_d["x_default"])
    for _k in _d["knobs"]:
        for _v in _k.get("choices") or [_k["min"], _k["max"]]:
            _ask("evaluate", system=_s, knobs={_k["name"]: _v})
            _ask("sweep", system=_s, knobs={_k["name"]: _v}, x=_d["x_default"])
        if "min" in _k:
            _ask("sweep", system=_s, knobs={}, x=_k["name"], values=[_k["min"], _k["max"]])
    _ask("evaluate", system=_s, knobs={"no such knob": 1})
    _ask("evaluate", system=_s, knobs={_d["knobs"][0]["name"]: "not a value"})
# a user's own table: read, fitted, its rows left out, and a bad one
_t = "block_size (KB)\\tthroughput (KB/s)\\n4\\t300\\n8\\t400\\n"
_ask("table", system="ffs", text=_t)
_f = _ask("fit", system="ffs", text=_t, fit=["cpu_block_ms"])["result"]
_ask("left_out", system="ffs", text=_t, fit=["cpu_block_ms"], best=_f["best"])
_ask("table", system="ffs", text="blok,speed\\n1,x\\n")
# a simulation of each kind, and one refused
_ask("simulate", system="lavc", service="mechanism", target=0.2, max_events=20000)
_ask("simulate", system="decnet", service="cv", cv=0.5, target=0.2, max_events=20000)
_ask("simulate", system="ffs", knobs={"controller_setup_spread_ms": 1}, target=0.2, max_events=20000)
_ask("simulate", system="ofn")
_ask("describe", system="no such system")
bridge.call("evaluate", "{not json")
bridge.call("evaluate", "[]")
bridge.call("no such operation", "{}")
# the sandbox for edited models (models/perfmodels/editing/editbridge.py): a source, bad edits, a memo fit, the laws
from perfmodels.editing import editbridge

def _edit(op, **a):
    return json.loads(editbridge.call(op, json.dumps(a)))

_src = _edit("source", system="afs")["result"]["text"]
_edit("edit", system="afs", source=_src + "\\nx = (\\n")
_edit("edit", system="afs", source=_src + "\\nraise RuntimeError('no')\\n")
_edit("edit", system="afs", source=_src)
_g = _edit("memo_fit", system="afs")["result"]["groups"]
_edit("memo_left_out", system="afs", group=_g[0])
_edit("laws", system="afs", n=20)
_edit("edit", system="afs", source=None)
del _ask, _s, _d, _k, _v, _t, _f, _edit, _src, _g
`;

// The names of the modules the interpreter holds that came from the standard library's archive.
const TRACE = `
import sys
_zip = next(p for p in sys.path if p.endswith(".zip"))
sorted({m.__file__[len(_zip) + 1:] for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(_zip + "/")})
`;

// Compile the traced files into a stored archive with the guard; returns the archive's bytes.
const PACK = `
import importlib._bootstrap_external as _be, importlib.util, json, types, zipfile

def _strip(code):
    # Every instruction "without a location" (entries of 8 code units: 0x80 starts an entry,
    # code 15 is no location, the low bits the length - 1): tracebacks still walk the code.
    units = len(code.co_code) // 2
    table = bytes(0xF8 | (min(8, units - i) - 1) for i in range(0, units, 8))
    consts = tuple(_strip(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=table, co_consts=consts)

def _pyc(name, source, keep):
    code = compile(source, name, "exec", dont_inherit=True, optimize=0 if keep else 2)
    return bytes(_be._code_to_hash_pyc(code if keep else _strip(code), importlib.util.source_hash(source), False))

def _module(path):
    return path[:-3].removesuffix("/__init__").replace("/", ".")

def pack(full_zip, files, omit, guard, out):
    src = zipfile.ZipFile(full_zip)
    full = sorted(_module(n) for n in src.namelist() if n.endswith(".py") and not n.startswith("site-packages/"))
    guard = guard.replace("FULL: frozenset[str] = frozenset()", "FULL: frozenset[str] = frozenset(" + json.dumps(full) + ")")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        def put(name, data):
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
        for name in files:
            if _module(name) in omit or not name.endswith(".py"):
                continue
            keep = name.startswith(("pyodide/", "_pyodide/"))
            put(name + "c", _pyc(name, src.read(name), keep))
        put("_memolab_stdlib.pyc", _pyc("_memolab_stdlib.py", guard.encode(), True))
pack
`;

const models = readFileSync(zipPath);
// Booted as a first visit boots it (ready to make the start-up snapshot it then makes).
const py = await loadPyodide({ indexURL: `${root}node_modules/pyodide/`, packages: [], _makeSnapshot: true });
py.unpackArchive(models.buffer.slice(models.byteOffset, models.byteOffset + models.byteLength), "zip");
py.runPython(EXERCISE);
try {
  py.runPython("raise ValueError('a Python error reaching JavaScript, as the guard's does')");
} catch {
  // expected: Pyodide formatted its traceback, and the modules that takes are now traced
}
py.makeMemorySnapshot();
const files = py.runPython(TRACE).toJs();
const fullZip = py.runPython("next(p for p in __import__('sys').path if p.endswith('.zip'))");
const pack = py.runPython(PACK);
pack(fullZip, py.toPy(files), py.toPy(omit), readFileSync(`${root}scripts/stdlib_guard.py`, "utf8"), "/tmp/stdlib.zip");
writeFileSync(`${out}.tmp`, py.FS.readFile("/tmp/stdlib.zip"));
renameSync(`${out}.tmp`, out);
console.log(`[stdlib] ${files.length} standard modules kept${omit.length ? ` (left out: ${omit.join(", ")})` : ""}`);
