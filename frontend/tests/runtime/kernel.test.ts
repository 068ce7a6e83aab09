// @vitest-environment node
// The worker's kernel on real Pyodide in Node, set up as the worker sets it up (the trimmed
// standard library, its guard, kept start-up snapshots): the browser's Python gives the server's numbers.
import { beforeAll, describe, expect, it } from "vitest";
import { createKernel } from "../../src/runtime/kernel";
import type { WorkerEvent, WorkerRequest } from "../../src/runtime/protocol";
import { ReplyReader, WINDOW } from "../../src/runtime/replies";
import { snapshotStore } from "../../src/runtime/snapshots";
import { trimmedStdlib } from "../../src/runtime/stdlib";
import { fullStdlib, MemoryCaches, modelsArchive, pyodideLoader, trimmedStdlibPath } from "../fixtures/pyodide";
import { python } from "../fixtures/python";
import { decoded } from "./fakeWorker";

function harness(deps: Partial<Parameters<typeof createKernel>[0]>) {
  const events: WorkerEvent[] = [];
  const notices: string[] = [];
  const kernel = createKernel({
    loadPyodide: pyodideLoader(trimmedStdlibPath()),
    fetchModels: async () => modelsArchive(),
    stdlib: trimmedStdlib(async () => fullStdlib(), (m) => notices.push(m)),
    post: (e) => events.push(e),
    log: (m) => notices.push(m),
    ...deps,
  });
  const ask = async (req: Parameters<typeof kernel.handle>[0]) => {
    await kernel.handle(req);
    return decoded(events.filter((e) => e.type !== "status" && e.id === req.id).pop()!);
  };
  return { kernel, events, notices, ask };
}

describe("kernel on Pyodide", () => {
  const h = harness({});
  beforeAll(() => h.kernel.booted, 60_000);

  it("reports its boot phases in order", () => {
    const phases = h.events.filter((e) => e.type === "status").map((e) => (e as { phase: string }).phase);
    expect(phases).toEqual(["runtime", "models", "ready"]);
  });

  it("evaluates exactly as CPython does", async () => {
    const knobs = { circuit: "NI", link_quota: 24, buffer_size: 1467, test: "DTS/DTR" };
    const res = await h.ask({ id: 1, type: "evaluate", system: "decnet", knobs });
    expect(res.type).toBe("result");
    const cpython = python<{ metrics: Record<string, number> }>(
      `import json, perfmodels; print(json.dumps(perfmodels.evaluate("decnet", json.loads(${JSON.stringify(JSON.stringify(knobs))}))))`,
    );
    const got = (res as { result: { metrics: Record<string, number> } }).result.metrics;
    for (const [k, v] of Object.entries(cpython.metrics)) expect(got[k]).toBeCloseTo(v, 9);
  });

  it("sweeps", async () => {
    const res = await h.ask({ id: 2, type: "sweep", system: "decnet", knobs: {}, x: "link_quota" });
    const s = (res as { result: { x: number[]; metrics: Record<string, number[]> } }).result;
    expect(s.x).toEqual(Array.from({ length: 32 }, (_, i) => 2 + 2 * i));
    const t = s.metrics.throughput_bps;
    for (let i = 1; i < t.length; i++) expect(t[i]).toBeGreaterThanOrEqual(t[i - 1]);
  });

  it("draws the atlas's curves as CPython does (perfmodels/atlas.py in the models archive)", async () => {
    const res = await h.ask({ id: 30, type: "atlas", system: "afs" });
    const got = (res as { result: { knee: number; y: number[] } }).result;
    const cpython = python<{ knee: number; y: number[] }>("import json; from perfmodels.atlas import curve; print(json.dumps(curve('afs')))");
    expect(got.knee).toBeCloseTo(cpython.knee, 9);
    expect(got.y.length).toBe(cpython.y.length);
    for (const [i, y] of got.y.entries()) expect(y).toBeCloseTo(cpython.y[i], 9);
  });

  it("posts every answer, and every refusal, on the reply board as well as by message", async () => {
    const buffer = new SharedArrayBuffer(1 << 20);
    await h.kernel.handle({ id: 0, type: "attach", buffer });
    const board = new ReplyReader(buffer);
    await h.kernel.handle({ id: 21, type: "evaluate", system: "decnet", knobs: { link_quota: 8 } });
    await h.kernel.handle({ id: 22, type: "evaluate", system: "decnet", knobs: { link_quota: 999 } });
    expect(board.newest).toBe(22);
    const got = board.read((id) => id !== 20)!;
    expect([...got.keys()]).toEqual([21, 22]);
    expect(got.get(21)!.result).toMatchObject({ knobs: { link_quota: 8 } });
    expect(got.get(22)!.error).toContain("link_quota");
    // the board keeps the newest few: older answers are left to their messages
    for (let id = 23; id < 23 + WINDOW; id++) await h.kernel.handle({ id, type: "evaluate", system: "decnet", knobs: { link_quota: 10 } });
    expect(board.read(() => true)!.has(21)).toBe(false);
  });

  it("turns a bad knob into an error naming it", async () => {
    const res = await h.ask({ id: 3, type: "evaluate", system: "decnet", knobs: { link_quota: 999 } });
    expect(res).toMatchObject({ type: "error", id: 3 });
    expect((res as { message: string }).message).toMatch(/link_quota.*2 to 64/);
  });
});

