// Benchmark: slider-to-repaint latency on every system's explorer in headless chromium, with
// the in-browser runtime ready and the app installed: keyboard steps (50, or --steps) on a knob
// that changes the curve, from the keydown event's timestamp to the first animation frame after
// the curve's path changed. Each step moves the knob to a value not seen before, so no answer
// comes from the page's cache (a knob with fewer values than that: see CASES).
// Presses come at a held key's repeat rate, one every 33 ms (30 a second, as desktop systems
// repeat a key by default), and Chromium draws a frame as soon as the page asks for one: the
// figure is the page's own time from the key to its frame. (Headless Chromium otherwise draws on
// a 60 Hz clock: a press then also waits for the clock's next tick, up to 16.7 ms whatever the
// page does, a wait a 120 Hz display bounds by its own 8.3 ms.) --every 0 presses again as soon
// as the last press was drawn (about 80 a second here, faster than any keyboard) and
// --display-clock keeps the 60 Hz clock: with both, the measure of the sessions before 2026-11-29.
// Run after `npm start` or `npm test` has built everything:
//   node bench/knob_latency.mjs [--steps 50] [--every 33] [--display-clock] [--histogram] [--split] [--warm] [--slow] [--system lavc]
// (--split: each press in two halves, the key to the curve's path changing in the DOM, and that
// change to the next animation frame; --warm: the first 50 moves apart from the rest, while V8
// is still optimizing the press's code and after; --slow: each press over 8.3 ms, by its number)
// With --fitted, each system that has fitted parameters shows a user's own fit (its first
// parameter 20 % off the memo's) with the memo's calibration beside it, as after "Fit".
import { chromium } from "playwright-core";
import { CHROMIUM, serviceWorkerReady, startApp } from "./lib.mjs";

const STEPS = Number(process.argv[process.argv.indexOf("--steps") + 1]) || 50;
const FITTED = process.argv.includes("--fitted");
const at = process.argv.indexOf("--every");
const EVERY_MS = at > 0 ? Number(process.argv[at + 1]) : 33;
if (!(EVERY_MS >= 0)) throw new Error("--every takes the milliseconds from one press to the next (0: at once)");
const DISPLAY_CLOCK = process.argv.includes("--display-clock");
// --system lavc: one explorer only (repeatable)
const ONLY = process.argv.flatMap((a, i) => (process.argv[i - 1] === "--system" ? [a] : []));

// Per system: the page (axes), a knob (by label) whose every step changes that curve, and
// whether to start from the knob's minimum (Home): every step asks the model for a curve it has
// not drawn before (no cached answers). A knob with fewer new values than --steps has a second
// knob to turn: at the end of its range the second knob moves one step (a new curve too), and the
// first goes back the other way, through values that are new beside the second knob's new one.
// [system, query, knob, from its minimum, most new values a leg, second knob]
const CASES = [
  ["decnet", "", "Buffer size", false],
  ["ofn", "", "Hash size", false],
  ["rsx-swap", "?y=elapsed_s", "One taskbuild alone", false, Infinity, "Tasks"],
  ["rsx-qio", "", "Record CPU", true, Infinity, "QIO service"],
  ["ffs", "?y=cpu_percent", "CPU speed", false, Infinity, "Rotation speed"],
  ["lavc", "", "Locks per user", false],
  // LAVC drawn along locks per user: every point of its curve an MVA to the population (the
  // axis whose sweep costs most, bench/sweep_min.py), and the population the knob moved
  ["lavc", "?x=locks_per_user_s", "Users", false],
  // The I/O size is RX_MAXIOVECS packets until that reaches the 16 KB buffer: legs of 50 steps
  // from 512 bytes keep 16 to 18 packets below it (18 x 712 bytes < 16,384), so every step, and
  // every step of RX_MAXIOVECS between legs, changes the curve.
  ["afs", "?y=io_size_bytes&chunksize=15", "Rx packet", true, 50, "RX_MAXIOVECS"],
];

const PROBE = () => {
  window.__lat = [];
  window.__split = [];
  window.__armed = null;
  document.addEventListener("keydown", (e) => { window.__armed = e.timeStamp; }, true);
  new MutationObserver((recs) => {
    const t = window.__armed;
    if (t === null) return;
    const curve = (r) => r.target instanceof Element && ["model-curve", "fitted-curve"].includes(r.target.getAttribute("data-testid"));
    if (!recs.some(curve)) return;
    window.__armed = null;
    // (--split: when the curve changed, so a press's time is seen in its two halves)
    const changed = performance.now();
    requestAnimationFrame(() => {
      const frame = performance.now();
      window.__lat.push(frame - t);
      window.__split.push([changed - t, frame - changed]);
    });
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["d"] });
};

const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

