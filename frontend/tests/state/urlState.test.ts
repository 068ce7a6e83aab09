import { describe, expect, it } from "vitest";
import { coerce, dataFitsUrl, defaults, parse, serialize } from "../../src/state/urlState";
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
      data: null,
      fitted: null,
      spread: null,
      fit: null,
      bounds: true,
    });
    expect(parse(`?${serialize(state, spec)}`, spec).state).toEqual(state);
  });

  it("carries a user's table compressed, the parameters fitted to it and what was fitted, and refuses bad ones", () => {
    const ffs = describe_("ffs");
    const data = "block_size (KB),throughput (KB/s)\n4,380\n8,520\n# a note, with 'quotes' & ampersands\n";
    const state = { ...defaults(ffs), data, fitted: { cpu_block_ms: 5.25, track_ms: 0.5 }, fit: ["cpu_block_ms", "track_ms"] };
    const query = serialize(state, ffs);
    expect(query).toContain("fitted=cpu_block_ms%3A5.25%3Btrack_ms%3A0.5");
    // the table costs the link at most twice its own length (a short one barely compresses, and
    // the link's letters carry six bits each), whatever else the link holds (every knob)
    expect(query.length - serialize({ ...state, data: null }, ffs).length).toBeLessThan(2 * data.length);
    expect(parse(`?${query}`, ffs)).toEqual({ state, notices: [] });
    // a parameter out of its bounds, unknown, or a table that does not decompress: dropped, said
    const bad = parse("?fitted=cpu_block_ms%3A-1&data=%E2%82%AC%E2%82%AC", ffs);
    expect(bad.state.fitted).toBeNull();
    expect(bad.state.data).toBeNull();
    expect(bad.notices).toEqual([
      "The fitted parameters in this link are not valid for this model; showing the memo's calibration.",
      "The measurements in this link could not be read; they were dropped.",
    ]);
    expect(parse("?fitted=warp%3A2", ffs).state.fitted).toBeNull();
    // the range a table leaves open rides with its value, drawn as a band
    const open = { ...state, spread: { track_ms: [0.3, 0.9] as [number, number] } };
    expect(serialize(open, ffs)).toContain("fitted=cpu_block_ms%3A5.25%3Btrack_ms%3A0.5%3A0.3%3A0.9");
    expect(parse(`?${serialize(open, ffs)}`, ffs).state).toEqual(open);
    expect(parse("?fitted=track_ms%3A0.5%3A0.9%3A0.3", ffs).state.fitted).toBeNull(); // low above high
    // a table too large for a link stays out of it (it is saved with a scenario)
    const big = Array.from({ length: 2000 }, (_, i) => `${2 ** (i % 5 + 10)},${((i * 2654435761) % 1000003) / 7}`).join("\n");
    expect(dataFitsUrl(big)).toBe(false);
    expect(serialize({ ...defaults(ffs), data: big }, ffs)).not.toContain("data=");
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
