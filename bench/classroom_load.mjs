// A classroom on loopback: N virtual students each open a shared scenario link (the page, its
// script and style, the scenario, the model's description and the memo dataset), then move a
// knob every ~300 ms for the rest of the run, each move a sweep through the API (a student whose
// browser has not started Python yet). Reports requests/s, latency p50/p99 and errors, by kind.
//
//   node bench/classroom_load.mjs [--students 50] [--seconds 20] [--base URL ...] [--check]
//
// Several --base URLs share the students round-robin (one app process each, as behind a proxy);
// the shared scenario is created through the first and read through all. Without --base it
// starts one app of its own. --check exits non-zero on any error (the test command uses it).
import { startApp } from "./lib.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const STUDENTS = Number(arg("students", 50));
const SECONDS = Number(arg("seconds", 20));
const CHECK = process.argv.includes("--check");
let bases = process.argv.flatMap((a, i) => (a === "--base" ? [process.argv[i + 1]] : []));
let stop = () => {};
if (!bases.length) {
  const app = await startApp();
  bases = [app.base];
  stop = app.stop;
}

const stats = new Map(); // kind -> { ms: [], errors: 0, samples: [] }
const record = (kind, ms, ok, what) => {
  const s = stats.get(kind) ?? { ms: [], errors: 0, samples: [] };
  s.ms.push(ms);
  if (!ok) {
    s.errors++;
    if (s.samples.length < 3) s.samples.push(what);
  }
  stats.set(kind, s);
};

async function timed(kind, url, init) {
  const t = performance.now();
  try {
    const r = await fetch(url, { ...init, headers: { "accept-encoding": "br, gzip", ...(init?.headers ?? {}) } });
    const body = await r.arrayBuffer();
    record(kind, performance.now() - t, r.ok, `${r.status} ${url}`);
    return { r, body };
  } catch (e) {
    record(kind, performance.now() - t, false, `${e.cause?.code ?? e.message} ${url}`);
    return null;
  }
}

// The teacher's scenario, made through the first app process.
const made = await fetch(`${bases[0]}/api/scenarios`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ system: "decnet", knobs: { circuit: "CI", link_quota: 16 }, x: "link_quota", y: "throughput_bps",
    title: "Class: the CI's window", notes: "Open this link.", public: false }),
});
if (made.status !== 201) throw new Error(`could not create the class scenario: HTTP ${made.status}`);
const { slug } = await made.json();

async function student(i, until) {
  const base = bases[i % bases.length];
  const page = await timed("page + assets", `${base}/s/${slug}`);
  const html = page ? new TextDecoder().decode(page.body) : "";
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  if (page && !assets.length) record("page + assets", 0, false, "no assets in the page");
  await Promise.all(assets.map((a) => timed("page + assets", base + a)));
  const sc = await timed("scenario + model + data", `${base}/api/scenarios/${slug}`);
  await Promise.all([
    timed("scenario + model + data", `${base}/api/models/decnet`),
    timed("scenario + model + data", `${base}/api/datasets/decnet-throughput`),
  ]);
  const saved = sc?.r.ok ? JSON.parse(new TextDecoder().decode(sc.body)) : null;
  let quota = saved?.knobs?.link_quota ?? 16;
  let buffer = 576;
  while (performance.now() < until) {
    await new Promise((r) => setTimeout(r, 200 + Math.random() * 200));
    // A student drags the buffer size; the curve along link quota is recomputed.
    buffer = 64 + ((buffer + 37 * (1 + (i % 7))) % 1400);
    quota = 2 + ((quota + 2) % 62);
    await timed("sweep", `${base}/api/models/decnet/sweep`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ knobs: { circuit: "CI", link_quota: quota, buffer_size: buffer }, x: "link_quota" }),
    });
  }
}

const t0 = performance.now();
const until = t0 + SECONDS * 1000;
// Students arrive over the first two seconds, as a class does after the link is shared.
await Promise.all(Array.from({ length: STUDENTS }, (_, i) => new Promise((r) => setTimeout(r, (2000 * i) / STUDENTS)).then(() => student(i, until))));
const elapsed = (performance.now() - t0) / 1000;
stop();

const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
let total = 0, errors = 0;
console.log(`${STUDENTS} students, ${elapsed.toFixed(1)} s, ${bases.length} app process(es): ${bases.join(" ")}`);
for (const [kind, s] of stats) {
  total += s.ms.length;
  errors += s.errors;
  console.log(`  ${kind.padEnd(26)} ${String(s.ms.length).padStart(6)} req  ${(s.ms.length / elapsed).toFixed(0).padStart(5)}/s  p50 ${q(s.ms, 0.5).toFixed(1).padStart(6)} ms  p99 ${q(s.ms, 0.99).toFixed(1).padStart(7)} ms  errors ${s.errors}${s.samples.length ? ` (${s.samples.join("; ")})` : ""}`);
}
const all = [...stats.values()].flatMap((s) => s.ms);
console.log(`  ${"all".padEnd(26)} ${String(total).padStart(6)} req  ${(total / elapsed).toFixed(0).padStart(5)}/s  p50 ${q(all, 0.5).toFixed(1).padStart(6)} ms  p99 ${q(all, 0.99).toFixed(1).padStart(7)} ms  errors ${errors}`);
if (CHECK && (errors > 0 || total === 0)) process.exit(1);
