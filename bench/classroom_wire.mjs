// A class opening one link together over a school's shared uplink: how long until every student
// has a first curve, and until every student's Python is ready, and how many bytes move.
//
//   node bench/classroom_wire.mjs [--students 30,300] [--mbit 100] [--path /explore/decnet] [--plan]
//
// 1. Record: one first visit in headless Chromium (fresh profile, service worker allowed) through
//    a recording proxy, kept open 30 s so the service worker's prefetches are in it. Every
//    request's start and end, and the page's two marks (first curve, Python ready), are kept.
// 2. Replay: N students, each an HTTP client with a browser's six connections, send the same
//    requests through one proxy whose responses share --mbit of bandwidth. A request starts when
//    the request that last finished before it did in the recording has finished in the replay,
//    after the same pause (the browser's own work between the two). A student's first curve comes
//    the recorded pause after the first view's requests have all arrived, and Python is ready the
//    recorded pause after the runtime's files have all arrived.
//
// Each student has a device of their own, as in a class: only the link is shared, so one real
// browser's work is reused for all of them instead of running 300 browsers on this machine's two
// cores. What this measures is the wire; the per-device work is the recorded pauses.
// --plan prints the recorded requests with what each waits for (FC: the first curve needs it,
// RD: Python needs it). The app is started here; STATIC_DIR=<dist> serves another build.
import http from "node:http";
import { chromium } from "playwright-core";
import { CHROMIUM, startApp, startupMarks } from "./lib.mjs";
import { startProxy } from "./proxy.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const CLASSES = String(arg("students", "30,300")).split(",").map(Number);
const MBIT = Number(arg("mbit", 100));
const PATH = arg("path", "/explore/decnet");
const WINDOW_MS = 30_000;

/** The runtime's files (the model worker's script, Pyodide, the standard library, snapshot, models). */
const RUNTIME = (url) => /^\/(pyodide|py)\//.test(url) || /^\/assets\/worker-/.test(url);
/** What the first curve depends on: the page, its script and style, and the API calls made
 * before the curve was drawn (not the runtime's files, not what the service worker kept later). */
const FIRST_VIEW = (x, mark) => !RUNTIME(x.url) && x.tEnd <= mark;

async function recordVisit(base) {
  const rec = await startProxy(base, { record: true });
  const browser = await chromium.launch(CHROMIUM);
  try {
    const ctx = await browser.newContext();
    await ctx.addInitScript(startupMarks);
    const page = await ctx.newPage();
    await page.goto(rec.base + PATH);
    await page.waitForFunction(() => window.__marks.ready !== undefined && window.__marks.firstCurve !== undefined, null, { timeout: 60000 });
    const { origin, m } = await page.evaluate(() => ({ origin: performance.timeOrigin, m: window.__marks }));
    await page.waitForTimeout(Math.max(0, WINDOW_MS - (await page.evaluate(() => performance.now()))));
    await ctx.close();
    const xs = rec.exchanges.filter((x) => x.tStart - origin <= WINDOW_MS).sort((a, b) => a.tStart - b.tStart);
    return { origin, firstCurve: origin + m.firstCurve, ready: origin + m.ready, xs };
  } finally {
    await browser.close();
    rec.close();
  }
}

/** The replay plan: each request's trigger (the request that last finished before it started,
 * or the navigation) and the pause after it; each mark's dependencies and the pause after them. */
function plan(v) {
  const steps = v.xs.map((x) => {
    let trigger = -1, at = v.origin;
    v.xs.forEach((y, j) => {
      if (y.tEnd <= x.tStart && y.tEnd > at) [trigger, at] = [j, y.tEnd];
    });
    return { ...x, trigger, pause: x.tStart - at };
  });
  const mark = (t, deps) => {
    const ids = steps.flatMap((x, j) => (deps(x) && x.tEnd <= t ? [j] : []));
    const last = Math.max(v.origin, ...ids.map((j) => steps[j].tEnd));
    return { ids, pause: t - last };
  };
  return {
    steps,
    firstCurve: mark(v.firstCurve, (x) => FIRST_VIEW(x, v.firstCurve)),
    ready: mark(v.ready, (x) => RUNTIME(x.url) || x.url === PATH || /^\/assets\/index-/.test(x.url)),
  };
}

