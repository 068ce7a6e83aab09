// Benchmark of the DECnet slice in headless chromium: navigation to first model curve, time to
// Pyodide ready, and slider-to-repaint latency (key press to the first animation frame after the
// chart changed). Starts its own app process on a free loopback port; run after `npm start` or
// `npm test` has installed and built everything:   node bench/first_slice.mjs [--runs 5]
import { chromium } from "playwright-core";
import { CHROMIUM, startApp, startupMarks } from "./lib.mjs";

const RUNS = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 5;
const STEPS = 50;
const QUERY = "/explore/decnet?circuit=CI&link_quota=16&buffer_size=576&test=SENDER%2FSERVER";

// Page-side probes: when the curve first gets a path, when the runtime reports ready, and a
// key-to-frame timer driven by the keydown event's own timestamp.
const PROBE = () => {
  window.__lat = [];
  window.__armed = null;
  document.addEventListener("keydown", (e) => { window.__armed = { t: e.timeStamp, target: window.__target }; }, true);
  new MutationObserver((recs) => {
    const a = window.__armed;
    if (!a) return;
    if (!recs.some((r) => r.target instanceof Element && r.target.getAttribute("data-testid") === a.target)) return;
    window.__armed = null;
    requestAnimationFrame(() => window.__lat.push(performance.now() - a.t));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["d", "cx"] });
};

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const median = (xs) => quantile(xs, 0.5);

// Steps go up only, so every step needs a curve the page has not computed before (no cached
// answer); `alternate` steps back and forth (fine for the x knob, which needs no model call).
async function steps(page, slider, target, n, alternate = false) {
  await page.evaluate((t) => { window.__target = t; window.__lat = []; }, target);
  await page.getByRole("slider", { name: slider, exact: true }).focus();
  for (let i = 0; i < n; i++) {
    const before = await page.evaluate(() => window.__lat.length);
    await page.keyboard.press(alternate && i % 2 ? "ArrowLeft" : "ArrowRight");
    await page.waitForFunction((b) => window.__lat.length > b, before, { timeout: 5000 });
  }
  return page.evaluate(() => window.__lat);
}

const { base: BASE, stop } = await startApp();
try {
  const browser = await chromium.launch(CHROMIUM);
  const first = [], ready = [], readyWarm = [];
  let latBuffer = [], latQuota = [], latApi = [];
  for (let run = 0; run < RUNS; run++) {
    const ctx = await browser.newContext(); // cold: a new profile, empty HTTP cache
    await ctx.addInitScript(startupMarks);
    await ctx.addInitScript(PROBE);
    const page = await ctx.newPage();
    await page.goto(BASE + QUERY);
    await page.waitForFunction(() => window.__marks.ready !== undefined, null, { timeout: 60000 });
    const m = await page.evaluate(() => window.__marks);
    first.push(m.firstCurve);
    ready.push(m.ready);
    // A second visit in the same profile (HTTP cache warm).
    await page.reload();
    await page.waitForFunction(() => window.__marks.ready !== undefined, null, { timeout: 60000 });
    readyWarm.push(await page.evaluate(() => window.__marks.ready));
    if (run === 0) {
      latBuffer = await steps(page, "Buffer size", "model-curve", STEPS);
      latQuota = await steps(page, "Link quota", "current-point", STEPS, true);
    }
    await ctx.close();
  }
  // The same slider steps when the worker is unavailable and the server computes the curve.
  const ctx = await browser.newContext();
  await ctx.addInitScript(startupMarks);
  await ctx.addInitScript(PROBE);
  await ctx.route("**/pyodide/*/pyodide.mjs", (r) => r.fulfill({ status: 404, body: "" }));
  const page = await ctx.newPage();
  await page.goto(BASE + QUERY);
  await page.waitForSelector('[data-testid="runtime-status"][data-phase="failed"]');
  await page.waitForFunction(() => window.__marks.firstCurve !== undefined);
  latApi = await steps(page, "Buffer size", "model-curve", STEPS);
  await browser.close();

  const f = (x) => `${x.toFixed(1)} ms`;
  console.log(`DECnet slice, headless chromium, ${RUNS} cold loads, ${STEPS} keyboard steps per slider`);
  console.log(`navigation -> first model curve   median ${f(median(first))}  max ${f(Math.max(...first))}`);
  console.log(`navigation -> Pyodide ready (cold) median ${f(median(ready))}  max ${f(Math.max(...ready))}`);
  console.log(`navigation -> Pyodide ready (warm) median ${f(median(readyWarm))}  max ${f(Math.max(...readyWarm))}`);
  console.log(`buffer size key -> repaint (worker) median ${f(median(latBuffer))}  p95 ${f(quantile(latBuffer, 0.95))}`);
  console.log(`link quota key -> repaint (worker)  median ${f(median(latQuota))}  p95 ${f(quantile(latQuota, 0.95))}`);
  console.log(`buffer size key -> repaint (API)    median ${f(median(latApi))}  p95 ${f(quantile(latApi, 0.95))}`);
  if (process.argv.includes("--verbose")) {
    const r = (xs) => [...xs].sort((a, b) => a - b).map((v) => v.toFixed(1)).join(" ");
    console.log(`buffer size (worker), sorted: ${r(latBuffer)}`);
    console.log(`link quota (worker), sorted: ${r(latQuota)}`);
  }
} finally {
  stop();
}
