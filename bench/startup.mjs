// Benchmark of delivery and start-up in headless chromium: what a first visit moves over the wire
// within 30 s of navigation (bytes as sent, counted by a proxy in front of the app, bench/proxy.mjs),
// how soon the first curve and the in-browser runtime are ready on a first visit and on repeat
// visits (same profile: service worker, kept start-up snapshot and compiled code kept), and what
// the origin keeps for offline use after a first visit.
// Run after `npm start` or `npm test` has built everything:  node bench/startup.mjs [--runs 5]
import { chromium } from "playwright-core";
import { CHROMIUM, serviceWorkerReady, startApp, startupMarks } from "./lib.mjs";
import { startProxy } from "./proxy.mjs";

/** In the page: whether the worker has kept its start-up snapshot (frontend/src/runtime/snapshots.ts). */
const SNAPSHOT_KEPT = async () => (await (await caches.open("memolab-python")).keys()).length > 0;

/** In the page: what the origin keeps for offline use (navigator.storage), and each cache's bodies. */
async function OFFLINE_COPY() {
  const out = { usage: (await navigator.storage.estimate()).usage, caches: {} };
  for (const name of await caches.keys()) {
    const c = await caches.open(name);
    let bytes = 0, n = 0;
    for (const r of await c.keys()) {
      bytes += (await (await c.match(r)).arrayBuffer()).byteLength;
      n++;
    }
    out.caches[name.replace(/-[0-9a-f]{16}$/, "-<build>")] = { bytes, n };
  }
  return out;
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
  let kept = null;
  // Run 0 goes through the counting proxy (one fresh profile: the first visit's bytes).
  const proxy = await startProxy(BASE);
  // Run 0 records every response's size (that costs time); the timed runs follow without it.
  for (let run = 0; run <= RUNS; run++) {
    const ctx = await browser.newContext({ serviceWorkers: process.env.NO_SW ? "block" : "allow" });
    await ctx.addInitScript(PROBE);
    const { page, m } = await visit(ctx, run === 0 ? proxy.base : BASE);
    if (run > 0) {
      cold.first.push(m.firstCurve);
      cold.ready.push(m.ready);
    }
    // Let the service worker finish keeping the app and the worker keep its start-up snapshot
    // (made after a quiet moment), then visit again in the same profile.
    if (!process.env.NO_SW) await serviceWorkerReady(page);
    for (let t = 0; !(await page.evaluate(SNAPSHOT_KEPT)); t += 250) {
      if (t > 30000) {
        console.log("(no start-up snapshot was kept within 30 s)");
        break;
      }
      await page.waitForTimeout(250);
    }
    // The counted visit stays 30 s, so what it prefetches in that time is counted too.
    await page.waitForTimeout(run === 0 ? Math.max(1500, 30000 - (await page.evaluate(() => performance.now()))) : 1500);
    if (run === 1) kept = await page.evaluate(OFFLINE_COPY);
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
  if (kept) {
    const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;
    console.log(`\nkept for offline use after a first visit: ${mb(kept.usage)} of the origin's storage (navigator.storage.estimate)`);
    for (const [name, c] of Object.entries(kept.caches)) console.log(`  ${name.padEnd(22)} ${mb(c.bytes).padStart(8)} in ${c.n} entries (bodies as kept)`);
  }
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
