// Benchmark of delivery and start-up in headless chromium: what a first visit moves over the wire
// (bytes as sent, compressed) for the first view and for everything including Pyodide and the
// service worker's copy, and how soon the first curve and the in-browser runtime are ready on a
// first visit and on repeat visits (same profile: service worker and compiled code kept).
// Run after `npm start` or `npm test` has built everything:  node bench/startup.mjs [--runs 5]
import { chromium } from "playwright-core";
import { CHROMIUM, startApp } from "./lib.mjs";

const RUNS = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 5;
const PATH = "/explore/decnet";

const PROBE = () => {
  const marks = (window.__marks = {});
  new MutationObserver(() => {
    const d = document.querySelector('[data-testid="model-curve"]')?.getAttribute("d");
    if (d?.startsWith("M") && marks.firstCurve === undefined) marks.firstCurve = performance.now();
    const phase = document.querySelector('[data-testid="runtime-status"]')?.getAttribute("data-phase");
    if (phase === "ready" && marks.ready === undefined) marks.ready = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
};

const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function visit(ctx) {
  const page = await ctx.newPage();
  await page.goto(BASE + PATH);
  await page.waitForFunction(() => window.__marks.ready !== undefined && window.__marks.firstCurve !== undefined, null, { timeout: 60000 });
  const m = await page.evaluate(() => window.__marks);
  return { page, m };
}

const { base: BASE, stop } = await startApp();
try {
  const browser = await chromium.launch(CHROMIUM);
  const cold = { first: [], ready: [] }, warm = { first: [], ready: [] };
  let wire = null;
  // Run 0 records every response's size (that costs time); the timed runs follow without it.
  for (let run = 0; run <= RUNS; run++) {
    const ctx = await browser.newContext({ serviceWorkers: process.env.NO_SW ? "block" : "allow" });
    await ctx.addInitScript(PROBE);
    const sizes = [];
    let firstViewDone = false;
    if (run === 0) ctx.on("requestfinished", async (r) => {
      const s = await r.sizes().catch(() => null);
      const resp = await r.response().catch(() => null);
      if (!s || !resp) return;
      sizes.push({ url: r.url().replace(BASE, ""), bytes: s.responseBodySize + s.responseHeadersSize, body: s.responseBodySize,
        enc: (await resp.allHeaders())["content-encoding"] ?? "", firstView: !firstViewDone, fromSW: resp.fromServiceWorker() });
    });
    const { page, m } = await visit(ctx);
    if (run > 0) {
      cold.first.push(m.firstCurve);
      cold.ready.push(m.ready);
    }
    // Let the service worker finish keeping the app, then visit again in the same profile.
    if (!process.env.NO_SW) await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await page.waitForTimeout(1500);
    if (run === 0) {
      firstViewDone = true;
      wire = sizes.filter((s) => !s.fromSW);
    }
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
  const total = (xs) => xs.reduce((a, s) => a + s.bytes, 0);
  console.log("\nfirst visit over the wire (body + headers as sent; the first view is everything before the first curve's runtime request)");
  const byUrl = new Map();
  for (const s of wire) byUrl.set(s.url, { ...s, bytes: (byUrl.get(s.url)?.bytes ?? 0) + s.bytes, n: (byUrl.get(s.url)?.n ?? 0) + 1 });
  for (const s of [...byUrl.values()].sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${kb(s.bytes).padStart(10)}  ${(s.enc || "identity").padEnd(8)} x${s.n}  ${s.url.slice(0, 90)}`);
  }
  const fv = wire.filter((s) => !/\/(pyodide|py)\//.test(s.url) && !/worker-/.test(s.url));
  console.log(`  first view without the runtime: ${kb(total(fv))} in ${fv.length} responses`);
  console.log(`  everything the first visit loads: ${kb(total(wire))} in ${wire.length} responses`);
} finally {
  stop();
}
