// The model workbench's cost: `node bench/workbench.mjs` (after a build). For a visitor who never
// opens the editor: the JavaScript and CSS the explorer's first visit loads, and that none of it
// is the workbench's. For one who does: the bytes the editor and the sandbox add (as sent,
// compressed), the time from "Edit this model" to the editor, the sandbox's start (its own clock,
// and from the click), and from the last keystroke of an edit to the edited curve drawn, with the
// sandbox idle (five edits of a constant, the median and the slowest), and "Fit this edit to the
// memo's figures" from the click to the fitted curve drawn (three fits). Results: docs/performance.md.
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, ROOT, startApp } from "./lib.mjs";

const SYSTEMS = process.argv.slice(2).length ? process.argv.slice(2) : ["afs", "ffs"];
const EDITS = { afs: (v) => `DISK_MBPS = ${v}\n`, ffs: (v) => `_solve_ = solve\ndef solve(k, p=None, detail=True):\n    r = _solve_(k, p, detail)\n    r["metrics"] = {n: x * ${v} for n, x in r["metrics"].items()}\n    return r\n` };
// each a different curve (a disk slower than the network: afs; a factor on every value: ffs)
const VALUES = { afs: [5, 2, 3, 4, 6, 8], ffs: [0.5, 0.6, 0.7, 0.8, 0.9, 0.95] };
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
// a file's bytes as a browser accepting brotli is sent them (the build's .br twin, else the file)
const sent = (path) => {
  const f = join(ROOT, "frontend/dist", path);
  return existsSync(`${f}.br`) ? statSync(`${f}.br`).size : existsSync(f) ? statSync(f).size : 0;
};
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

const { base, stop } = await startApp();
const browser = await chromium.launch(CHROMIUM);
try {
  for (const system of SYSTEMS) {
    const ctx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await ctx.newPage();
    const loaded = [];
    page.on("crash", () => console.log("  the page crashed"));
    page.on("requestfinished", (r) => {
      const u = new URL(r.url());
      if (!/\.(js|css|mjs)$/.test(u.pathname) || u.pathname.startsWith("/pyodide/")) return;
      loaded.push({ path: u.pathname, bytes: sent(u.pathname) });
    });
    await page.goto(`${base}/explore/${system}`);
    await page.waitForSelector('[data-testid="runtime-status"][data-phase="ready"]', { timeout: 90_000 });
    await page.waitForTimeout(500);
    const first = [...loaded];
    const firstBytes = first.reduce((n, f) => n + f.bytes, 0);
    const lazy = first.filter((f) => /Workbench|sandbox|CodeEditor/.test(f.path));
    console.log(`${system}: first visit, without opening the editor: ${first.length} JS/CSS files, ${kb(firstBytes)} (brotli); workbench files among them: ${lazy.length}`);

    const clicked = Date.now();
    await page.getByTestId("edit-model").click();
    await page.getByTestId("model-source").waitFor();
    const editorMs = Date.now() - clicked;
    const opened = loaded.slice(first.length);
    await page.getByTestId("model-source").click();
    await page.keyboard.press("Control+End");
    await page.keyboard.insertText(EDITS[system](VALUES[system][0]));
    await page.getByTestId("sandbox-status").getByText("started in").waitFor({ timeout: 120_000 });
    const sandboxMs = Date.now() - clicked;
    const own = /started in ([\d.]+) s/.exec(await page.getByTestId("sandbox-status").textContent())?.[1];
    const extra = loaded.slice(first.length);
    console.log(`  the editor: ${editorMs} ms from the click; it loads ${opened.length} files, ${kb(opened.reduce((n, f) => n + f.bytes, 0))}`
      + ` (${opened.map((f) => f.path.replace("/assets/", "")).join(", ")})`);
    console.log(`  the sandbox: ready ${(sandboxMs / 1000).toFixed(1)} s after the click (its own start ${own} s);`
      + ` with it ${extra.length - opened.length} more files, ${kb(extra.slice(opened.length).reduce((n, f) => n + f.bytes, 0))}`
      + ` (${extra.slice(opened.length).map((f) => f.path.replace("/assets/", "")).join(", ")}; the runtime comes from the page's cache)`);
    await page.getByTestId("original-curve").waitFor({ timeout: 120_000 });
    // let the first edit's judgement finish, so each timed edit meets an idle sandbox
    const idle = () => page.waitForFunction(() => {
      const row = [...document.querySelectorAll('[data-testid="edited-fit"] tr')].find((r) => r.textContent.includes("your edit"));
      return row && !row.textContent.includes("…") && document.querySelector('[data-testid="edited-laws"]')?.textContent.includes("random settings") && !document.querySelector('[data-testid="edited-laws"]').textContent.includes("Checking");
    }, null, { timeout: 300_000 });
    await idle();
    const times = [];
    for (const v of VALUES[system].slice(1)) {
      process.stdout.write(".");
      const before = await page.getByTestId("model-curve").getAttribute("d");
      await page.getByTestId("reset-model").click();
      await page.waitForFunction(() => !document.querySelector('[data-testid="original-curve"]'));
      await page.getByTestId("model-source").click();
      await page.keyboard.press("Control+End");
      const t0 = await page.evaluate(() => performance.now());
      await page.keyboard.insertText(EDITS[system](v));
      const drawn = await page.waitForFunction((old) => {
        const d = document.querySelector('[data-testid="model-curve"]')?.getAttribute("d");
        return document.querySelector('[data-testid="original-curve"]') && d !== old ? performance.now() : null;
      }, before, { polling: "raf", timeout: 60_000 });
      const t1 = await drawn.jsonValue();
      times.push(t1 - t0);
      await idle();
    }
    console.log(`  last keystroke to the edited curve, sandbox idle: median ${Math.round(median(times))} ms, slowest ${Math.round(Math.max(...times))} ms (${times.map(Math.round).join(", ")}; includes the 150 ms wait for typing to stop)`);
    const fits = [];
    for (let i = 0; i < 3; i++) {
      const unfitted = await page.getByTestId("model-curve").getAttribute("d");
      const t0 = await page.evaluate(() => performance.now());
      await page.getByTestId("fit-edit-memo").click();
      const done = await page.waitForFunction((old) => document.querySelector('[data-testid="fit-edit-result"]')
        && document.querySelector('[data-testid="model-curve"]')?.getAttribute("d") !== old ? performance.now() : null, unfitted, { polling: "raf", timeout: 120_000 });
      fits.push((await done.jsonValue()) - t0);
      await page.getByTestId("fit-edit-clear").click();
      await page.waitForFunction((old) => document.querySelector('[data-testid="model-curve"]')?.getAttribute("d") === old, unfitted);
    }
    console.log(`  "Fit this edit to the memo's figures" to the fitted curve drawn: median ${Math.round(median(fits))} ms, slowest ${Math.round(Math.max(...fits))} ms (${fits.map(Math.round).join(", ")})`);
    await ctx.close();
  }
} finally {
  await browser.close();
  stop();
}
