// @vitest-environment node
// The worker's kernel on real Pyodide in Node: the browser's Python gives the server's numbers.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadPyodide } from "pyodide";
import { beforeAll, describe, expect, it } from "vitest";
import { createKernel, type PyodideLike } from "../../src/runtime/kernel";
import type { WorkerEvent, WorkerRequest } from "../../src/runtime/protocol";
import { python, ROOT } from "../fixtures/python";

function modelsArchive(): ArrayBuffer {
  const out = join(mkdtempSync(join(tmpdir(), "memolab-")), "perfmodels.zip");
  execFileSync(`${ROOT}.venv/bin/python`, [`${ROOT}scripts/pack_models.py`, out]);
  const buf = readFileSync(out);
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
}

function harness(deps: Partial<Parameters<typeof createKernel>[0]>) {
  const events: WorkerEvent[] = [];
  const kernel = createKernel({
    loadPyodide: () => loadPyodide({ indexURL: `${ROOT}node_modules/pyodide/` }) as Promise<unknown> as Promise<PyodideLike>,
    fetchModels: async () => modelsArchive(),
    post: (e) => events.push(e),
    ...deps,
  });
  const ask = async (req: Parameters<typeof kernel.handle>[0]) => {
    await kernel.handle(req);
    return events.filter((e) => e.type !== "status" && e.id === req.id).pop()!;
  };
  return { kernel, events, ask };
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

  it("turns a bad knob into an error naming it", async () => {
    const res = await h.ask({ id: 3, type: "evaluate", system: "decnet", knobs: { link_quota: 999 } });
    expect(res).toMatchObject({ type: "error", id: 3 });
    expect((res as { message: string }).message).toMatch(/link_quota.*2 to 64/);
  });
});

describe("kernel starting from the build's snapshot", () => {
  const snapshotFile = join(mkdtempSync(join(tmpdir(), "memolab-")), "snapshot.bin");
  const archive = join(mkdtempSync(join(tmpdir(), "memolab-")), "perfmodels.zip");
  beforeAll(() => {
    execFileSync(`${ROOT}.venv/bin/python`, [`${ROOT}scripts/pack_models.py`, archive]);
    execFileSync("node", [`${ROOT}scripts/make_snapshot.mjs`, archive, snapshotFile]);
  }, 120_000);
  const boots: string[] = [];
  const load = (o: { snapshot?: Promise<Uint8Array> }) => {
    boots.push(o.snapshot ? "snapshot" : "fresh");
    return loadPyodide({ indexURL: `${ROOT}node_modules/pyodide/`, _loadSnapshot: o.snapshot }) as Promise<unknown> as Promise<PyodideLike>;
  };

  it("boots from the snapshot and answers exactly as a fresh interpreter does", async () => {
    const fromSnapshot = harness({ loadPyodide: load, fetchSnapshot: async () => new Uint8Array(readFileSync(snapshotFile)) });
    await fromSnapshot.kernel.booted;
    expect(boots).toEqual(["snapshot"]);
    const fresh = harness({ loadPyodide: load });
    await fresh.kernel.booted;
    const reqs: Record<string, unknown>[] = [
      { type: "sweep", system: "ffs", knobs: { bus: "UNIBUS" }, x: "block_size" },
      { type: "evaluate", system: "lavc", knobs: { users: 120, disk: "local" } },
      { type: "describe", system: "afs" },
    ];
    for (const [i, req] of reqs.entries()) {
      const a = await fromSnapshot.ask({ id: 10 + i, ...req } as unknown as WorkerRequest);
      expect(a.type).toBe("result");
      expect(a).toEqual(await fresh.ask({ id: 10 + i, ...req } as unknown as WorkerRequest));
    }
  }, 120_000);

  it("starts the ordinary way when the snapshot is missing or cannot be loaded", async () => {
    for (const bad of [null, new Uint8Array([1, 2, 3])]) {
      boots.length = 0;
      const h = harness({ loadPyodide: load, fetchSnapshot: async () => bad });
      await h.kernel.booted;
      expect(h.events.at(-1)).toMatchObject({ type: "status", phase: "ready" });
      expect(boots.at(-1)).toBe("fresh");
    }
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
