// The y axis's title, turned on its side, stays inside the chart's svg however short the chart
// (a phone's is 250 px tall) and however long the title: centred on the plot where it fits,
// moved in from an edge where it would cross it, on two even lines where longer than the chart
// is tall (the left margin grows by a line), in smaller type only where two lines do not fit.
// (Outside a browser, text is measured at a generous 0.62 em a character: chart/measure.ts.)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textWidth } from "../../src/chart/measure";
import { yTitleLayout } from "../../src/chart/yTitle";

// a phone's chart: 250 px tall, the plot from 28 to 202 (Chart.tsx's margins)
const PHONE = { px: 13, x: 16, top: 28, bottom: 202, height: 250 };

/** The title's extent down the svg (its lines centred on y), and across it (turned: the glyphs
 * reach left of each line's baseline by about their ascent, right by their descent). */
function extent(t: ReturnType<typeof yTitleLayout>) {
  const w = Math.max(...t.lines.map((l) => textWidth(l, t.px)));
  return { top: t.y - w / 2, bottom: t.y + w / 2, left: t.x - 0.8 * t.px, right: t.x + (t.lines.length - 1) * t.lineHeight + 0.25 * t.px };
}

describe("the y axis's title on a narrow chart", () => {
  it("DECnet's throughput on a phone: one line, centred on the plot, inside the svg", () => {
    const t = yTitleLayout("Throughput (bit/s)", PHONE);
    expect(t.lines).toEqual(["Throughput (bit/s)"]);
    expect([t.px, t.x, t.y, t.extra]).toEqual([13, 16, 115, 0]);
    const e = extent(t);
    expect(e.top).toBeGreaterThanOrEqual(0);
    expect(e.bottom).toBeLessThanOrEqual(250);
    expect(e.left).toBeGreaterThanOrEqual(0);
  });

  it("a title longer than the chart is tall goes on two lines, the plot moved right by one", () => {
    const title = "Boot member CPU demand (offered) (%)";
    expect(textWidth(title, 13)).toBeGreaterThan(250); // (it ran off both ends on one line)
    const t = yTitleLayout(title, PHONE);
    expect(t.lines).toEqual(["Boot member CPU", "demand (offered) (%)"]); // (as even as the words allow)
    expect(t.px).toBe(13);
    expect(t.extra).toBe(t.lineHeight);
    const e = extent(t);
    expect(e.top).toBeGreaterThanOrEqual(0);
    expect(e.bottom).toBeLessThanOrEqual(250);
  });

  it("a title near the plot's height is moved in from the edge it would cross, not cut", () => {
    // 230 px wide at 13 px: centred on the plot (115) it would start above the svg
    const title = "x".repeat(Math.floor(230 / (0.62 * 13)));
    const t = yTitleLayout(title, PHONE);
    expect(t.lines).toHaveLength(1);
    const e = extent(t);
    expect(e.top).toBeGreaterThanOrEqual(0);
    expect(e.bottom).toBeLessThanOrEqual(250);
  });

  it("any title of words, on any chart from 150 px tall, stays inside the svg (smaller type only past two lines)", () => {
    const word = fc.stringMatching(/^[A-Za-z()%/]{1,12}$/);
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.integer({ min: 150, max: 720 }), fc.boolean(), (words, height, large) => {
      const o = large ? { px: 20, x: 20, top: 34, bottom: height - 62, height } : { px: 13, x: 16, top: 28, bottom: height - 48, height };
      const t = yTitleLayout(words.join(" "), o);
      const e = extent(t);
      expect(e.left).toBeGreaterThanOrEqual(0);
      expect(e.top).toBeGreaterThanOrEqual(0);
      expect(e.bottom).toBeLessThanOrEqual(height);
      if (t.px < o.px) expect(t.lines.length > 1 || Math.max(...t.lines.map((l) => textWidth(l, o.px))) > height - 8).toBe(true);
    }));
  });
});