describe("kernel fitting a user's own table", () => {
  const TABLE = "block_size (KB),operation,bus,Throughput (KB/s)\n4,read,MASSBUS,380\n8,read,MASSBUS,520\n16,read,MASSBUS,610\n" +
    "4,write,MASSBUS,250\n8,write,MASSBUS,330\n16,write,MASSBUS,400\n4,read,UNIBUS,200\n8,read,UNIBUS,240\n";
  const events: WorkerEvent[] = [];
  const word = new Int32Array(new SharedArrayBuffer(4));
  let stopOn = -1;
  const h = harness({
    post: (e) => {
      events.push(e);
      // the page's Stop, pressed while the fit runs (the kernel posts its progress meanwhile)
      if (e.type === "progress" && e.id === stopOn) Atomics.store(word, 0, 2);
    },
  });
  beforeAll(async () => {
    await h.kernel.handle({ id: 0, type: "attach", buffer: new SharedArrayBuffer(1 << 20), interrupt: word.buffer as SharedArrayBuffer });
    await h.kernel.booted;
  }, 60_000);
  const last = (id: number) => decoded(events.filter((e) => e.type !== "status" && e.type !== "progress" && e.id === id).pop()!);

  it("reads the table and fits it, posting its progress as it goes, as CPython does", async () => {
    await h.kernel.handle({ id: 50, type: "table", system: "ffs", text: TABLE, knobs: {} });
    expect((last(50) as { result: { rows: unknown[]; problems: unknown[] } }).result).toMatchObject({ problems: [] });
    await h.kernel.handle({ id: 51, type: "fit", system: "ffs", text: TABLE, knobs: {} });
    const done = last(51) as { type: string; result: { best: Record<string, number> } };
    expect(done.type).toBe("result");
    const seen = events.filter((e) => e.type === "progress" && e.id === 51).map((e) => (e as { fraction: number }).fraction);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(1);
    const cpython = python<{ best: Record<string, number> }>(
      `import json, perfmodels; print(json.dumps(perfmodels.fit("ffs", text=${JSON.stringify(TABLE)}, left_out=False)))`,
    );
    for (const [k, v] of Object.entries(cpython.best)) expect(done.result.best[k]).toBeCloseTo(v, 6);
  });

  it("stops a fit when the page sets the interrupt word, and fits again afterwards", async () => {
    stopOn = 52;
    await h.kernel.handle({ id: 52, type: "fit", system: "ffs", text: TABLE, knobs: {} });
    expect(last(52)).toEqual({ type: "error", id: 52, message: "stopped" });
    stopOn = -1;
    await h.kernel.handle({ id: 53, type: "fit", system: "ffs", text: TABLE, knobs: {} });
    expect(last(53).type).toBe("result"); // the word is cleared: the next request runs
    await h.kernel.handle({ id: 54, type: "evaluate", system: "ffs", knobs: {} });
    expect(last(54).type).toBe("result");
  });
});

