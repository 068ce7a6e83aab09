// Build step for delivery: the Pyodide runtime, the trimmed standard library and the models archive move to content-hashed
// paths (so every static file can be cached for a year, immutable), and every compressible file
// gets .br and .gz twins that the server picks by Accept-Encoding (backend/app/static.py).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { OutputBundle } from "rolldown";
import type { Plugin } from "vite";

// The runtime as the worker loads it. python_stdlib.zip is the full standard library, fetched only
// if the trimmed one (py/stdlib.zip, scripts/make_stdlib.mjs) lacks a module; the lock file is
// not fetched at all (the worker is given its header: it loads no packages).
const FULL_STDLIB = "python_stdlib.zip";
const RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", FULL_STDLIB];
const COMPRESSIBLE = /\.(js|mjs|css|wasm|json|svg|html|zip|bin|map|yaml)$/;

function hashOf(paths: string[]): string {
  const h = createHash("sha256");
  for (const p of paths) h.update(existsSync(p) ? readFileSync(p) : `missing:${p}`);
  return h.digest("hex").slice(0, 12);
}

/** Where the runtime and the models live in a build (content-hashed), or in development (as
 * they are in public/); the worker is compiled with these, and with the lock file's header. */
export function runtimePaths(publicDir: string, build = true) {
  const lock = JSON.parse(readFileSync(join(publicDir, "pyodide", "pyodide-lock.json"), "utf8")) as { info: unknown };
  const pyodideLock = { info: lock.info, packages: {} };
  if (!build) return { pyodideDir: "pyodide/", modelsZip: "py/perfmodels.zip", stdlib: "py/stdlib.zip", pyodideLock };
  return {
    pyodideDir: `pyodide/${hashOf(RUNTIME_FILES.map((f) => join(publicDir, "pyodide", f)))}/`,
    modelsZip: `py/perfmodels.${hashOf([join(publicDir, "py", "perfmodels.zip")])}.zip`,
    stdlib: `py/stdlib.${hashOf([join(publicDir, "py", "stdlib.zip")])}.zip`,
    pyodideLock,
  };
}

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

// The pages a first visit keeps for offline use whatever page it was (frontend/src/sw/strategy.ts):
// the explorer, and /my, where a scenario saved offline waits. The rest of the app is kept as
// the visitor opens it, and all of it at the next visit.
const OFFLINE_PAGES = ["/src/explorer/Explorer.tsx", "/src/scenarios/ScenarioPages.tsx"];

/** The files (as URLs) of the entry and of the chunks holding OFFLINE_PAGES, with every chunk
 * and style sheet they import. */
export function essentialFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
  const todo = chunks.filter((c) => (c.isEntry && c.name === "index") || c.moduleIds.some((id) => OFFLINE_PAGES.some((p) => id.replace(/\\/g, "/").endsWith(p))));
  const seen = new Set<string>();
  while (todo.length) {
    const c = todo.pop()!;
    if (seen.has(c.fileName)) continue;
    seen.add(c.fileName);
    const css = (c as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? new Set<string>();
    for (const f of css) seen.add(f);
    todo.push(...chunks.filter((d) => c.imports.includes(d.fileName)));
  }
  return [...seen].map((f) => `/${f}`).sort();
}

export function delivery(publicDir: string, outDir: string): Plugin {
  const paths = runtimePaths(publicDir);
  let essential: string[] = [];
  return {
    name: "memolab-delivery",
    apply: "build",
    generateBundle(_options, bundle) {
      essential = essentialFiles(bundle);
      if (essential.length < 3) this.error(`the offline pages' files were not found in the bundle: ${essential.join(", ")}`);
    },
    closeBundle(error?: Error) {
      // A failed build (a bad lesson file, say) copied nothing: leave its own error to be read.
      if (error || !existsSync(join(outDir, "pyodide", RUNTIME_FILES[0]))) return;
      // public/ was copied as-is: move the runtime under its hash.
      const pyFrom = join(outDir, "pyodide");
      const pyTo = join(outDir, paths.pyodideDir);
      mkdirSync(pyTo, { recursive: true });
      for (const f of RUNTIME_FILES) renameSync(join(pyFrom, f), join(pyTo, f));
      for (const f of readdirSync(pyFrom)) if (statSync(join(pyFrom, f)).isFile()) rmSync(join(pyFrom, f)); // the lock file, the setup's .version stamp
      renameSync(join(outDir, "py", "perfmodels.zip"), join(outDir, paths.modelsZip));
      renameSync(join(outDir, "py", "stdlib.zip"), join(outDir, paths.stdlib));
      writeServiceWorker(outDir, essential);
      // Pre-compressed twins, kept only where they save something.
      for (const p of files(outDir)) {
        if (!COMPRESSIBLE.test(p) || p.endsWith(".map")) continue;
        const raw = readFileSync(p);
        if (raw.length < 1024) continue;
        const br = brotli(raw);
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length * 0.95) writeFileSync(`${p}.br`, br);
        if (gz.length < raw.length * 0.95) writeFileSync(`${p}.gz`, gz);
      }
    },
  };
}

// Where a large file's brotli twin is kept between builds, by its content's hash: the runtime's
// wasm at brotli's best (quality 11, a 16 MB window) is 2.77 MB against 3.10 at quality 9, and
// takes 40 s; it changes only with Pyodide's version.
const BROTLI_CACHE = fileURLToPath(new URL("../../node_modules/.cache/memolab-brotli", import.meta.url));

/** A file's brotli twin at quality 11; a file over brotli's default 4 MB window gets the largest
 * window (16 MB, which every browser decodes), so its repeats across the whole file are found. */
function brotli(raw: Buffer): Buffer {
  const large = raw.length > 1 << 22;
  const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length, ...(large ? { [constants.BROTLI_PARAM_LGWIN]: 24 } : {}) };
  if (!large) return brotliCompressSync(raw, { params });
  const kept = join(BROTLI_CACHE, `${createHash("sha256").update(raw).digest("hex")}.q11w24.br`);
  if (existsSync(kept)) return readFileSync(kept);
  const br = brotliCompressSync(raw, { params });
  mkdirSync(BROTLI_CACHE, { recursive: true });
  writeFileSync(kept, br);
  return br;
}

/** Write the build's file list and version into the service worker (frontend/src/sw/sw.ts). */
function writeServiceWorker(outDir: string, essential: string[]) {
  const swPath = join(outDir, "sw.js");
  const list = [...files(outDir)]
    .map((p) => p.slice(outDir.length).replace(/\\/g, "/"))
    // The full standard library is kept only if it is ever fetched (strategy.ts keeps it then).
    .filter((u) => u !== "/sw.js" && !/\.(map|br|gz)$/.test(u) && !u.endsWith(`/${FULL_STDLIB}`))
    .sort();
  const h = createHash("sha256");
  for (const u of list) h.update(u).update(readFileSync(join(outDir, u)));
  const version = h.digest("hex").slice(0, 16);
  const src = readFileSync(swPath, "utf8");
  const missing = essential.filter((f) => !list.includes(f));
  if (missing.length) throw new Error(`the offline pages' files are not in the build: ${missing.join(", ")}`);
  const out = src.replace(/(["'`])__SW_BUILD__\1/, JSON.stringify(JSON.stringify({ files: list, essential, version })));
  if (out === src || out.includes("__SW_")) throw new Error("service worker placeholders not found in sw.js");
  writeFileSync(swPath, out);
}
