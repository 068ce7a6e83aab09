// Property tests (fast-check, the JavaScript counterpart of hypothesis) for the URL-state parser:
// any query string, on any system, gives a valid state or a notice, never an exception; and the
// state written back to a URL reads back the same, with no notices.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isChoice, type SystemSpec } from "../../src/api/types";
import { coerce, parse, serialize, type ExplorerState } from "../../src/state/urlState";
import { python } from "../fixtures/python";

const specs = python<SystemSpec[]>("import json, perfmodels; print(json.dumps([perfmodels.describe(s) for s in perfmodels.systems()]))");

function valid(state: ExplorerState, spec: SystemSpec) {
  for (const k of spec.knobs) {
    expect(coerce(k, String(state.knobs[k.name])), `${spec.id}.${k.name}=${state.knobs[k.name]}`).not.toBeNull();
    if (state.baseline) expect(coerce(k, String(state.baseline[k.name]))).not.toBeNull();
  }
  expect(Object.keys(state.knobs).sort()).toEqual(spec.knobs.map((k) => k.name).sort());
  expect(spec.knobs.some((k) => k.name === state.x && !isChoice(k))).toBe(true);
  expect(spec.metrics.some((m) => m.name === state.y)).toBe(true);
}

/** Query strings built from the system's own names (so values reach the knob checks), from
 * arbitrary text, and from raw percent-encoded bytes. */
function queries(spec: SystemSpec) {
  const names = [...spec.knobs.map((k) => k.name), "x", "y", "baseline", "scenario", "__proto__", "constructor"];
  const value = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.double().map(String),
    fc.integer({ min: -1e6, max: 1e6 }).map(String),
    fc.constantFrom(...spec.knobs.flatMap((k) => (isChoice(k) ? k.choices : [String(k.min), String(k.max), String(k.default)]))),
    fc.constantFrom(...spec.metrics.map((m) => m.name)),
  );
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 20 })), value);
  const structured = fc.array(pair, { maxLength: 12 }).map((ps) => new URLSearchParams(ps).toString());
  const raw = fc.string({ maxLength: 300, unit: "binary" }).map((s) => `?${s}`);
  return fc.oneof(structured, raw, fc.webQueryParameters());
}

describe.each(specs.map((s) => [s.id, s] as const))("%s URL state", (_id, spec) => {
  it("any query gives a valid state, and a notice for what it could not use", () => {
    fc.assert(
      fc.property(queries(spec), (q) => {
        const { state, notices } = parse(q, spec);
        valid(state, spec);
        for (const n of notices) expect(typeof n).toBe("string");
      }),
      { numRuns: 300 },
    );
  });

  it("a state written to a URL reads back the same, without notices", () => {
    fc.assert(
      fc.property(queries(spec), (q) => {
        const first = parse(q, spec).state;
        const again = parse(`?${serialize(first, spec)}`, spec);
        expect(again.notices).toEqual([]);
        expect(again.state).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });
});
