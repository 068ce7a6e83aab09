// Vite build of the React app; `public/` (Pyodide runtime, standard library and models archives) is copied as-is.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { readdirSync, readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vitest/config";
import { checkLesson, checkLessonWithModels, formatProblem } from "./src/lesson/checkLesson.ts";
import { modelsPackage } from "./build/modelsPackage.ts";
import { delivery, runtimePaths } from "./build/delivery.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Every lesson file is checked before a build: a bad one stops it with file:line:column: reason.
// With the models package's environment there (it always is after the setup script), each
// lesson's states are checked against the real knobs, and its claims and axes against the
// models' answers. Only in a build: Vitest checks the lessons in tests/lesson/claims.test.ts.
function checkLessons(): Plugin {
  return {
    name: "memolab-lessons",
    apply: "build",
    async buildStart() {
      const dir = here("../lessons");
      const pkg = modelsPackage(here("../.venv/bin/python"), here("../models"));
      const problems: string[] = [];
      try {
        for (const f of readdirSync(dir).filter((n) => /\.ya?ml$/.test(n))) {
          const text = readFileSync(`${dir}/${f}`, "utf8");
          const r = pkg ? await checkLessonWithModels(`lessons/${f}`, text, pkg.specs, pkg.models) : checkLesson(`lessons/${f}`, text);
          if (!r.ok) problems.push(...r.problems.map(formatProblem));
        }
      } finally {
        pkg?.close();
      }
      if (problems.length) this.error(`bad lesson files:\n${problems.join("\n")}`);
    },
  };
}

// A lesson file imported with `?lesson` is its checked lesson as data: parsed here, at build
// (and in dev and tests), so the page ships no YAML parser for the lessons it comes with.
function lessonsAsData(): Plugin {
  return {
    name: "memolab-lesson-data",
    transform(_code, id) {
      const [path, query] = id.split("?");
      if (query !== "lesson" || !/\.ya?ml$/.test(path)) return null;
      const text = readFileSync(path, "utf8");
      const r = checkLesson(path.replace(/^.*\/lessons\//, "lessons/"), text);
      if (!r.ok) this.error(`bad lesson file:\n${r.problems.map(formatProblem).join("\n")}`);
      // (a page loads one lesson by its id as the file's name: lesson/lessonFile.ts)
      const name = path.replace(/^.*\//, "").replace(/\.ya?ml$/, "");
      if (r.lesson.id !== name) this.error(`lessons/${name}.yaml: its id is ${r.lesson.id}; a shipped lesson's id is its file's name`);
      // (JSON.parse of a string is quicker for the browser than an object literal this size)
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(r.lesson))});`, map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  root: here("."),
  publicDir: here("../public"),
  plugins: [react(), checkLessons(), lessonsAsData(), delivery(here("../public"), here("dist"))],
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
      output: {
        entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js"),
        // Fewer, fuller files: a file of a few hundred bytes cost more in its response's headers
        // than in its body (a student's phone fetched five such, bench/student_phone.mjs --files).
        // The small modules the pages share travel as one file; d3's scales and shapes, which
        // every chart loads together, as one.
        codeSplitting: {
          groups: [
            { name: "common", test: /frontend[\\/]src[\\/](api[\\/](types|client)|data[\\/]citation|format|lesson[\\/](picking|axis|memoFigure))\.ts$/ },
            { name: "d3", test: /node_modules[\\/](d3-[a-z]+|internmap)[\\/]/ },
          ],
        },
      },
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
    // the files share one module graph: a fresh one for each of the 82 files was half the suite's
    // CPU (84 CPU-s with, 40 without); no file keeps state another sees (the suite passes in
    // shuffled orders: --sequence.shuffle.files), and each file still gets its own environment
    isolate: false,
    testTimeout: 60_000,
    env: { MEMOLAB_ROOT: here("..") + "/" },
  },
}));