const { base: BASE, stop } = await startApp();
try {
  const browser = await chromium.launch(DISPLAY_CLOCK ? CHROMIUM : { ...CHROMIUM, args: [...CHROMIUM.args, "--disable-frame-rate-limit"] });
  const ctx = await browser.newContext();
  await ctx.addInitScript(PROBE);
  const page = await ctx.newPage();
  console.log(`key to repaint, worker ready, ${STEPS} keyboard steps per system, ${EVERY_MS ? `one every ${EVERY_MS} ms` : "each as soon as the last was drawn"}, ${DISPLAY_CLOCK ? "frames on Chromium's 60 Hz clock" : "a frame as soon as the page asks"} (ms)${FITTED ? ", a user's own fit on screen" : ""}`);
  for (const [system, query, label, fromMin, most = Infinity, turn] of CASES.filter(([s]) => !ONLY.length || ONLY.includes(s))) {
    let fit = "";
    if (FITTED) {
      const card = await (await fetch(`${BASE}/api/models/${system}/card`)).json();
      const [name, value] = Object.entries(card.params)[0] ?? [];
      if (!name) continue; // nothing fitted in this model: nothing of a user's own to show
      fit = `${query ? "&" : "?"}fitted=${name}%3A${Number((value * 1.2).toPrecision(4))}`;
    }
    await page.goto(`${BASE}/explore/${system}${query}${fit}`);
    await page.waitForSelector("[data-testid=model-curve][d^=M], [data-testid=fitted-curve][d^=M]");
    // the knobs the memo does not give are folded: unfold them so every knob can be reached
    await page.evaluate(() => document.querySelectorAll("details.more-knobs").forEach((d) => { d.open = true; }));
    await page.waitForSelector('[data-testid="runtime-status"][data-phase="ready"]', { timeout: 60000 });
    // and the app installed for offline use: a first visit downloads it in the background (that
    // visit is bench/startup.mjs's to measure), which would share this machine's two cores
    await serviceWorkerReady(page);
    await page.waitForFunction(() => document.querySelector('[data-testid="model-curve"], [data-testid="fitted-curve"]')?.getAttribute("d")?.startsWith("M"));
    const slider = page.getByRole("slider", { name: label, exact: true });
    // a person who tabs to a slider presses its first arrow a moment later, not within the same
    // millisecond (the page computes a knob's neighbours when it takes focus)
    const takeFocus = async (knob) => { await knob.focus(); await page.waitForTimeout(300); };
    await slider.focus();
    if (fromMin) await page.keyboard.press("Home");
    await page.waitForTimeout(300);
    await page.evaluate(() => { window.__lat = []; window.__split = []; });
    let nextAt = performance.now();
    let moves = 0;
    const press = async (key, knob) => {
      const before = await page.evaluate(() => window.__lat.length);
      await new Promise((r) => setTimeout(r, Math.max(0, nextAt - performance.now())));
      nextAt = performance.now() + EVERY_MS;
      await page.keyboard.press(key);
      // polled by a 2 ms timer, not by animation frames (Playwright's default): a harness asking
      // for frames keeps the compositor ticking, which no visitor's page does, and each key
      // would then wait for its tick
      await page.waitForFunction((b) => window.__lat.length > b, before, { timeout: 5000, polling: 2 }).catch(async (e) => {
        console.error(`${system}: move ${moves} of ${STEPS} (${key}) was never repainted (value ${await knob.inputValue()}, focus on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))})`);
        throw e;
      });
      moves++;
    };
    // Never past the knob's end (a step there changes nothing): as many new values as it has a leg.
    for (let up = true; moves < STEPS; up = !up) {
      const [now, min, max, step] = await slider.evaluate((el) => [Number(el.value), Number(el.min), Number(el.max), Number(el.step) || 1]);
      const leg = Math.min(STEPS - moves, most, Math.floor(((up ? max - now : now - min) / step) + 1e-9));
      for (let i = 0; i < leg; i++) await press(up ? "ArrowRight" : "ArrowLeft", slider);
      if (moves >= STEPS || !turn) break;
      const other = page.getByRole("slider", { name: turn, exact: true });
      await takeFocus(other);
      await press("ArrowRight", other);
      await takeFocus(slider);
    }
    const lat = await page.evaluate(() => window.__lat);
    if (process.argv.includes("--histogram")) {
      const edges = [0, 4, 8, 12, 16, 20, 33];
      const counts = edges.map((b, i) => lat.filter((x) => x >= b && x < (edges[i + 1] ?? Infinity)).length);
      console.log(`${system.padEnd(8)} steps by latency ${edges.map((b, i) => `${b}${edges[i + 1] ? `-${edges[i + 1]}` : "+"} ms: ${counts[i]}`).join(", ")}`);
    }
    if (process.argv.includes("--warm") && lat.length > 50) {
      const part = (xs) => `median ${q(xs, 0.5).toFixed(1)} p95 ${q(xs, 0.95).toFixed(1)}`;
      console.log(`${system.padEnd(8)} moves 1-50 ${part(lat.slice(0, 50))}; moves 51-${lat.length} ${part(lat.slice(50))}`);
    }
    if (process.argv.includes("--slow")) {
      const slow = lat.flatMap((x, i) => (x > 8.3 ? [`#${i + 1} ${x.toFixed(1)}`] : []));
      console.log(`${system.padEnd(8)} presses over 8.3 ms: ${slow.join(", ") || "none"}`);
    }
    if (process.argv.includes("--split")) {
      const split = await page.evaluate(() => window.__split);
      const half = (i) => `median ${q(split.map((s) => s[i]), 0.5).toFixed(1)} p95 ${q(split.map((s) => s[i]), 0.95).toFixed(1)}`;
      console.log(`${system.padEnd(8)} key to the curve's change ${half(0)}; the change to the frame ${half(1)}`);
    }
    console.log(`${system.padEnd(8)} ${(turn ? `${label} (+${turn})` : label).padEnd(30)} n ${String(lat.length).padStart(3)}  median ${q(lat, 0.5).toFixed(1).padStart(5)}  p95 ${q(lat, 0.95).toFixed(1).padStart(5)}  max ${Math.max(...lat).toFixed(1).padStart(5)}`);
  }
  await browser.close();
} finally {
  stop();
}
