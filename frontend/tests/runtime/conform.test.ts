// An untrusted answer checked against its operation's generated shape: the models' own answers
// pass (every operation the sandbox answers, asked of the edit bridge by CPython), and what is
// not of the type, or past a bound, refuses the answer whole.
import { describe, expect, it } from "vitest";
import { LIMITS, type Shape, conform, refusal } from "../../src/runtime/conform";
import { ANSWERS, NAMED } from "../../src/runtime/shapes.gen";
import { python } from "../fixtures/python";

// Each operation's answer from the sandbox's bridge, on the unedited AFS model (the laws at a
// few settings; the memo fit's first configuration left out; a simulation of DECnet's, which
// AFS has none of).
const REAL = python<Record<string, unknown>>(`
import json
from perfmodels.editing import editbridge as b
def ask(op, system="afs", **a):
    return json.loads(b.call(op, json.dumps({"system": system, **a})))["result"]
fit = ask("memo_fit")
left = ask("memo_left_out", group=fit["groups"][0])
table = "chunksize,read_kBps\\n13,1700\\n16,4000\\n"
own = ask("fit_own", text=table)
print(json.dumps({
    "evaluate": ask("evaluate"), "sweep": ask("sweep", x="chunksize", band=True), "band": ask("band", x="chunksize"),
    "describe": ask("describe"), "atlas": ask("atlas"), "sensitivity": ask("sensitivity", metric="read_kBps"),
    "table": ask("table", text=table), "fit": ask("fit", text=table),
    "left_out": ask("left_out", text=table, fit=own["fit"]["fitted"], best=own["fit"]["best"]), "simulate": ask("simulate", "decnet", target=0.3, max_events=20000),
    "source": ask("source"), "edit": ask("edit", files=None), "memo_fit": fit,
    "memo_left_out": left, "laws": ask("laws", n=5),
    "fit_memo": ask("fit_memo"), "fit_own": own,
}))
`);

describe("the models' own answers", () => {
  it.each(Object.keys(ANSWERS))("%s passes its shape unchanged", (op) => {
    expect(op in REAL).toBe(true);
    // (a model's whole source is longer than any word the page shows: the page reads it from the
    // models' archive, never from the sandbox)
    const limits = op === "source" ? { ...LIMITS, string: 1 << 20 } : LIMITS;
    expect(conform(ANSWERS[op as keyof typeof ANSWERS], REAL[op], NAMED, limits)).toEqual(REAL[op]);
  });
});

describe("an answer that is not of its type", () => {
  const summary: Shape = { ref: "ErrorSummary" };
  const ok = { n: 3, median_abs: 1.5, max_abs: null };

  it("loses the fields the type does not name, and keeps what it does", () => {
    expect(conform(summary, { ...ok, script: "<b>" }, NAMED)).toEqual(ok);
    const proto = JSON.parse('{"__proto__": 1, "a": 2}');
    const kept = conform<Record<string, number>>({ record: "number" }, proto, NAMED)!;
    expect(Object.entries(kept)).toEqual([["__proto__", 1], ["a", 2]]); // a key, kept as data
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
  });

  it("is refused whole", () => {
    for (const bad of [null, [], "3", { ...ok, n: 3.5 }, { ...ok, n: "3" }, { n: 3, median_abs: 1 }, { ...ok, max_abs: Number.NaN },
      { ...ok, median_abs: Number.POSITIVE_INFINITY }]) {
      expect(conform(summary, bad, NAMED)).toBeNull();
    }
    // a field the type names is the answer's own, never its prototype's: required, it is missing;
    // optional, it is absent (not a function to refuse)
    const fields: Record<string, Shape> = Object.fromEntries([["toString", "string"]]);
    expect(conform({ object: fields }, {}, NAMED)).toBeNull();
    expect(conform({ object: fields, optional: ["toString"] }, {}, NAMED)).toEqual({});
    expect(conform({ ref: "NoSuchType" }, {}, NAMED)).toBeNull();
  });

  it("is refused past a bound: a string, a list, a record, a depth", () => {
    expect(conform("string", "x".repeat(LIMITS.string), NAMED)).not.toBeNull();
    expect(conform("string", "x".repeat(LIMITS.string + 1), NAMED)).toBeNull();
    expect(conform("number", -LIMITS.magnitude, NAMED)).toBe(-LIMITS.magnitude);
    expect(conform("number", LIMITS.magnitude * 10, NAMED)).toBeNull();
    expect(conform({ list: "number" }, new Array(LIMITS.list + 1).fill(1), NAMED)).toBeNull();
    expect(conform({ record: "number" }, Object.fromEntries(Array.from({ length: LIMITS.record + 1 }, (_, i) => [`k${i}`, 1])), NAMED)).toBeNull();
    let deep: Shape = "number";
    let value: unknown = 1;
    for (let i = 0; i < LIMITS.depth + 2; i++) {
      deep = { list: deep };
      value = [value];
    }
    expect(conform(deep, value, NAMED)).toBeNull();
    // a knob's value of unknown type is a plain value, never a structure
    expect(conform("unknown", { a: 1 }, NAMED)).toBeNull();
  });
});

describe("why an answer is refused, in words", () => {
  it("says where in the answer, and what was there", () => {
    const sweep = ANSWERS.sweep;
    const curve = JSON.parse(JSON.stringify(REAL.sweep)) as { bottleneck: unknown[]; metrics: Record<string, unknown[]> };
    expect(refusal(sweep, REAL.sweep, NAMED)).toBeNull();
    curve.bottleneck[2] = "x".repeat(5000);
    expect(refusal(sweep, curve, NAMED)).toBe("bottleneck[2]: a text of 5,000 characters (at most 4,000)");
    curve.bottleneck[2] = null;
    curve.metrics.read_kBps[0] = "fast";
    expect(refusal(sweep, curve, NAMED)).toBe("metrics.read_kBps[0]: a text where a number or null belongs");
    curve.metrics.read_kBps[0] = 1e300;
    expect(refusal(sweep, curve, NAMED)).toBe("metrics.read_kBps[0]: a number of 1.00e+300 (at most 1e+12 in size)");
    expect(refusal(sweep, JSON.parse(JSON.stringify({ ...curve, metrics: undefined })), NAMED)).toBe("metrics: missing");
    expect(refusal(sweep, "curve", NAMED)).toBe("the answer: a text where an object belongs");
  });
});