function send(agent, base, x) {
  return new Promise((resolve) => {
    const { host, connection, ...headers } = x.headers;
    const req = http.request(`${base}${x.url}`, { method: x.method, headers, agent }, (r) => {
      let bytes = 0;
      r.on("data", (c) => { bytes += c.length; });
      r.on("end", () => resolve({ status: r.statusCode, bytes, t: performance.now() }));
      r.on("error", () => resolve({ status: 0, bytes, t: performance.now() }));
    });
    req.on("error", () => resolve({ status: 0, bytes: 0, t: performance.now() }));
    req.end(x.body.length ? x.body : undefined);
  });
}

async function student(base, p, t0) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  // A trigger started and ended before the request it triggers: it comes earlier in the list.
  const pending = [];
  for (const x of p.steps) {
    pending.push((async () => {
      const after = x.trigger < 0 ? t0 : (await pending[x.trigger]).t;
      const wait = after + x.pause - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      return send(agent, base, x);
    })());
  }
  const finished = await Promise.all(pending);
  agent.destroy();
  const at = (m) => Math.max(t0, ...m.ids.map((j) => finished[j].t)) + m.pause - t0;
  const errors = finished.flatMap((r, j) => (r.status >= 400 || r.status === 0 ? [`${r.status || "no answer"} ${p.steps[j].method} ${p.steps[j].url.split("?")[0]}`] : []));
  return { firstCurve: at(p.firstCurve), ready: at(p.ready), errors };
}

const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;

const { base, stop } = await startApp();
try {
  const visit = await recordVisit(base);
  const p = plan(visit);
  if (process.argv.includes("--plan")) for (const [j, x] of p.steps.entries()) console.log(j, x.method, x.url.slice(0, 60), x.bytes, "start", (x.tStart - visit.origin).toFixed(0), "end", (x.tEnd - visit.origin).toFixed(0), "after", x.trigger, "+", x.pause.toFixed(0), p.firstCurve.ids.includes(j) ? "FC" : "", p.ready.ids.includes(j) ? "RD" : "");
  const perStudent = p.steps.reduce((a, x) => a + x.bytes, 0);
  console.log(`recorded first visit to ${PATH}: ${p.steps.length} requests, ${mb(perStudent)} on the wire within ${WINDOW_MS / 1000} s;`
    + ` first curve ${s(visit.firstCurve - visit.origin)}, Python ready ${s(visit.ready - visit.origin)} (loopback, no shaping)`);
  for (const n of CLASSES) {
    const link = await startProxy(base, { bitsPerSecond: MBIT * 1e6 });
    const t0 = performance.now();
    const out = await Promise.all(Array.from({ length: n }, () => student(link.base, p, t0)));
    const moved = [...link.counts.values()].reduce((a, c) => a + c.bytes, 0);
    const secs = (performance.now() - t0) / 1000;
    link.close();
    const fc = out.map((o) => o.firstCurve), rd = out.map((o) => o.ready);
    const errors = new Map();
    for (const e of out.flatMap((o) => o.errors)) errors.set(e, (errors.get(e) ?? 0) + 1);
    console.log(`${String(n).padStart(4)} students on ${MBIT} Mbit/s: every first curve ${s(Math.max(...fc))} (median ${s(q(fc, 0.5))}),`
      + ` every Python ready ${s(Math.max(...rd))} (median ${s(q(rd, 0.5))}); ${mb(moved)} moved in ${secs.toFixed(1)} s`
      + ` (${((moved * 8) / secs / 1e6).toFixed(1)} Mbit/s); failed responses: ${errors.size ? [...errors].map(([e, k]) => `${k} x ${e}`).join(", ") : "none"}`);
  }
} finally {
  stop();
}
