import { describe, expect, it } from "vitest";
import { type ExportContext, fileName, seriesCsv, shortHash } from "../../src/explorer/exporting";
import { marksOf } from "../chart/marks/scene";

const context: ExportContext = {
  system: "decnet",
  title: "DECnet-20 link quota",
  xLabel: "Link quota",
  xUnit: "buffers",
  yLabel: "Throughput",
  yUnit: "bit/s",
  settings: ["Circuit CI", "Buffer size 576 bytes"],
  citation: 'A. Author, "The memo" (1984); Table 1',
  url: "http://x/explore/decnet?circuit=CI",
  state: "circuit=CI&link_quota=16",
};

describe("exports", () => {
  it("name a file by system, axes and a hash of the settings", () => {
    const a = fileName(context, "link_quota", "throughput_bps");
    expect(a).toMatch(/^decnet-throughput_bps-vs-link_quota-[0-9a-f]{8}$/);
    expect(fileName({ ...context, state: "circuit=NI&link_quota=16" }, "link_quota", "throughput_bps")).not.toBe(a);
    expect(shortHash("abc")).toBe(shortHash("abc"));
  });

  it("write every drawn series and memo point under a header of settings, units and citation", () => {
    const csv = seriesCsv(context, marksOf({
      curve: [{ x: 2, y: 100, bottleneck: "circuit" }, { x: 4, y: Number.NaN }],
      baseline: { knobs: {}, points: [{ x: 2, y: 90 }], at: null },
      memo: [{ x: 16, y: 466000, printed: "466K bit/s", citation: "Memo, Table 1, row CI", exact: false, differs: ["x"], x0: 8, x1: 32 }],
    }));
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe("# DECnet-20 link quota: Throughput (bit/s) against Link quota (buffers)");
    expect(lines).toContain("# setting: Circuit CI");
    expect(lines.find((l) => l.startsWith("# memo figures:"))).toContain("Table 1");
    const header = lines.findIndex((l) => !l.startsWith("#"));
    expect(lines[header]).toBe("series,Link quota (buffers),Throughput (bit/s),bottleneck,printed,citation");
    expect(lines.slice(header + 1)).toEqual([
      "model,2,100,circuit,,",
      "model,4,,,,",
      "baseline,2,90,,,",
      "memo (another setting),16,466000,,466K bit/s,\"Memo, Table 1, row CI (measured somewhere between 8 and 32)\"",
    ]);
  });

  it("carry a user's own fit and measurements: the fitted values in the header, each measurement a row", () => {
    const csv = seriesCsv({ ...context, fitted: ["host cost per message (ms) = 4.7"] },
      marksOf({ curve: [{ x: 8, y: 410000 }], curveLabel: "your fit", own: { points: [{ x: 8, y: 420000, line: 2 }], elsewhere: 0 } }));
    const lines = csv.trim().split("\n");
    expect(lines).toContain("# fitted to your own measurements: host cost per message (ms) = 4.7");
    expect(lines.at(-1)).toBe("your measurement,8,420000,,,\"your table, line 2\"");
  });
});