describe("kernel keeping a start-up snapshot", () => {
  const reqs: Record<string, unknown>[] = [
    { type: "sweep", system: "ffs", knobs: { bus: "UNIBUS" }, x: "block_size" },
    { type: "evaluate", system: "lavc", knobs: { users: 120, disk: "local" } },
    { type: "describe", system: "afs" },
  ];
  const KEY = "http://memolab.test/py/snapshot?build=1";

  it("keeps one after a quiet moment, and the next start restores it and answers the same", async () => {
    const caches = new MemoryCaches();
    let kept!: () => void;
    const keptNow = new Promise<void>((r) => (kept = r));
    const store = snapshotStore(caches as unknown as CacheStorage, KEY);
    const boots: string[] = [];
    let memory = 0;
    const first = harness({
      loadPyodide: pyodideLoader(trimmedStdlibPath(), boots),
      snapshots: {
        ...store,
        keep: (b) => {
          memory = b.length;
          return store.keep(b).then(kept);
        },
      },
      snapshotQuietMs: 50,
    });
    await first.kernel.booted;
    const answers = [];
    for (const [i, req] of reqs.entries()) answers.push(await first.ask({ id: 10 + i, ...req } as unknown as WorkerRequest));
    await keptNow;
    expect(first.notices).toEqual([]); // the trimmed library sufficed, and the snapshot was kept
    const stored = caches.stores.get("memolab-python")!;
    expect([...stored.keys()]).toEqual([KEY]);
    // the interpreter's memory (tens of MB) kept without its empty pages: well under its size
    expect(memory).toBeGreaterThan(16 << 20);
    expect(stored.get(KEY)!.body.byteLength).toBeLessThan(0.6 * memory);

    const second = harness({ loadPyodide: pyodideLoader(trimmedStdlibPath(), boots), snapshots: store });
    await second.kernel.booted;
    expect(boots).toEqual(["fresh", "snapshot"]);
    expect(second.notices).toEqual([]);
    expect(second.events.at(-1)).toMatchObject({ type: "status", phase: "ready" });
    for (const [i, req] of reqs.entries()) expect(await second.ask({ id: 10 + i, ...req } as unknown as WorkerRequest)).toEqual(answers[i]);
  }, 120_000);

  it("is not made while the page keeps asking", async () => {
    const kept: number[] = [];
    const h = harness({
      snapshots: { find: async () => null, keep: async (b) => void kept.push(b.length), drop: async () => undefined },
      snapshotQuietMs: 400,
    });
    await h.kernel.booted;
    for (let i = 0; i < 8; i++) {
      await h.ask({ id: 100 + i, type: "evaluate", system: "decnet", knobs: { link_quota: 2 + 2 * i } });
      await new Promise((r) => setTimeout(r, 100));
      expect(kept).toEqual([]);
    }
    await new Promise((r) => setTimeout(r, 700));
    expect(kept).toHaveLength(1);
  }, 120_000);

  it("drops a snapshot it cannot load, says so, and starts the ordinary way", async () => {
    const caches = new MemoryCaches();
    const store = snapshotStore(caches as unknown as CacheStorage, KEY);
    const cache = await caches.open("memolab-python");
    const gz = new Response(new Blob([new Uint8Array([1, 2, 3, 4])]).stream().pipeThrough(new CompressionStream("gzip")));
    await cache.put(KEY, gz);
    const boots: string[] = [];
    const h = harness({ loadPyodide: pyodideLoader(trimmedStdlibPath(), boots), snapshots: store, snapshotQuietMs: 60_000 });
    await h.kernel.booted;
    expect(h.events.at(-1)).toMatchObject({ type: "status", phase: "ready" });
    expect(boots).toEqual(["snapshot", "fresh"]);
    expect(h.notices.join("\n")).toMatch(/snapshot could not be loaded/);
    await new Promise((r) => setTimeout(r, 50));
    expect(await cache.keys()).toEqual([]);
  }, 120_000);
});

describe("kernel boot failures", () => {
  it("reports a failed boot and answers requests with the reason", async () => {
    const h = harness({ loadPyodide: () => Promise.reject(new Error("wasm 404")), fetchModels: async () => new ArrayBuffer(0) });
    await h.kernel.booted;
    expect(h.events.at(-1)).toMatchObject({ type: "status", phase: "failed", message: "wasm 404" });
    expect(await h.ask({ id: 9, type: "describe", system: "decnet" })).toMatchObject({ type: "error", message: "wasm 404" });
  });

  it("gives up after the boot timeout instead of hanging", async () => {
    const h = harness({ loadPyodide: () => new Promise(() => {}), fetchModels: async () => new ArrayBuffer(0), bootTimeoutMs: 50 });
    await h.kernel.booted;
    expect(h.events.at(-1)).toMatchObject({ type: "status", phase: "failed" });
    expect((h.events.at(-1) as { message: string }).message).toMatch(/did not start within/);
  });
});
