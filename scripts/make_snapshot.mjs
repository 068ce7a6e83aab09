// Boot Pyodide in Node with the models unpacked, imported and warmed on every system, and write
// the interpreter's memory snapshot. The browser's worker starts from it (frontend/src/runtime/
// kernel.ts) instead of starting Python and importing the models: about 2 s less on this machine.
// Usage: node scripts/make_snapshot.mjs [perfmodels.zip] [snapshot.bin]
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = fileURLToPath(new URL("..", import.meta.url));
const [zipPath = `${root}public/py/perfmodels.zip`, out = `${root}public/py/snapshot.bin`] = process.argv.slice(2);

// Every system described and computed once, so every module the models use is imported.
const WARM = `
import json, perfmodels, perfmodels.bridge
for _s in perfmodels.systems():
    _d = perfmodels.describe(_s)
    perfmodels.evaluate(_s, {})
    perfmodels.sweep(_s, {}, _d["x_default"])
del _s, _d
`;

const zip = readFileSync(zipPath);
const py = await loadPyodide({ indexURL: `${root}node_modules/pyodide/`, packages: [], _makeSnapshot: true });
py.unpackArchive(zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength), "zip");
py.runPython(WARM);
writeFileSync(`${out}.tmp`, py.makeMemorySnapshot());
renameSync(`${out}.tmp`, out);
