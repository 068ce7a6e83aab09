// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { SystemSpec } from "../../src/api/types";
import { textWidth } from "../../src/chart/measure";
import { type ExportContext, fileName, MAX_ASPECT, seriesCsv, shortHash, svgText } from "../../src/explorer/exporting";
import { formatSetting } from "../../src/format";
import { marksOf } from "../chart/marks/scene";
import { python } from "../fixtures/python";

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


describe("an exported image fits a page", () => {
  // every system's settings, a baseline of all its knobs, a fit and a long link (a table of the
  // user's own in it), on a phone's, a projector's and a desktop's chart (issue 39: FFS with a
  // baseline exported 4132 px wide, the chart in its left eighth)
  const specs = python<SystemSpec[]>("import json, perfmodels; print(json.dumps([perfmodels.describe(s) for s in perfmodels.systems()]))");
  const chartSvg = (width: number, height: number) => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    return svg as SVGSVGElement;
  };
  const size = (doc: string) => {
    const m = /<svg[^>]* width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(doc)!;
    return { w: Number(m[1]), h: Number(m[2]) };
  };
  it.each(specs.map((s) => [s.id, s] as const))("%s: as wide as the chart, at most 2.2 times as wide as tall, the link whole across its lines", (_, spec) => {
    const settings = spec.knobs.map((k) => formatSetting(k.label, k.default, k.unit));
    const url = `http://127.0.0.1:8765/explore/${spec.id}?${spec.knobs.map((k) => `${k.name}=${k.default}`).join("&")}&baseline=${encodeURIComponent(spec.knobs.map((k) => `${k.name}:${k.default}`).join(";"))}&data=${"N4IgLgngDgpiBcIBKBLAzgYQPYBsdTiBwBWANQEwBaAVgAYB2ABgE5X6A".repeat(20)}`;
    for (const [width, height] of [[335, 250], [836, 380], [1386, 540]]) {
      const ctx = { ...context, system: spec.id, title: spec.title, settings, baseline: settings, fitted: ["a = 1", "b = 2"], url };
      const doc = svgText(chartSvg(width, height), ctx, marksOf({ curve: [{ x: 2, y: 100 }, { x: 4, y: 200 }] }));
      const { w, h } = size(doc);
      expect(w, `${width} px`).toBe(width);
      expect(w / h, `${width} px`).toBeLessThanOrEqual(MAX_ASPECT);
      // (jsdom writes xmlns twice, which its XML parser refuses; a browser's does not)
      const parsed = new DOMParser().parseFromString(doc, "text/html");
      const lines = [...parsed.querySelectorAll("text")].map((t) => t.textContent ?? "");
      expect(lines.length).toBeGreaterThan(8);
      for (const line of lines) expect(textWidth(line, 12), line).toBeLessThanOrEqual(width - 24 + 1);
      expect([...parsed.querySelectorAll("text.export-url")].map((t) => t.textContent).join("")).toBe(url);
      expect(parsed.querySelector("text.export-url")?.parentElement?.getAttribute("href")).toBe(url);
    }
  });
});
