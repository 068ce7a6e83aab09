// Vite build of the React app; `public/` (Pyodide runtime, models archive) is copied as-is.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vitest/config";
import { checkLesson, formatProblem } from "./src/learn/schema.ts";
import { delivery, runtimePaths } from "./build/delivery.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The systems' descriptions from the models package, when its environment is there (it always
// is after the setup script), so the build checks each lesson's states against the real knobs.
function systemSpecs() {
  const python = here("../.venv/bin/python");
  if (!existsSync(python)) return undefined;
  const code = "import json, perfmodels; print(json.dumps({s: perfmodels.describe(s) for s in perfmodels.systems()}))";
  return JSON.parse(execFileSync(python, ["-c", code], { cwd: here("../models"), encoding: "utf8" }));
}

// Every lesson file is checked before a build: a bad one stops it with file:line:column: reason.
function checkLessons(): Plugin {
  return {
    name: "memolab-lessons",
    buildStart() {
      const dir = here("../lessons");
      const specs = systemSpecs();
      const problems = readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .flatMap((f) => {
          const r = checkLesson(`lessons/${f}`, readFileSync(`${dir}/${f}`, "utf8"), specs);
          return r.ok ? [] : r.problems.map(formatProblem);
        });
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
    Object.entries(command === "build" ? runtimePaths(here("../public")) : { pyodideDir: "pyodide/", modelsZip: "py/perfmodels.zip", snapshot: "py/snapshot.bin" })
      .map(([k, v]) => [`__${k.toUpperCase()}__`, JSON.stringify(v)]),
  ),
  build: {
    outDir: here("dist"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
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
    environment: "jsdom",
    testTimeout: 60_000,
    env: { MEMOLAB_ROOT: here("..") + "/" },
  },
}));
