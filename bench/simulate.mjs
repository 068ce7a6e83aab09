// Benchmark: the simulator in Pyodide, inside the app's own model worker in headless chromium
// (the runtime visitors use): simulated events a second, and the time to a 2 % half-width at
// each model's defaults, the same cases as bench/simulate.py. Times are worker round trips, as
// the page sees them. Run after `npm start` or `npm test` has built everything:
// node bench/simulate.mjs
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, ROOT, startApp, workerPage } from "./lib.mjs";

const cases = JSON.parse(execFileSync(join(ROOT, ".venv/bin/python"), ["-c",
  "import json, sys; sys.path.insert(0, 'bench'); from simulate import rate_cases, target_cases; " +
  "print(json.dumps([rate_cases(), target_cases()]))"], { cwd: ROOT, encoding: "utf8" }));
const SEEDS = [1, 2, 3];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const label = (c) => `${c.system.padEnd(7)} ${c.service.padEnd(12)} ${c.knobs ? Object.entries(c.knobs).map(([k, v]) => `${k}=${v}`).join(" ") : "defaults"}`;

const { base: BASE, stop } = await startApp();
try {
  const browser = await chromium.launch(CHROMIUM);
  const page = await workerPage(browser, BASE, "/explore/lavc");
  const [rateCases, targetCases] = cases;
  const out = await page.evaluate(async ({ rateCases, targetCases, SEEDS }) => {
    const ask = (msg) => window.__ask({ type: "simulate", ...msg });
    await ask({ system: "lavc", target: 0.2 }); // (the simulator's modules imported)
    const rates = [];
    for (const c of rateCases) {
      const r = [];
      for (const seed of SEEDS) {
        const { ms, result } = await ask({ ...c, seed, target: 0.001, time_limit_s: 600 });
        r.push(result.events / (ms / 1000));
      }
      rates.push(r);
    }
    const targets = [];
    for (const c of targetCases) {
      const r = [];
      for (const seed of SEEDS) {
        const { ms, result } = await ask({ ...c, seed, target: 0.02, time_limit_s: 600, max_events: 50000000 });
        r.push({ s: ms / 1000, events: result.events, stopped: result.stopped });
      }
      targets.push(r);
    }
    return { rates, targets };
  }, { rateCases, targetCases, SEEDS });
  await browser.close();
  console.log("Pyodide (app worker, headless chromium): simulated events a second (a fixed budget of events)");
  for (const [i, c] of rateCases.entries()) console.log(`  ${label(c)}  ${Math.round(median(out.rates[i])).toLocaleString("en").padStart(9)} events/s`);
  console.log("time to a 2 % half-width on every metric (median of three seeds)");
  targetCases.forEach((c, i) => {
    const runs = out.targets[i];
    const s = median(runs.map((r) => r.s));
    console.log(`  ${label(c)}  ${s.toFixed(2).padStart(6)} s  ${runs[0].events.toLocaleString("en").padStart(9)} events with seed 1 (${runs[0].stopped})`);
  });
} finally {
  stop();
}
