import { describe, expect, it } from "vitest";
import { coerce, defaults, parse, serialize } from "../../src/state/urlState";
import { describe_ } from "../fixtures/python";

const spec = describe_("decnet");
const knob = (name: string) => spec.knobs.find((k) => k.name === name)!;

describe("parse", () => {
  it("reads every knob and both axes", () => {
    const { state, notices } = parse("?circuit=NI&link_quota=32&buffer_size=1467&test=NFT%2FFAL&x=buffer_size&y=cpu_percent&per=test", spec);
    expect(notices).toEqual([]);
    expect(state).toEqual({
      knobs: { circuit: "NI", link_quota: 32, buffer_size: 1467, test: "NFT/FAL", copy_us_per_byte: 2, return_queue_share: 0 },
      x: "buffer_size",
      y: "cpu_percent",
      baseline: null,
      scenario: null,
      per: "test",
    });
    expect(parse(`?${serialize(state, spec)}`, spec).state).toEqual(state);
  });

  it("keeps a system's default 'one curve per' out of the URL, and 'none' when it is turned off", () => {
    const ofn = describe_("ofn");
    const d = defaults(ofn);
    expect(d.per).toBe("method");
    expect(serialize(d, ofn)).not.toContain("per=");
    const one = { ...d, per: null };
    expect(serialize(one, ofn)).toContain("per=none");
    expect(parse(`?${serialize(one, ofn)}`, ofn).state.per).toBeNull();
  });

  it("draws one curve per value only of a choice knob", () => {
    for (const bad of ["link_quota", "nope", ""]) {
      const { state, notices } = parse(`?per=${bad}`, spec);
      expect(state.per).toBeNull();
      expect(notices.join(" ")).toContain("not a choice knob");
    }
  });

  it("falls back to the default per bad parameter, with a notice each", () => {
    const { state, notices } = parse("?circuit=XYZ&link_quota=17&buffer_size=1e9&x=circuit&y=nope&evil=%3Cb%3E", spec);
    expect(state).toEqual(defaults(spec));
    expect(notices).toHaveLength(6);
    expect(notices.join(" ")).toContain("Circuit must be one of DTE, CI, NI");
    expect(notices.join(" ")).toContain("Link quota must be an integer from 2 to 64 in steps of 2");
  });

  it("refuses a log2 knob's value off its grid, in the link as in the API", () => {
    const ffs = describe_("ffs");
    const { state, notices } = parse("?block_size=3000", ffs);
    expect(state.knobs.block_size).toBe(ffs.knobs.find((k) => k.name === "block_size")!.default);
    expect(notices.join(" ")).toContain("Block size must be a power of 2 from 1024 to 16384");
    const k = ffs.knobs.find((kk) => kk.name === "block_size")!;
    expect(coerce(k, "8192")).toBe(8192);
    expect(coerce(k, "3000")).toBeNull();
  });

  it("never throws on hostile input", () => {
    for (const s of ["?%", "?link_quota=", "?=&=", `?link_quota=${"9".repeat(5000)}`, "?x=__proto__", "?constructor=1"]) {
      const { state } = parse(s, spec);
      expect(state.knobs.link_quota).toBe(16);
    }
  });

  it("round-trips through serialize", () => {
    const { state } = parse("?circuit=DTE&link_quota=8&buffer_size=300&test=DTS%2FDTR", spec);
    expect(parse(`?${serialize(state, spec)}`, spec)).toEqual({ state, notices: [] });
  });
});

describe("coerce mirrors the Python validation", () => {
  it.each([
    ["link_quota", "18", 18],
    ["link_quota", " 18 ", 18],
    ["link_quota", "18.0", 18],
    ["link_quota", "19", null],
    ["link_quota", "0x10", null],
    ["link_quota", "Infinity", null],
    ["link_quota", "", null],
    ["buffer_size", "1467", 1467],
    ["buffer_size", "1468", null],
    ["circuit", "ci", null],
  ])("%s=%s -> %s", (name, raw, want) => {
    expect(coerce(knob(name), raw)).toBe(want);
  });
});
