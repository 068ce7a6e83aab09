import { describe, expect, it } from "vitest";
import { formatSetting, formatValue, knobDisplay, plural, withUnit } from "../src/format";

describe("one way to write numbers", () => {
  it("uses binary prefixes for bytes, as the memos write 8k and 16k", () => {
    expect(formatValue(8192, "bytes")).toBe("8K bytes");
    expect(formatValue(16384, "bytes")).toBe("16K bytes");
    expect(formatValue(22592, "bytes")).toBe("22.1K bytes");
    expect(formatValue(1048576, "bytes")).toBe("1M bytes");
    expect(formatValue(1412, "bytes")).toBe("1,412 bytes");
    expect(formatValue(1024, "bytes")).toBe("1K bytes");
  });

  it("puts an SI prefix on big numbers, but never a second one on a prefixed unit", () => {
    expect(formatValue(466000, "bit/s")).toBe("466K bit/s");
    expect(formatValue(10000, "K/sec")).toBe("10,000 K/sec");
    expect(formatValue(7.25, "Mbit/s")).toBe("7.25 Mbit/s");
    expect(formatValue(47.4321, "%")).toBe("47.43%");
    expect(formatValue(Number.POSITIVE_INFINITY, "ms")).toBe("–");
  });

  it("says the unit once", () => {
    expect(withUnit("Users", "users")).toBe("Users");
    expect(withUnit("Link quota", "buffers")).toBe("Link quota (buffers)");
    expect(withUnit("Throughput", "")).toBe("Throughput");
    expect(plural(1, "dataset")).toBe("1 dataset");
    expect(plural(1127, "figure")).toBe("1,127 figures");
  });

  it("shows a log2 knob in bytes", () => {
    const chunk = knobDisplay({ unit: "log2 bytes", scale: "linear" });
    expect([chunk.unit, chunk.text(13), chunk.tick(20), chunk.log]).toEqual(["bytes", "8K bytes", "1M", true]);
    expect(formatSetting("Chunksize", 13, "log2 bytes")).toBe("Chunksize 8K bytes");
    expect(formatSetting("Circuit", "CI")).toBe("Circuit CI");
    expect(formatSetting("Users", 50, "users")).toBe("50 users"); // a knob named for its unit, once
  });
});

describe("one of a counted thing", () => {
  it("is singular, and only that: a rate, a symbol and a prefixed size keep their unit", () => {
    expect(formatValue(1, "users")).toBe("1 user");
    expect(formatValue(1, "lookups")).toBe("1 lookup");
    expect(formatValue(1, "OFNs")).toBe("1 OFN");
    expect(formatValue(1, "bytes")).toBe("1 byte");
    expect(formatValue(2, "users")).toBe("2 users");
    expect(formatValue(1.5, "buffers")).toBe("1.5 buffers");
    expect(formatValue(1, "ms")).toBe("1 ms");
    expect(formatValue(1, "s")).toBe("1 s");
    expect(formatValue(1, "locks/s")).toBe("1 locks/s");
    expect(formatValue(1024, "bytes")).toBe("1K bytes");
  });
});
