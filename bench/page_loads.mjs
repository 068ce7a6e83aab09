// What a page load costs the machine in CPU, three ways a test (or a visitor) can come to a page:
// a fresh browser context each time (a test's default), one context with a new tab each time,
// and one tab navigated from page to page (e2e/lib/sharedTab.ts). Counts every process below
// this one (the browser's, the app's, this script), read from /proc just before each context or
// tab is closed, so that a renderer that exits is still counted.
// --omnibox: with Chromium's address-bar popup page, as before the flag in lib.mjs turned it off.
//   node bench/page_loads.mjs [--loads 8] [--system lavc] [--rest 2500] [--omnibox]
import { readdirSync, readFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM, NO_OMNIBOX_POPUP, startApp } from "./lib.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const LOADS = Number(arg("loads", 8));
const SYSTEM = arg("system", "lavc");
const REST_MS = Number(arg("rest", 2500));
const OMNIBOX = process.argv.includes("--omnibox");
const LAUNCH = OMNIBOX ? { ...CHROMIUM, args: CHROMIUM.args.filter((a) => a !== NO_OMNIBOX_POPUP) } : CHROMIUM;
const TICK = 100; // clock ticks a second (getconf CLK_TCK on Linux)

/** CPU seconds so far of every process below `root` (itself included), by pid. */
function cpuBelow(root) {
  const procs = new Map();
  for (const p of readdirSync("/proc")) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const s = readFileSync(`/proc/${p}/stat`, "utf8");
      const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
      procs.set(Number(p), { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / TICK });
    } catch { /* gone meanwhile */ }
  }
  const keep = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, v] of procs) if (!keep.has(p) && keep.has(v.ppid)) { keep.add(p); grew = true; }
  }
  return new Map([...keep].filter((p) => procs.has(p)).map((p) => [p, procs.get(p).cpu]));
}

/** Adds to `seen` each process's latest reading (a process read twice counts once, at its last). */
const note = (seen, root) => { for (const [p, c] of cpuBelow(root)) seen.set(p, c); };
const total = (seen, before) => [...seen].reduce((s, [p, c]) => s + c - (before.get(p) ?? 0), 0);

const app = await startApp();
try {
  for (const mode of ["context", "tab", "navigated"]) {
    const browser = await chromium.launch(LAUNCH);
    const opts = { serviceWorkers: "block", viewport: { width: 1280, height: 900 } };
    const before = cpuBelow(process.pid);
    const seen = new Map();
    const t0 = Date.now();
    const shared = mode === "context" ? null : await browser.newContext(opts);
    const tab = mode === "navigated" ? await shared.newPage() : null;
    for (let i = 0; i < LOADS; i++) {
      const ctx = shared ?? (await browser.newContext(opts));
      const page = tab ?? (await ctx.newPage());
      await page.goto(`${app.base}/explore/${SYSTEM}`);
      await page.getByTestId("model-curve").first().waitFor();
      await page.waitForTimeout(REST_MS);
      note(seen, process.pid);
      if (!shared) await ctx.close();
      else if (!tab) await page.close();
    }
    note(seen, process.pid);
    await browser.close();
    const cpu = total(seen, before);
    console.log(`${mode.padEnd(9)} ${LOADS} loads of /explore/${SYSTEM}: ${cpu.toFixed(1)} CPU-s (${(cpu / LOADS).toFixed(2)} a load), ${((Date.now() - t0) / 1000).toFixed(1)} s wall${OMNIBOX ? ", address-bar popup on" : ""}`);
  }
} finally {
  app.stop();
}
