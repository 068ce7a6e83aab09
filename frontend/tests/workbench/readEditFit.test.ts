// A fit of the edited model is read as untrusted: the shape the page shows, the model's own names.
import { describe, expect, it } from "vitest";
import type { SystemSpec } from "../../src/api/types";
import { readLeftOut, readMemoFit, readOwnFit } from "../../src/workbench/readEditFit";

const spec = {
  id: "afs",
  params: [{ name: "rtt_ms" }, { name: "network_MBps" }],
  knobs: [{ name: "chunksize" }, { name: "client" }],
  metrics: [{ name: "read_kBps" }, { name: "write_kBps" }],
} as unknown as SystemSpec;

const summary = (median: number) => ({ n: 4, median_abs: median, max_abs: median * 2 });
const memo = { params: { rtt_ms: 3.5, network_MBps: 10.27 }, ranges: { rtt_ms: [3.4, 3.6], network_MBps: [10.2, 10.4] }, before: summary(40), after: summary(4) };

const fit = {
  system: "afs", fitted: ["network_MBps"], best: { network_MBps: 8 }, params: { rtt_ms: 3.5, network_MBps: 8 }, knobs: {},
  ranges: { network_MBps: [7.9, 8.1] }, loss: 0.001,
  rows: [{ line: 2, metric: "read_kBps", measured: 1753.6, fitted: 1753.6, memo_model: 1845.2, error_percent: 0, baseline_percent: 139, missing: null }],
  summary: { in_sample: summary(0), baseline: summary(35) },
  warnings: [{ kind: "undetermined", name: "network_MBps", message: "a word" }],
  unpinned: [{ name: "rtt_ms", reason: "no effect", partners: [], value: 3.5, message: "kept" }],
  prior: { weight: 0, tried: [[1, 0.02], [0, 0.01]] },
  comparison: { fitted_left_out: summary(0), memo: summary(20), better: true },
};

describe("a fit of the edit to the memo, from the sandbox", () => {
  it("is kept as the page shows it, and extra fields are dropped", () => {
    expect(readMemoFit({ ...memo, html: "<b>" }, spec)).toEqual(memo);
  });

  it("is refused when malformed or naming what the model has not", () => {
    expect(readMemoFit(null, spec)).toBeNull();
    expect(readMemoFit({ ...memo, params: { rtt_ms: "3.5", network_MBps: 1 } }, spec)).toBeNull();
    expect(readMemoFit({ ...memo, params: { stolen: 1 }, ranges: { stolen: [0, 1] } }, spec)).toBeNull();
    expect(readMemoFit({ ...memo, ranges: { rtt_ms: [3.4, 3.6] } }, spec)).toBeNull(); // a value without its range
    expect(readMemoFit({ ...memo, after: { n: 4, median_abs: Number.POSITIVE_INFINITY, max_abs: 1 } }, spec)).toBeNull();
  });
});

describe("a fit of the edit to a user's table, from the sandbox", () => {
  it("is the explorer's own fit, named for the page's system", () => {
    const r = readOwnFit({ fit: { ...fit, system: "evil" }, before: summary(30) }, spec);
    expect(r?.fit.system).toBe("afs");
    expect(r?.fit.best).toEqual({ network_MBps: 8 });
    expect(r?.before).toEqual(summary(30));
  });

  it("is refused when malformed or naming what the model has not", () => {
    const bad = (f: object) => readOwnFit({ fit: { ...fit, ...f }, before: summary(30) }, spec);
    expect(readOwnFit({ fit, before: null }, spec)).toBeNull();
    expect(bad({ best: { network_MBps: 8, password: 1 } })).toBeNull();
    expect(bad({ knobs: { elsewhere: 1 } })).toBeNull();
    expect(bad({ ranges: {} })).toBeNull(); // a fitted value without its range
    expect(bad({ rows: [{ ...fit.rows[0], metric: "secret" }] })).toBeNull();
    expect(bad({ rows: [{ ...fit.rows[0], missing: undefined }] })).toBeNull(); // a field left out
    expect(bad({ prior: { weight: 0, tried: "[[1, 0.02]]" } })).toBeNull();
    expect(bad({ warnings: [{ kind: "x", name: null, message: "m".repeat(5000) }] })).toBeNull();
  });

  it("has its rows left out read as errors by row, or refused", () => {
    expect(readLeftOut({ "2 read_kBps": 1.5, "3 read_kBps": null })).toEqual({ "2 read_kBps": 1.5, "3 read_kBps": null });
    expect(readLeftOut({ "2 read_kBps": "1.5" })).toBeNull();
    expect(readLeftOut([1, 2])).toBeNull();
  });
});
