// Benchmark: a first visit on a slow phone. Every explorer and the home page in a fresh browser
// context, nothing cached, throttled as a slow phone network and CPU (1.6 Mbit/s down, 750
// kbit/s up, 150 ms round trip, CPU 4x slower, by Chrome DevTools' own emulation): the bytes on
// the wire before the first curve is drawn and the time to it, then (explorers) the time until
// the knobs answer in the browser and the whole visit's bytes once the page is quiet.
//   node bench/first_curve.mjs [--only lavc] [--fast] (--fast: no throttling, a quick check)
import { chromium } from "playwright-core";
import { CHROMIUM, startApp, startupMarks } from "./lib.mjs";

const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : null;
};
const FAST = process.argv.includes("--fast");
const ONLY = arg("only");
const SLOW = { downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8), latency: 150, offline: false };
const PAGES = [["home", "/"], ...["ffs", "lavc", "decnet", "ofn", "rsx-qio", "rsx-swap", "afs"].map((s) => [s, `/explore/${s}`])]
  .filter(([name]) => !ONLY || name === ONLY);
const LIMIT_MS = FAST ? 30_000 : 120_000;

/** One first visit: bytes (encoded, as on the wire) by the time of the first curve and in all. */
async function visit(browser, base, path, home) {
  const ctx = await browser.newContext({ serviceWorkers: "block", viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await page.addInitScript(startupMarks);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (!FAST) {
    await cdp.send("Network.emulateNetworkConditions", SLOW);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  }
  // each response's bytes on the wire (the page's and its model worker's: Pyodide loads in the
  // worker), stamped by this process's clock when it finished
  const done = [];
  ctx.on("requestfinished", async (r) => {
    const at = Date.now();
    const sz = await r.sizes().catch(() => null);
    if (sz) done.push({ at, bytes: sz.responseBodySize + sz.responseHeadersSize, url: r.url() });
  });
  await page.goto(base + path, { timeout: LIMIT_MS });
  const curveSel = home ? '[data-testid^="thumb-"] path' : '[data-testid="model-curve"]';
  await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute("d")?.startsWith("M"), curveSel, { timeout: LIMIT_MS });
  // (the home page's thumbnails: when the wait saw them, polled every animation frame)
  const firstCurve = await page.evaluate((h) => (h ? performance.now() : window.__marks.firstCurve), home);
  const cutoff = (await page.evaluate(() => performance.timeOrigin)) + firstCurve;
  const before = () => done.filter((d) => d.at <= cutoff + 5);
  let ready = null;
  if (!home) {
    await page.waitForFunction(() => window.__marks.ready !== undefined, null, { timeout: LIMIT_MS }).catch(() => null);
    ready = await page.evaluate(() => window.__marks.ready ?? null);
  }
  await page.waitForLoadState("networkidle", { timeout: LIMIT_MS }).catch(() => null);
  const all = done.reduce((s, d) => s + d.bytes, 0);
  const top = [...before()].sort((a, b) => b.bytes - a.bytes).slice(0, 4)
    .map((d) => `${new URL(d.url || base).pathname.split("/").pop() || "/"} ${(d.bytes / 1024).toFixed(0)}K`);
  await ctx.close();
  return { firstCurve, ready, beforeKB: before().reduce((s, d) => s + d.bytes, 0) / 1024, allKB: all / 1024, top };
}

const app = await startApp();
const browser = await chromium.launch(CHROMIUM);
try {
  console.log(FAST ? "unthrottled (--fast)" : "throttled: 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT, CPU 4x slower; 375x812, nothing cached");
  console.log("page        first curve   KB before it   knobs in browser   KB whole visit   largest before the curve");
  for (const [name, path] of PAGES) {
    const r = await visit(browser, app.base, path, name === "home");
    const ready = r.ready === null ? "-" : `${(r.ready / 1000).toFixed(2)} s`;
    console.log(`${name.padEnd(10)}  ${(r.firstCurve / 1000).toFixed(2).padStart(7)} s   ${r.beforeKB.toFixed(0).padStart(10)}   ${ready.padStart(16)}   ${r.allKB.toFixed(0).padStart(14)}   ${r.top.join(", ")}`);
  }
} finally {
  await browser.close();
  app.stop();
}
