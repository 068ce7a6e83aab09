// Shared by the browser benchmarks: Chromium's launch flags for this machine, an app process of
// its own on a free loopback port with a throwaway database, and a bounded wait for the page's
// service worker.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

// Headless Chromium builds each new window's address-bar popup as a page of its own
// (chrome://omnibox-popup.top-chrome): about 1 CPU-s a browser context, spent beside the page on a
// two-core machine, for a window nobody sees (bench/page_loads.mjs --omnibox measures it).
export const NO_OMNIBOX_POPUP = "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup";

// (the e2e suite launches with these too: e2e/playwright.config.ts)
export const CHROMIUM = {
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    NO_OMNIBOX_POPUP],
};

/** Start the app; resolves when /api/health answers. Returns its base URL and a stop(). */
export async function startApp() {
  const port = 8700 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const db = join(mkdtempSync(join(tmpdir(), "memolab-bench-")), "bench.sqlite3");
  const app = spawn(join(ROOT, ".venv/bin/python"), ["-m", "app"], {
    // benches measure capacity from one address: no per-client model budget in the way
    cwd: ROOT, env: { MODEL_CPU_S_PER_MINUTE: "1000000", ...process.env, PORT: String(port), DATABASE_URL: `sqlite:///${db}` }, stdio: "ignore",
  });
  for (let i = 0; i < 300; i++) { // (up to 30 s: a shared machine starts the app slowly)
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop: () => app.kill() };
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  app.kill();
  throw new Error("the app did not start");
}

/** Page-side probe (an init script): window.__marks.firstCurve when the model curve first has a
 * path, window.__marks.ready when the runtime reports ready (ms since navigation start). */
export function startupMarks() {
  const marks = {};
  window.__marks = marks;
  new MutationObserver(() => {
    const d = document.querySelector('[data-testid="model-curve"]')?.getAttribute("d");
    if (d?.startsWith("M") && marks.firstCurve === undefined) marks.firstCurve = performance.now();
    const phase = document.querySelector('[data-testid="runtime-status"]')?.getAttribute("data-phase");
    if (phase === "ready" && marks.ready === undefined) marks.ready = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

/** A page of the app at `path` whose model worker the bench can talk to directly (window.__w),
 * once the in-browser runtime is ready; `window.__ask(msg)` sends it one request and resolves
 * with the round trip's time and the answer's result (progress reports skipped). */
export async function workerPage(browser, base, path) {
  const ctx = await browser.newContext();
  await ctx.addInitScript(() => {
    const W = window.Worker;
    window.Worker = class extends W { constructor(...a) { super(...a); window.__w = this; } };
    let id = 900000;
    window.__ask = (msg) => new Promise((resolve, reject) => {
      const me = ++id;
      const t = performance.now();
      const h = (e) => {
        if (e.data.id !== me || e.data.type === "progress") return;
        window.__w.removeEventListener("message", h);
        const out = JSON.parse(e.data.text); // the models' answer: {"result": ...} or {"error": "..."}
        if (out.error !== undefined) reject(new Error(out.error));
        else resolve({ ms: performance.now() - t, result: out.result });
      };
      window.__w.addEventListener("message", h);
      window.__w.postMessage({ ...msg, id: me });
    });
  });
  const page = await ctx.newPage();
  await page.goto(`${base}${path}`);
  await page.waitForSelector('[data-testid="runtime-status"][data-phase="ready"]', { timeout: 60000 });
  return page;
}

/** Wait until the page's service worker is ready (the app kept for offline use), at most `ms`:
 * a build whose worker cannot install would otherwise keep a bench waiting for ever. */
export async function serviceWorkerReady(page, ms = 60_000) {
  const ok = await page.evaluate((limit) => Promise.race([
    navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => true) : Promise.resolve(true),
    new Promise((r) => setTimeout(() => r(false), limit)),
  ]), ms);
  if (!ok) throw new Error(`the service worker was not ready within ${ms / 1000} s (a build whose worker cannot install?)`);
}
