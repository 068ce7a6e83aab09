// The chart's look is written once (chart/theme.ts): the page's stylesheet reads it through custom
// properties and the exports carry it, so the two cannot drift (the limit's dash once did).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exportStyle, THEME, themeProperties } from "../../src/chart/theme";
import { ROOT } from "../fixtures/python";

const css = readFileSync(`${ROOT}frontend/src/styles.css`, "utf8");
const rule = (selector: string) => {
  const at = css.indexOf(`${selector} {`);
  expect(at, selector).toBeGreaterThanOrEqual(0);
  return css.slice(at, css.indexOf("}", at));
};

describe("one chart theme", () => {
  it("the page's chart marks take their colours and dashes from it", () => {
    for (const sel of [".model-curve", ".baseline-curve", ".limit-line", ".memo-point", ".current-point", ".saturation path"]) rule(sel);
    // none of the theme's colours is written in the stylesheet
    for (const colour of [THEME.curve, THEME.memo, THEME.current, THEME.baseline, THEME.limit]) expect(css.toLowerCase()).not.toContain(colour);
    expect(rule(".limit-line")).toContain("var(--chart-limit-dash)");
    expect(rule(".baseline-curve")).toContain("var(--chart-baseline-dash)");
    expect(css).not.toMatch(/--curve:\s*#/); // not defined a second time in the stylesheet
  });

  it("the exports carry the same values", () => {
    const style = exportStyle();
    expect(style).toContain(`stroke-dasharray: ${THEME.limitDash}`);
    expect(style).toContain(`stroke: ${THEME.curve}`);
    expect(themeProperties()["--chart-limit-dash"]).toBe(THEME.limitDash);
  });
});
