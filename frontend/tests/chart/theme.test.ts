// The chart's look is written once (chart/theme.ts): the page's stylesheet reads it through custom
// properties and the exports carry it, so the two cannot drift (the limit's dash once did).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bandColour, exportStyle, THEME, themeProperties } from "../../src/chart/theme";
import { ROOT } from "../fixtures/python";

// the page's stylesheets, in the order main.tsx imports them
const css = ["styles.css", "styles/lessons.css", "styles/modes.css"].map((f) => readFileSync(`${ROOT}frontend/src/${f}`, "utf8")).join("\n");
const rule = (selector: string) => {
  const at = css.indexOf(`${selector} {`);
  expect(at, selector).toBeGreaterThanOrEqual(0);
  return css.slice(at, css.indexOf("}", at));
};

describe("one chart theme", () => {
  it("the page's chart marks take their colours and dashes from it", () => {
    for (const sel of [".model-curve", ".baseline-curve", ".limit-line", ".memo-point", ".current-point", ".saturation path", ".bound-line", ".knee-point path"]) rule(sel);
    // none of the theme's colours is written in the stylesheet
    for (const colour of [THEME.curve, THEME.memo, THEME.current, THEME.baseline, THEME.limit, THEME.bound]) expect(css.toLowerCase()).not.toContain(colour);
    expect(rule(".limit-line")).toContain("var(--chart-limit-dash)");
    expect(rule(".baseline-curve")).toContain("var(--chart-baseline-dash)");
    expect(rule(".bound-line.bound-balanced")).toContain("var(--chart-bound-balanced-dash)");
    expect(exportStyle()).toContain(`stroke-dasharray: ${THEME.boundDash.balanced}`);
    expect(css).not.toMatch(/--curve:\s*#/); // not defined a second time in the stylesheet
  });

  it("the exports carry the same values", () => {
    const style = exportStyle();
    expect(style).toContain(`stroke-dasharray: ${THEME.limitDash}`);
    expect(style).toContain(`stroke: ${THEME.curve}`);
    expect(themeProperties()["--chart-limit-dash"]).toBe(THEME.limitDash);
  });

  it("the exports draw the lines the page draws: a label's leader to its point, the saturation's words", () => {
    const style = exportStyle();
    rule(".label-leader");
    expect(style).toMatch(/\.label-leader \{[^}]*stroke: #/);
    expect(style).toMatch(/\.saturation text \{ fill: #/);
  });
});

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("the chart's marks can be told from what they sit on", () => {
  const paper = css.match(/--paper:\s*(#[0-9a-f]{6})/i)![1];
  // the page, an export's white, and each bottleneck region's tint (curves cross them)
  const grounds = [paper, "#ffffff", ...THEME.bands.map((_, i) => bandColour(i))];

  it("every line and mark has at least 3:1 against each ground (WCAG 1.4.11)", () => {
    const marks = { curve: THEME.curve, memo: THEME.memo, own: THEME.own, current: THEME.current, baseline: THEME.baseline, limit: THEME.limit, axis: THEME.axis, bound: THEME.bound, atlasOlive: THEME.atlasOlive, ...Object.fromEntries(THEME.series.map((c, i) => [`series ${i + 1}`, c])) };
    const low = Object.entries(marks).flatMap(([name, c]) => grounds.filter((g) => contrast(c, g) < 3).map((g) => `${name} ${c} on ${g}: ${contrast(c, g).toFixed(2)}`));
    expect(low).toEqual([]);
  });

  it("the band's pale fill is edged in the curve's colour, dotted, on screen and in exports", () => {
    expect(rule(".uncertainty-band")).toContain("stroke: var(--curve)");
    expect(rule(".uncertainty-band")).toContain("var(--chart-band-dash)");
    expect(exportStyle()).toContain(`stroke-dasharray: ${THEME.bandDash}`);
    // the dots differ from the baseline's and the capacity's dashes: not colour alone
    expect(new Set([THEME.bandDash, THEME.baselineDash]).size).toBe(2);
  });
});

