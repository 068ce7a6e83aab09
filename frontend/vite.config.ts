// Vite build of the React app; `public/` (Pyodide runtime, standard library and models archives) is copied as-is.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vitest/config";
import { checkLesson, checkLessonWithModels, formatProblem, type ModelAccess } from "./src/lesson/checkLesson.ts";
import { delivery, runtimePaths } from "./build/delivery.ts";
import type { SystemSpec } from "./src/api/types.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The models package, when its environment is there (it always is after the setup script): the
// build then checks each lesson's states against the real knobs, and its claims and axes
// against the models' answers.
function modelsPackage(): { specs: Record<string, SystemSpec>; models: ModelAccess } | undefined {
  const python = here("../.venv/bin/python");
  if (!existsSync(python)) return undefined;
  const run = (code: string) => JSON.parse(execFileSync(python, ["-c", code], { cwd: here("../models"), encoding: "utf8", maxBuffer: 64 << 20 }));
  return {
    specs: run("import json, perfmodels; print(json.dumps({s: perfmodels.describe(s) for s in perfmodels.systems()}))"),
    models: {
      evaluateMany: async (asks) =>
        run(`import json, perfmodels; print(json.dumps([perfmodels.evaluate(s, k)['metrics'] for s, k in json.loads(${JSON.stringify(JSON.stringify(asks))})]))`),
      sweepMany: async (asks) =>
        run(`import json, perfmodels; print(json.dumps([perfmodels.sweep(s, k, x) for s, k, x in json.loads(${JSON.stringify(JSON.stringify(asks))})]))`),
      sensitivityMany: async (asks) =>
        run(`import json, perfmodels; print(json.dumps([perfmodels.sensitivity(s, k, m) for s, k, m in json.loads(${JSON.stringify(JSON.stringify(asks))})]))`),
      dataset: async (id) => run(`import json; from perfmodels import datasets; print(json.dumps(datasets.load(${JSON.stringify(id)})))`),
    },
  };
}

// Every lesson file is checked before a build: a bad one stops it with file:line:column: reason.
function checkLessons(): Plugin {
  return {
    name: "memolab-lessons",
    async buildStart() {
      const dir = here("../lessons");
      const pkg = modelsPackage();
      const problems: string[] = [];
      for (const f of readdirSync(dir).filter((n) => /\.ya?ml$/.test(n))) {
        const text = readFileSync(`${dir}/${f}`, "utf8");
        const r = pkg ? await checkLessonWithModels(`lessons/${f}`, text, pkg.specs, pkg.models) : checkLesson(`lessons/${f}`, text);
        if (!r.ok) problems.push(...r.problems.map(formatProblem));
      }
      if (problems.length) this.error(`bad lesson files:\n${problems.join("\n")}`);
    },
  };
}

export default defineConfig(({ command }) => ({
  root: here("."),
  publicDir: here("../public"),
  plugins: [react(), checkLessons(), delivery(here("../public"), here("dist"))],
  // The worker loads the runtime from these paths: content-hashed in a build, as-is in dev.
  define: Object.fromEntries(
    Object.entries(runtimePaths(here("../public"), command === "build"))
      .map(([k, v]) => [`__${k.toUpperCase()}__`, JSON.stringify(v)]),
  ),
  build: {
    outDir: here("dist"),
    emptyOutDir: true,
    target: "es2022",
    // No source maps in the served build (the source is in the repository; a public map only
    // adds bytes and exposes paths). MEMOLAB_SOURCEMAP=1 builds them for debugging.
    sourcemap: process.env.MEMOLAB_SOURCEMAP === "1",
    rollupOptions: {
      // The service worker keeps a fixed name at the root (its scope); everything else is hashed.
      input: { index: here("index.html"), sw: here("src/sw/sw.ts") },
      output: { entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js") },
    },
  },
  worker: { format: "es" },
  server: {
    proxy: { "/api": "http://127.0.0.1:8000" },
    // Same cross-origin isolation as the backend sends (backend/app/core/headers.py).
    headers: { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" },
  },
  test: {
    root: here("."),
    include: ["tests/**/*.test.{ts,tsx}"],
    // (a test file that needs a DOM says so in its first line: `@vitest-environment jsdom`)
    environment: "node",
    testTimeout: 60_000,
    env: { MEMOLAB_ROOT: here("..") + "/" },
  },
}));
