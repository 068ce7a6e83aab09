// Benchmark: fitting a model to a user's 20-row table in Pyodide, inside the app's own model
// worker in headless chromium (what a visitor's "Fit" runs), with up to six unknowns; then the
// rows left out one at a time (asked after the fit is shown). Tables: bench/fit_tables.py.
// Run after `npm start` or `npm test` has built everything:  node bench/fit.mjs [--runs 15]
// (the least of the runs beside the median: on a shared machine the least is the one that waited
// least for the CPU)
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, ROOT, startApp, workerPage } from "./lib.mjs";

const at = process.argv.indexOf("--runs");
const RUNS = at > 0 ? Number(process.argv[at + 1]) : 15;
const tables = JSON.parse(execFileSync(join(ROOT, ".venv/bin/python"), ["bench/fit_tables.py"], { cwd: ROOT, encoding: "utf8" }));

const { base: BASE, stop } = await startApp();
try {
  const browser = await chromium.launch(CHROMIUM);
  const page = await workerPage(browser, BASE, "/explore/ffs");
  const out = await page.evaluate(async ({ tables, runs }) => {
    const ask = window.__ask;
    const q = (xs, f) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(f * xs.length))];
    const res = [];
    for (const t of tables) {
      const call = { type: "fit", system: t.system, text: t.text, knobs: {}, fit: t.fit };
      const first = await ask(call); // warm
      const fits = [];
      const lefts = [];
      for (let i = 0; i < runs; i++) fits.push((await ask(call)).ms);
      for (let i = 0; i < Math.min(5, runs); i++) {
        lefts.push((await ask({ type: "left_out", system: t.system, text: t.text, knobs: {}, fit: first.result.fitted, best: first.result.best, weight: first.result.prior.weight })).ms);
      }
      res.push({ system: t.system, unknowns: first.result.fitted.length, min: Math.min(...fits), median: q(fits, 0.5), p95: q(fits, 0.95), leftMedian: q(lefts, 0.5),
        error: first.result.summary.in_sample.median_abs });
    }
    return res;
  }, { tables, runs: RUNS });
  await browser.close();
  console.log(`Fit of a 20-row table in Pyodide (app worker, headless chromium; ms per round trip, ${RUNS} runs; rows left out: 5 runs)`);
  for (const r of out) {
    console.log(`${r.system.padEnd(8)} unknowns=${r.unknowns}  fit min ${r.min.toFixed(0).padStart(5)} ms  median ${r.median.toFixed(0).padStart(5)} ms  p95 ${r.p95.toFixed(0).padStart(5)} ms  ` +
      `rows left out median ${r.leftMedian.toFixed(0).padStart(5)} ms  (fit error median ${r.error} %)`);
  }
} finally {
  stop();
}
