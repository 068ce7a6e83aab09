// The chart's look, written once: colours, dashes and widths of every mark. The page reads them as
// CSS custom properties (applyTheme, at start; styles.css uses var(--chart-...)), the exports as
// the stylesheet they carry (exportStyle), the legends as colours. Change a colour here and the
// screen, the SVG and PNG files and the legends change together.

export const THEME = {
  ink: "#5a6675",
  curve: "#1d6fb8",
  memo: "#d1495b",
  // every line and mark has at least 3:1 against the paper, white and each bottleneck band (the
  // contrast WCAG asks of graphics one needs to read the chart; tests/chart/theme.test.ts)
  current: "#a86400",
  /** the user's own measurements (squares) */
  own: "#0f766e",
  /** other studies' measurements (triangles) */
  outside: "#6b21a8",
  /** the simulation's points and their 95 % intervals (diamonds on error bars) */
  simulated: "#26221e",
  baseline: "#3d4753",
  limit: "#b3261e",
  grid: "#e7e9ec",
  axis: "#77818d",
  /** the textbook bounds: asymptotic solid and thin, balanced job dashed, a term alone dotted */
  bound: "#5e548e",
  boundDash: { asymptotic: "none", balanced: "5 3", stage: "1.5 3" },
  curveWidth: 2.5,
  baselineDash: "6 4",
  limitDash: "6 4",
  /** the uncertainty band: a pale fill, its edges dotted in the curve's colour */
  bandOpacity: 0.15,
  bandDash: "2 3",
  /** "one curve per" series, after the model curve's blue */
  series: ["#c05621", "#2f855a", "#6b46c1", "#b83280", "#4a5568"],
  /** the atlas's seventh curve, after the curve's blue and the series' five */
  atlasOlive: "#7a6200",
  /** the regions where one bottleneck holds */
  bands: ["#e9f0f7", "#fbefe3", "#eaf5ea", "#f4eaf6"],
} as const;

export const seriesColour = (i: number) => THEME.series[i % THEME.series.length];
/** The atlas's seven systems, one colour each: the curve's blue, the series' (their purple moved
 * off the fourth, RSX QIO, whose curve runs along the bounds' violet y = 1), and an olive. */
const ATLAS = [THEME.curve, THEME.series[0], THEME.series[1], THEME.series[3], THEME.series[2], THEME.series[4], THEME.atlasOlive];
export const atlasColour = (i: number) => ATLAS[i % ATLAS.length];
export const bandColour = (i: number) => THEME.bands[i % THEME.bands.length];

/** The theme as CSS custom properties, for the page's stylesheet. */
export function themeProperties(): Record<string, string> {
  return {
    "--curve": THEME.curve,
    "--memo": THEME.memo,
    "--own": THEME.own,
    "--outside": THEME.outside,
    "--simulated": THEME.simulated,
    "--current": THEME.current,
    "--chart-baseline": THEME.baseline,
    "--chart-limit": THEME.limit,
    "--chart-curve-width": String(THEME.curveWidth),
    "--chart-baseline-dash": THEME.baselineDash,
    "--chart-limit-dash": THEME.limitDash,
    "--chart-axis": THEME.axis,
    "--chart-bound": THEME.bound,
    "--chart-bound-balanced-dash": THEME.boundDash.balanced,
    "--chart-bound-stage-dash": THEME.boundDash.stage,
    "--chart-band-opacity": String(THEME.bandOpacity),
    "--chart-band-dash": THEME.bandDash,
  };
}

/** Set the theme on an element (the document's root, at start). */
export function applyTheme(el: HTMLElement): void {
  for (const [k, v] of Object.entries(themeProperties())) el.style.setProperty(k, v);
}

/** The stylesheet an exported chart carries: a standalone SVG has no page stylesheet. */
export function exportStyle(): string {
  const t = THEME;
  return `
text { font-family: system-ui, sans-serif; font-size: 12px; fill: ${t.ink}; }
.export-title { font-size: 16px; font-weight: 600; fill: #1b2430; }
.axis line { stroke: ${t.axis}; } .axis .grid { stroke: ${t.grid}; }
.model-curve { fill: none; stroke: ${t.curve}; stroke-width: ${t.curveWidth}; }
.series-curve { fill: none; stroke-width: 2; }
.original-curve, .baseline-curve { fill: none; stroke: ${t.baseline}; stroke-width: 2; stroke-dasharray: ${t.baselineDash}; }
.baseline-point { fill: #fff; stroke: ${t.ink}; stroke-width: 2; }
.sim-interval { stroke: ${t.simulated}; stroke-width: 1.5; } .sim-point { fill: ${t.simulated}; stroke: #fff; stroke-width: 1; }
.uncertainty-band { fill: ${t.curve}; fill-opacity: ${t.bandOpacity}; stroke: ${t.curve}; stroke-width: 1; stroke-dasharray: ${t.bandDash}; }
.limit-line { fill: none; stroke: ${t.limit}; stroke-width: 1.5; stroke-dasharray: ${t.limitDash}; }
.saturation path { fill: ${t.limit}; }
.knee-mark path { fill: #fff; stroke: ${t.limit}; stroke-width: 2; } .knee-mark text { fill: ${t.limit}; }
.knee-mark text, .saturation text { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
.saturation text { fill: ${t.limit}; } .label-leader { stroke: ${t.limit}; stroke-width: 1; stroke-opacity: 0.7; }
.bound-line { fill: none; stroke: ${t.bound}; stroke-width: 1.25; } .bound-line.bound-balanced { stroke-dasharray: ${t.boundDash.balanced}; }
.bound-line.bound-stage { stroke-dasharray: ${t.boundDash.stage}; stroke-width: 1.5; } .bound-label, .knee-label { fill: ${t.bound}; font-size: 11px; }
.knee-point path { fill: ${t.bound}; stroke: #fff; }
.memo-point { fill: ${t.memo}; stroke: #fff; } .memo-point.inexact { fill: #fff; stroke: ${t.memo}; stroke-width: 2; }
.memo-range { stroke: ${t.memo}; stroke-width: 2; }
.own-point { fill: ${t.own}; stroke: #fff; stroke-width: 1.5; }
.outside-point { fill: ${t.outside}; stroke: #fff; stroke-width: 1.5; }
.current-point { fill: none; stroke: ${t.current}; stroke-width: 4; }
.end-label { font-size: 12px; font-weight: 600; } .curve-label { fill: ${t.curve}; }
.pointer-area, .hover-mark { display: none; }`;
}
