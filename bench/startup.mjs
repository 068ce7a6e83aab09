// Benchmark of delivery and start-up in headless chromium: what a first visit moves over the wire
// (bytes as sent, counted by a proxy in front of the app) for the first view and for everything
// including Pyodide and the service worker's copy, and how soon the first curve and the in-browser runtime are ready on a
// first visit and on repeat visits (same profile: service worker and compiled code kept).
// Run after `npm start` or `npm test` has built everything:  node bench/startup.mjs [--runs 5]
import http from "node:http";
import { chromium } from "playwright-core";
import { CHROMIUM, startApp, startupMarks } from "./lib.mjs";

/** A loopback proxy in front of the app that counts the bytes each response puts on the wire
 * (status line, headers and body exactly as sent, compressed or not), by path. */
function countingProxy(target) {
  const counts = new Map();
  const t = new URL(target);
  const server = http.createServer((req, res) => {
    const up = http.request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      let bytes = 0;
      const head = Object.entries(r.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 17);
      res.writeHead(r.statusCode, r.headers);
      r.on("data", (c) => { bytes += c.length; res.write(c); });
      r.on("end", () => {
        res.end();
        const path = req.url.split("?")[0];
        const c = counts.get(path) ?? { bytes: 0, n: 0, enc: r.headers["content-encoding"] ?? "identity", status: r.statusCode };
        counts.set(path, { ...c, bytes: c.bytes + bytes + head, n: c.n + 1 });
      });
    });
    req.pipe(up);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ base: `http://127.0.0.1:${server.address().port}`, counts, close: () => server.close() })));
}

const RUNS = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 5;
const PATH = "/explore/decnet";

const PROBE = startupMarks;

const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function visit(ctx, base = BASE) {
  const page = await ctx.newPage();
  await page.goto(base + PATH);
  await page.waitForFunction(() => window.__marks.ready !== undefined && window.__marks.firstCurve !== undefined, null, { timeout: 60000 });
  const m = await page.evaluate(() => window.__marks);
  return { page, m };
}

const { base: BASE, stop } = await startApp();
try {
  const browser = await chromium.launch(CHROMIUM);
  const cold = { first: [], ready: [] }, warm = { first: [], ready: [] };
  // Run 0 goes through the counting proxy (one fresh profile: the first visit's bytes).
  const proxy = await countingProxy(BASE);
  // Run 0 records every response's size (that costs time); the timed runs follow without it.
  for (let run = 0; run <= RUNS; run++) {
    const ctx = await browser.newContext({ serviceWorkers: process.env.NO_SW ? "block" : "allow" });
    await ctx.addInitScript(PROBE);
    const { page, m } = await visit(ctx, run === 0 ? proxy.base : BASE);
    if (run > 0) {
      cold.first.push(m.firstCurve);
      cold.ready.push(m.ready);
    }
    // Let the service worker finish keeping the app, then visit again in the same profile.
    if (!process.env.NO_SW) await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await page.waitForTimeout(1500);
    await page.close();
    for (let i = 0; i < (run > 0 ? 2 : 0); i++) {
      const v = await visit(ctx);
      warm.first.push(v.m.firstCurve);
      warm.ready.push(v.m.ready);
      await v.page.close();
    }
    await ctx.close();
  }
  await browser.close();
  const row = (name, xs) => `${name.padEnd(34)} median ${q(xs, 0.5).toFixed(0).padStart(5)} ms   p90 ${q(xs, 0.9).toFixed(0).padStart(5)} ms   (n=${xs.length})`;
  console.log(`start-up on ${PATH}, ${RUNS} fresh profiles, each then visited twice more`);
  console.log(row("first visit: first curve", cold.first));
  console.log(row("first visit: Pyodide ready", cold.ready));
  console.log(row("repeat visit: first curve", warm.first));
  console.log(row("repeat visit: Pyodide ready", warm.ready));
  proxy.close();
  const rows = [...proxy.counts.entries()].map(([url, c]) => ({ url, ...c })).sort((a, b) => b.bytes - a.bytes);
  const total = (xs) => xs.reduce((a, s) => a + s.bytes, 0);
  console.log("\nfirst visit over the wire (status line, headers and body as sent), by path; x2 = fetched twice");
  for (const s of rows) console.log(`  ${kb(s.bytes).padStart(10)}  ${s.enc.padEnd(8)} x${s.n}  ${s.url.slice(0, 90)}`);
  const runtime = rows.filter((s) => /^\/(pyodide|py)\//.test(s.url) || /worker-/.test(s.url));
  const firstView = rows.filter((s) => ["/explore/decnet", "/api/models/decnet", "/api/models/decnet/sweep", "/api/models/decnet/evaluate", "/api/datasets/decnet-throughput"].includes(s.url) || /^\/assets\/index-/.test(s.url));
  console.log(`  first view (page, its script and style, the first curve's API calls): ${kb(total(firstView))}`);
  console.log(`  Python runtime, snapshot and models: ${kb(total(runtime))}`);
  console.log(`  everything the first visit loads, service worker's copy included: ${kb(total(rows))} in ${rows.reduce((a, s) => a + s.n, 0)} responses`);
} finally {
  stop();
}
