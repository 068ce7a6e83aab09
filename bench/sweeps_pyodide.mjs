// Benchmark: 200-point sweeps of every system in Pyodide, inside the app's own model worker in
// headless chromium (the runtime visitors use). Times are worker round trips, as the page sees
// them. Run after `npm start` or `npm test` has built everything:  node bench/sweeps_pyodide.mjs
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, ROOT, startApp, workerPage } from "./lib.mjs";

// The same cases as bench/sweeps.py, from Python.
const grids = JSON.parse(execFileSync(join(ROOT, ".venv/bin/python"), ["-c",
  "import json, sys; sys.path.insert(0, 'bench'); from sweeps import cases; " +
  "print(json.dumps(cases()))"], { cwd: ROOT, encoding: "utf8" }));

const { base: BASE, stop } = await startApp();
try {
  const browser = await chromium.launch(CHROMIUM);
  const page = await workerPage(browser, BASE, "/explore/decnet");
  const out = await page.evaluate(async (grids) => {
    const ask = async (msg) => (await window.__ask(msg)).ms;
    const res = [];
    for (const [system, x, values] of grids) {
      for (let i = 0; i < 5; i++) await ask({ type: "sweep", system, knobs: {}, x, values });
      const times = [];
      for (let i = 0; i < 50; i++) times.push(await ask({ type: "sweep", system, knobs: {}, x, values }));
      times.sort((a, b) => a - b);
      res.push({ system, x, n: values.length, median: times[25], p95: times[47] });
    }
    return res;
  }, grids);
  await browser.close();
  console.log("200-point sweeps in Pyodide (app worker, headless chromium; ms per round trip, 50 repetitions)");
  for (const r of out) {
    console.log(`${r.system.padEnd(8)} x=${r.x.padEnd(18)} points=${String(r.n).padStart(3)}  median ${r.median.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms`);
  }
} finally {
  stop();
}
