// The atlas's curves as the chart draws and the page lists them: each system's dimensionless
// curve (perfmodels/atlas.py) with its explorer's link at the setting drawn, and its knee and
// capacity in the system's own units.
import type { AtlasCurve, SystemSpec } from "../api/types";
import type { AtlasLine } from "../chart/marks/atlasCurves";
import type { Axes } from "../chart/marks/mark";
import { formatSetting, formatValue } from "../format";
import { defaults, serialize } from "../state/urlState";

/** The explorer at the curve's setting, with the curve's knob along x and its metric up y. */
export function explorerHref(spec: SystemSpec, c: AtlasCurve): string {
  const start = defaults(spec);
  const state = { ...start, knobs: { ...start.knobs, ...c.knobs }, x: c.x_knob, y: c.metric };
  return `/explore/${encodeURIComponent(spec.id)}?${serialize(state, spec)}`;
}

/** "link quota", but "MAXPKT": a label inside a sentence. */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label);

/** The knee in the knob's own terms: "link quota 31.84 buffers", "chunksize 35.5K bytes", but
 * "119 open OFNs" (a label that names its unit says it once). */
export function kneeText(spec: SystemSpec, c: AtlasCurve): string {
  const k = spec.knobs.find((kk) => kk.name === c.x_knob);
  if (!k) return formatValue(c.knee);
  if (k.unit && k.label.toLowerCase().endsWith(k.unit.toLowerCase())) return `${formatValue(c.knee)} ${inSentence(k.label)}`;
  return formatSetting(inSentence(k.label), c.knee, k.unit);
}

export function atlasLine(spec: SystemSpec, c: AtlasCurve): AtlasLine {
  return {
    system: c.system,
    name: c.name,
    title: spec.title,
    href: explorerHref(spec, c),
    points: c.x.map((x, i) => ({ x, y: c.y[i] ?? Number.NaN })),
    capacity: formatValue(c.capacity, c.capacity_unit),
    knee: kneeText(spec, c),
    falls: c.shape === "falls",
  };
}

/** 1/8 for a power of two below one, else the number. */
export function ratioText(v: number): string {
  const e = Math.log2(v);
  return v < 1 && Math.abs(e - Math.round(e)) < 1e-9 ? `1/${2 ** -Math.round(e)}` : formatValue(v);
}

/** The x axis across every curve drawn, out to whole powers of two (1/128 to 32 for the seven). */
export function xDomain(curves: AtlasCurve[]): [number, number] {
  const xs = curves.flatMap((c) => c.x).filter((x) => x > 0);
  if (!xs.length) return [1 / 128, 32];
  return [2 ** Math.floor(Math.log2(Math.min(...xs))), 2 ** Math.ceil(Math.log2(Math.max(...xs)))];
}

export function atlasAxes(domain: [number, number]): Axes {
  return {
    xLabel: "Load over its knee",
    xUnit: "",
    xText: (v) => `x = ${ratioText(v)}`,
    // every other power of two, so that the ticks fit a phone
    xTick: (v) => (Math.round(Math.log2(v)) % 2 === 0 ? ratioText(v) : ""),
    yLabel: "Throughput over its bound",
    yUnit: "",
    xDomain: domain,
    xLog: true,
  };
}
