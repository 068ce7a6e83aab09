// A student's phone in a live class: the bytes it moves and how soon it shows the question, on a
// throttled mid-range phone (4x CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency).
//
//   node bench/student_phone.mjs [--runs 3] [--fast] [--files]      (--fast: no throttling;
//   --files: each response of the phases with its bytes, largest first)
//
// The app is started here. A class on the AFS lesson is started and moved by the API (the
// teacher's side is not measured); the phone, a 375x812 touch context in headless Chromium,
// opens the join link, joins, answers a point step, a choice step and a sketch step (its points
// set by the sliders), then sees the sketch's reveal.
// Bytes are what arrived on the wire (CDP's encoded lengths: compressed bodies and headers,
// the event stream included), per phase; "python" counts requests for the runtime's files
// (/pyodide/, /py/, the model worker), which a class seat must never make.
import { chromium } from "playwright-core";
import { CHROMIUM, startApp } from "./lib.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const RUNS = Number(arg("runs", 3));
const FAST = process.argv.includes("--fast");
const FILES = process.argv.includes("--files");
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const RUNTIME = (url) => /\/(pyodide|py)\//.test(url) || /\/assets\/worker-/.test(url);

async function api(base, path, body, headers = {}) {
  const r = await fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

async function run(browser, base) {
  // (the AFS lesson asks all three kinds: a point at step 1, a choice at step 3, a sketch at step 4)
  const made = await api(base, "/api/classes", { lesson: "afs-chunksize" });
  const control = (body) => api(base, `/api/classes/${made.code}/control`, body, { "X-Teacher-Token": made.teacher_token });
  await control({ step: 1 });
  const ctx = await browser.newContext(PHONE);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (!FAST) {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  }
  const got = new Map(); // requestId -> bytes
  const urls = new Map();
  cdp.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, e.request.url));
  cdp.on("Network.dataReceived", (e) => got.set(e.requestId, (got.get(e.requestId) ?? 0) + e.encodedDataLength));
  cdp.on("Network.loadingFinished", (e) => got.set(e.requestId, Math.max(got.get(e.requestId) ?? 0, e.encodedDataLength)));
  const total = () => [...got.values()].reduce((a, b) => a + b, 0);
  const phases = {};
  let before = 0;
  const phase = (name) => {
    const now = total();
    phases[name] = now - before;
    before = now;
  };
  const send = async () => {
    await page.getByRole("button", { name: "Send my answer" }).tap();
    await page.getByText("Sent.").waitFor();
  };

  const t0 = Date.now();
  await page.goto(`${base}/c/${made.code}`);
  await page.getByTestId("join").waitFor();
  const joinForm = Date.now() - t0;
  const t1 = Date.now();
  await page.getByTestId("join").tap();
  await page.getByTestId("typed-prediction").waitFor();
  await page.getByTestId("prediction-handle").waitFor();
  const question = Date.now() - t1;
  await page.waitForTimeout(500);
  phase("join and the point step");
  await page.getByTestId("typed-prediction").fill("2000");
  await send();
  await control({ step: 3 });
  await page.getByRole("radio").first().waitFor();
  await page.waitForTimeout(500);
  await page.getByRole("radio").nth(1).check();
  await send();
  phase("the choice step");
  await control({ step: 4 });
  await page.getByTestId("sketch-by-keyboard").tap();
  const sliders = page.getByTestId("sketch-slider");
  // the sliders span the chart's scale once it is known (disabled until then)
  await page.locator("[data-testid=sketch-slider]:enabled").first().waitFor();
  for (let i = 0; i < (await sliders.count()); i++) await sliders.nth(i).fill(await sliders.nth(i).getAttribute("max"));
  await page.waitForTimeout(500);
  await send();
  phase("the sketch step");
  const t2 = Date.now();
  await control({ reveal: true });
  await page.getByTestId("sketch-error").waitFor();
  await page.getByTestId("model-curve").and(page.locator("[d^=M]")).waitFor();
  const reveal = Date.now() - t2;
  await page.waitForTimeout(500);
  phase("the reveal");
  const allPhases = total();
  const files = [...got].map(([id, n]) => [new URL(urls.get(id) ?? "about:blank").pathname, n]).sort((a, b) => b[1] - a[1]);
  // a joined phone opening the class's link again (a reload, nothing cached: every byte again)
  await control({ step: 1 });
  await page.getByTestId("seat").and(page.locator("[data-step='1']")).waitFor();
  const t3 = Date.now();
  await page.reload();
  await page.getByTestId("typed-prediction").waitFor();
  await page.getByTestId("prediction-handle").waitFor();
  const reopen = Date.now() - t3;
  const python = [...urls.values()].filter(RUNTIME).length;
  await ctx.close();
  return { joinForm, question, reopen, reveal, phases, total: allPhases, python, files };
}

const app = await startApp();
const browser = await chromium.launch(CHROMIUM);
try {
  console.log(`student phone: ${FAST ? "no throttling" : "4x CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency"}, 375x812, no cache`);
  for (let i = 1; i <= RUNS; i++) {
    const r = await run(browser, app.base);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`run ${i}: join form ${(r.joinForm / 1000).toFixed(2)} s after opening the link; question and chart ${(r.question / 1000).toFixed(2)} s after Join, ${(r.reopen / 1000).toFixed(2)} s after a joined phone opens the link; reveal shown ${(r.reveal / 1000).toFixed(2)} s after the teacher's`);
    console.log(`  bytes: ${Object.entries(r.phases).map(([k, v]) => `${k} ${kb(v)}`).join(", ")}; in all ${kb(r.total)}; runtime requests ${r.python}`);
    if (FILES) for (const [path, n] of r.files) console.log(`    ${kb(n).padStart(9)}  ${path}`);
  }
} finally {
  await browser.close();
  app.stop();
}
