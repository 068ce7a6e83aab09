// @vitest-environment node
// The trimmed standard library (scripts/make_stdlib.mjs) in Node, as the worker uses it: every
// system's description, evaluations (every knob at its ends, every choice) and sweeps (along
// every numeric knob) answer exactly as CPython does, without ever needing the full library;
// and a library missing a module the models import falls back to the full one, with a notice.
import { readFileSync, statSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { SystemSpec } from "../../src/api/types";
import { createKernel } from "../../src/runtime/kernel";
import type { WorkerEvent, WorkerRequest } from "../../src/runtime/protocol";
import { trimmedStdlib } from "../../src/runtime/stdlib";
import { fullStdlib, modelsArchive, pyodideLoader, trimmedStdlibPath } from "../fixtures/pyodide";
import { python, ROOT } from "../fixtures/python";
import { decoded } from "./fakeWorker";

type Ask = Omit<WorkerRequest & { type: "evaluate" | "sweep" | "describe" }, "id">;

function runtime(stdlib: string) {
  const events: WorkerEvent[] = [];
  const notices: string[] = [];
  let fullFetches = 0;
  const kernel = createKernel({
    loadPyodide: pyodideLoader(stdlib),
    fetchModels: async () => modelsArchive(),
    stdlib: trimmedStdlib(
      async () => {
        fullFetches++;
        return fullStdlib();
      },
      (m) => notices.push(m),
    ),
    post: (e) => events.push(e),
    log: (m) => notices.push(m),
  });
  let id = 0;
  const ask = async (req: Ask) => {
    const mine = ++id;
    await kernel.handle({ id: mine, ...req } as WorkerRequest);
    return decoded(events.find((e) => e.type !== "status" && e.id === mine)!);
  };
  return { kernel, ask, notices, fullFetches: () => fullFetches };
}

/** Equal, numbers to 12 significant digits (WebAssembly's libm and the host's may differ in the last place). */
function close(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => close(x, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => close((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

// Every request the explorer can make on every system, and CPython's answers to them.
const specs = python<Record<string, SystemSpec>>("import json, perfmodels; print(json.dumps({s: perfmodels.describe(s) for s in perfmodels.systems()}))");
const asks: Ask[] = Object.entries(specs).flatMap(([system, spec]) => [
  { type: "describe", system } as Ask,
  { type: "evaluate", system, knobs: {} } as Ask,
  ...spec.knobs.flatMap((k) =>
    ("choices" in k && k.choices ? k.choices : "min" in k ? [k.min, k.max] : []).map((v) => ({ type: "evaluate", system, knobs: { [k.name]: v } }) as Ask),
  ),
  ...spec.knobs.filter((k) => !("choices" in k && k.choices)).map((k) => ({ type: "sweep", system, knobs: {}, x: k.name }) as Ask),
]);
const cpython = python<({ result: unknown } | { error: string })[]>(`
import json
from perfmodels import bridge
asks = json.loads(${JSON.stringify(JSON.stringify(asks))})
print(json.dumps([json.loads(bridge.call(a.pop("type"), json.dumps(a))) for a in asks]))
`);

describe("the trimmed standard library", () => {
  it("moves under a third of the full one's bytes (as the build compresses it)", () => {
    const trimmed = brotliCompressSync(readFileSync(trimmedStdlibPath()), { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    expect(trimmed.length).toBeLessThan(statSync(`${ROOT}node_modules/pyodide/python_stdlib.zip`).size / 3);
  });

  it("answers every system's requests as CPython does, without the full library", async () => {
    const r = runtime(trimmedStdlibPath());
    await r.kernel.booted;
    expect(asks.length).toBeGreaterThan(80);
    for (const [i, a] of asks.entries()) {
      const got = await r.ask(a);
      const want = cpython[i];
      if ("error" in want) expect(got).toMatchObject({ type: "error", message: want.error });
      else expect({ a, same: close(got.result, want.result) }).toEqual({ a, same: true });
    }
    expect(r.fullFetches()).toBe(0);
    expect(r.notices).toEqual([]);
  }, 120_000);

  it("falls back to the full library, with a notice, when a module is missing", async () => {
    // csv: imported by the models' datasets, not by Pyodide's own start
    const r = runtime(trimmedStdlibPath(["csv"]));
    await r.kernel.booted;
    expect(r.notices).toEqual([expect.stringMatching(/trimmed Python standard library has no csv; loading the full library/)]);
    expect(r.fullFetches()).toBe(1);
    const i = asks.findIndex((a) => a.type === "sweep" && a.system === "decnet");
    const got = await r.ask(asks[i]);
    expect(got.message).toBeUndefined();
    expect(close(got.result, (cpython[i] as { result: unknown }).result)).toBe(true);
    expect(r.fullFetches()).toBe(1);
  }, 120_000);
});
