// Benchmark: 200-point sweeps of every system in Pyodide, inside the app's own model worker in
// headless chromium (the runtime visitors use). Times are worker round trips, as the page sees
// them. Run after `npm start` or `npm test` has built everything:  node bench/sweeps_pyodide.mjs
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PORT = 8890 + Math.floor(Math.random() * 100);
const BASE = `http://127.0.0.1:${PORT}`;
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

// The same cases as bench/sweeps.py, from Python.
const grids = JSON.parse(execFileSync(join(ROOT, ".venv/bin/python"), ["-c",
  "import json, sys; sys.path.insert(0, 'bench'); from sweeps import cases; " +
  "print(json.dumps(cases()))"], { cwd: ROOT, encoding: "utf8" }));

const db = join(mkdtempSync(join(tmpdir(), "memolab-bench-")), "bench.sqlite3");
const app = spawn(join(ROOT, ".venv/bin/python"), ["-m", "app"], {
  cwd: ROOT, env: { ...process.env, PORT: String(PORT), DATABASE_URL: `sqlite:///${db}` }, stdio: "ignore",
});
try {
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(`${BASE}/api/health`)).ok) break; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ARGS });
  const ctx = await browser.newContext();
  await ctx.addInitScript(() => {
    const W = window.Worker;
    window.Worker = class extends W { constructor(...a) { super(...a); window.__w = this; } };
  });
  const page = await ctx.newPage();
  page.on("pageerror", (e) => console.log("pageerror:", e.message));
  await page.goto(`${BASE}/explore/decnet`);
  await page.waitForSelector('[data-testid="runtime-status"][data-phase="ready"]', { timeout: 60000 });
  const out = await page.evaluate(async (grids) => {
    const w = window.__w;
    let id = 100000;
    const ask = (msg) => new Promise((resolve, reject) => {
      const me = ++id;
      const t = performance.now();
      const h = (e) => {
        if (e.data.id !== me) return;
        w.removeEventListener("message", h);
        if (e.data.type === "error") reject(new Error(e.data.message));
        else resolve(performance.now() - t);
      };
      w.addEventListener("message", h);
      w.postMessage({ ...msg, id: me });
    });
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
  app.kill();
}
