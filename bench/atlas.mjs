// Benchmark: the atlas (/atlas). Each system's dimensionless curve computed in CPython (the
// server's cost on a first visit) and in Pyodide (the app's own worker in headless chromium, each
// setting asked once: the worker answers a repeat from memory), and a first visit's time from
// navigation to the seventh curve drawn, with the bytes of the seven answers.
// Run after `npm start` or `npm test` has built everything:  node bench/atlas.mjs [--runs 5]
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, ROOT, startApp, workerPage } from "./lib.mjs";

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const cpython = JSON.parse(execFileSync(join(ROOT, ".venv/bin/python"), ["-c", `
import json, time
from perfmodels.atlas import READINGS, curve
out = {}
for name in READINGS:
    ts = []
    for _ in range(20):
        t = time.perf_counter(); curve(name); ts.append((time.perf_counter() - t) * 1e3)
    out[name] = sorted(ts)[10]
print(json.dumps(out))`], { cwd: ROOT, encoding: "utf8" }));

const { base, stop } = await startApp();
try {
  const browser = await chromium.launch(CHROMIUM);
  // Pyodide: the explorer's page starts the worker; each system's atlas curve asked at a few
  // settings of a choice knob the curve does not move along (a new request each time)
  const page = await workerPage(browser, base, "/explore/decnet");
  // the explorer's own start (its band, what matters most) done first: the worker is quiet
  await page.waitForTimeout(5000);
  const pyodide = await page.evaluate(async (systems) => {
    const ask = async (msg) => (await window.__ask(msg)).ms;
    const out = {};
    for (const [system, knobs] of systems) {
      const ts = [];
      for (const k of knobs) ts.push(await ask({ type: "atlas", system, knobs: k }));
      out[system] = ts.sort((a, b) => a - b)[Math.floor(ts.length / 2)];
    }
    return out;
  }, [
    ["decnet", [{}, { circuit: "NI" }, { circuit: "DTE" }, { test: "DTS/DTR" }, { test: "NFT/FAL" }]],
    ["ofn", [{}, { method: "linear" }, { hash_size: 61 }, { hash_size: 67 }, { hash_size: 71 }]],
    ["rsx-swap", [{}, { disk: "RK05" }, { shuffler: "SHFPAR" }, { tasks: 7 }, { tasks: 8 }]],
    ["rsx-qio", [{}, { device: "RK05" }, { tasks: 4 }, { tasks: 8 }, { tasks: 10 }]],
    ["ffs", [{}, { operation: "write" }, { layout: "old" }, { track_buffer: "yes" }, { sectors_per_track: 48 }]],
    ["lavc", [{}, { adapter: "DEUNA" }, { disk: "local" }, { boot_disks: 4 }, { boot_disks: 8 }]],
    ["afs", [{}, { client: "solaris7" }, { rx_maxiovecs: 8 }, { rx_maxiovecs: 32 }, { afsv_buffersize: 32768 }]],
  ]);
  await page.context().close();

  // A first visit, each in a fresh context: the server answers (the first from the models, the
  // rest of the runs from its recent answers) while the runtime has not started
  const visits = [];
  for (let i = 0; i < runs; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const p = await ctx.newPage();
    const bodies = [];
    p.on("response", (r) => {
      if (/\/api\/models\/[^/]+\/atlas$/.test(r.url())) bodies.push(r.body().then((b) => b.length));
    });
    await p.goto(`${base}/atlas`);
    await p.waitForFunction(() => document.querySelectorAll("[data-testid=atlas-curve] path.atlas-curve[d^=M]").length === 7);
    const ms = await p.evaluate(() => performance.now());
    visits.push({ ms, bytes: (await Promise.all(bodies)).reduce((a, b) => a + b, 0) });
    await ctx.close();
  }
  await browser.close();
  console.log("The atlas: one system's dimensionless curve (ms, median)");
  console.log("system    CPython (20 runs)   Pyodide (worker round trip, 5 settings)");
  for (const s of Object.keys(cpython)) console.log(`${s.padEnd(9)} ${cpython[s].toFixed(2).padStart(8)} ms   ${pyodide[s].toFixed(2).padStart(12)} ms`);
  console.log(`first visit, navigation to the seventh curve drawn: ${visits.map((v) => Math.round(v.ms)).join(", ")} ms (median ${Math.round(median(visits.map((v) => v.ms)))}); the seven answers ${visits[0].bytes} bytes uncompressed`);
} finally {
  stop();
}
