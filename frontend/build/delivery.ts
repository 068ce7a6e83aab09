// Build step for delivery: the Pyodide runtime, its snapshot and the models archive move to content-hashed
// paths (so every static file can be cached for a year, immutable), and every compressible file
// gets .br and .gz twins that the server picks by Accept-Encoding (backend/app/static.py).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "package.json"];
const COMPRESSIBLE = /\.(js|mjs|css|wasm|json|svg|html|zip|bin|map)$/;

function hashOf(paths: string[]): string {
  const h = createHash("sha256");
  for (const p of paths) h.update(existsSync(p) ? readFileSync(p) : `missing:${p}`);
  return h.digest("hex").slice(0, 12);
}

/** Where the runtime and the models live in a build; the worker is compiled with these. */
export function runtimePaths(publicDir: string) {
  return {
    pyodideDir: `pyodide/${hashOf(RUNTIME_FILES.map((f) => join(publicDir, "pyodide", f)))}/`,
    modelsZip: `py/perfmodels.${hashOf([join(publicDir, "py", "perfmodels.zip")])}.zip`,
    snapshot: `py/snapshot.${hashOf([join(publicDir, "py", "snapshot.bin")])}.bin`,
  };
}

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

export function delivery(publicDir: string, outDir: string): Plugin {
  const paths = runtimePaths(publicDir);
  return {
    name: "memolab-delivery",
    apply: "build",
    closeBundle(error?: Error) {
      // A failed build (a bad lesson file, say) copied nothing: leave its own error to be read.
      if (error || !existsSync(join(outDir, "pyodide", RUNTIME_FILES[0]))) return;
      // public/ was copied as-is: move the runtime under its hash.
      const pyFrom = join(outDir, "pyodide");
      const pyTo = join(outDir, paths.pyodideDir);
      mkdirSync(pyTo, { recursive: true });
      for (const f of RUNTIME_FILES) renameSync(join(pyFrom, f), join(pyTo, f));
      for (const f of readdirSync(pyFrom)) if (statSync(join(pyFrom, f)).isFile()) rmSync(join(pyFrom, f)); // the setup's .version stamp
      renameSync(join(outDir, "py", "perfmodels.zip"), join(outDir, paths.modelsZip));
      renameSync(join(outDir, "py", "snapshot.bin"), join(outDir, paths.snapshot));
      writeServiceWorker(outDir);
      // Pre-compressed twins, kept only where they save something.
      for (const p of files(outDir)) {
        if (!COMPRESSIBLE.test(p) || p.endsWith(".map")) continue;
        const raw = readFileSync(p);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: raw.length > 2_000_000 ? 9 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length * 0.95) writeFileSync(`${p}.br`, br);
        if (gz.length < raw.length * 0.95) writeFileSync(`${p}.gz`, gz);
      }
    },
  };
}

/** Write the build's file list and version into the service worker (frontend/src/sw/sw.ts). */
function writeServiceWorker(outDir: string) {
  const swPath = join(outDir, "sw.js");
  const list = [...files(outDir)]
    .map((p) => p.slice(outDir.length).replace(/\\/g, "/"))
    .filter((u) => u !== "/sw.js" && !/\.(map|br|gz)$/.test(u))
    .sort();
  const h = createHash("sha256");
  for (const u of list) h.update(u).update(readFileSync(join(outDir, u)));
  const version = h.digest("hex").slice(0, 16);
  const src = readFileSync(swPath, "utf8");
  const out = src.replace(/(["'`])__SW_BUILD__\1/, JSON.stringify(JSON.stringify({ files: list, version })));
  if (out === src || out.includes("__SW_")) throw new Error("service worker placeholders not found in sw.js");
  writeFileSync(swPath, out);
}
