// The chart in words, made from the model's answer (never written per system): what is plotted
// against what and over which range, the curve's shape, what limits it where, its capacity and
// saturation point, the textbook bounds where they are drawn (the knee, and what they allow at
// the knob's value), the memo's measurements with the model's error at each, the pinned
// baseline's difference, and the shape of each other curve where there is one per choice. Read by screen readers (the chart's aria-describedby) and shown to
// anyone who opens "Describe the chart"; describeChange says what a knob move changed.
import { formatValue } from "../format";
import { type BoundView, boundsAt, type KneeView, valueAt } from "./curves";
import type { MemoPoint } from "./memoPoints";
import { boundText } from "./readout";

export interface DescribeInput {
  xLabel: string;
  /** an x value as people read it, with its unit ("16 buffers", "8K bytes") */
  xText: (v: number) => string;
  yLabel: string;
  yUnit: string;
  curve: { x: number; y: number; bottleneck?: string }[];
  /** the capacity line, where one is drawn */
  limit: { x: number; y: number }[];
  saturation: { x: number; y: number; resource?: string } | null;
  memo: MemoPoint[];
  baseline: { x: number; y: number }[];
  /** the knob's current value along x */
  currentX: number;
  /** the textbook bounds, when they are drawn (curves.ts boundsOf) */
  bounds?: { lines: BoundView[]; knee: KneeView | null };
  /** one curve per choice: the main curve's name, and the other curves (each described after it) */
  per?: { knob: string; curveLabel: string; series: { label: string; points: { x: number; y: number }[] }[] };
}

const finite = (p: { y: number }) => Number.isFinite(p.y);

export function describeChart(d: DescribeInput): string[] {
  const pts = d.curve.filter(finite);
  const y = (v: number) => formatValue(v, d.yUnit);
  if (pts.length === 0) return [`${d.yLabel} against ${d.xLabel}: the model gives no value here.`];
  const first = pts[0];
  const last = pts[pts.length - 1];
  const out = [`${d.yLabel} against ${d.xLabel}, from ${d.xText(first.x)} to ${d.xText(last.x)}.`];
  const others = d.per?.series.filter((s) => s.points.some(finite)) ?? [];
  if (d.per && others.length) {
    out.push(`One curve per ${d.per.knob.toLowerCase()}: ${[d.per.curveLabel, ...others.map((s) => s.label)].join(", ")}. First the ${d.per.curveLabel} curve (the current setting).`);
  }
  out.push(shape(pts, d.xText, y));
  const regions = limitedBy(pts, d.xText);
  if (regions) out.push(regions);
  const cap = d.limit.filter(finite);
  if (d.saturation) {
    const by = d.saturation.resource ? `, where the ${d.saturation.resource} is fully busy` : "";
    out.push(`It reaches its capacity at ${d.xText(d.saturation.x)} (${y(d.saturation.y)})${by}.`);
  } else if (cap.length) {
    out.push(`Its capacity is ${y(cap[cap.length - 1].y)}; the curve stays below it here.`);
  }
  if (d.bounds?.lines.length) out.push(...boundsSentences(d.bounds, d.currentX, d.xLabel, d.xText, d.yUnit));
  out.push(...memoSentences(d.memo, pts, d.xText, y));
  if (d.baseline.some(finite)) out.push(baselineSentence(d, pts, y));
  for (const s of others) out.push(`The ${s.label} curve: ${lower(shape(s.points.filter(finite), d.xText, y))}`);
  return out;
}

/** The bounds drawn beside the curve: where the knee is and what it means, and what they allow
 * at the knob's current value (the same words as the pointer's readout). */
function boundsSentences(b: { lines: BoundView[]; knee: KneeView | null }, at: number, xLabel: string, xText: (v: number) => string, unit: string): string[] {
  const out: string[] = [];
  if (b.knee) {
    out.push(`The textbook bounds meet at the knee, ${xText(b.knee.x)}: before it the upper bound grows in proportion to the ${xLabel.toLowerCase()}; beyond it the ${b.knee.station} holds it at ${formatValue(b.knee.y, unit)}.`);
  }
  const readings = boundsAt(b.lines, at).map((r) => boundText(r, unit));
  if (readings.length) out.push(`At ${xText(at)} the bounds give: ${readings.join("; ")}.`);
  return out;
}

const lower = (sentence: string) => sentence.charAt(0).toLowerCase() + sentence.slice(1);

function shape(pts: { x: number; y: number }[], xText: (v: number) => string, y: (v: number) => string): string {
  const first = pts[0];
  const last = pts[pts.length - 1];
  const top = pts.reduce((a, b) => (b.y > a.y ? b : a));
  const span = Math.max(...pts.map((p) => Math.abs(p.y))) || 1;
  const flat = (a: number, b: number) => Math.abs(a - b) <= 0.01 * span;
  if (pts.length === 1 || pts.every((p) => flat(p.y, first.y))) return `It stays at about ${y(first.y)} all along.`;
  if (top !== first && top !== last && !flat(top.y, last.y)) {
    return `It rises from ${y(first.y)} to a peak of ${y(top.y)} at ${xText(top.x)}, then falls to ${y(last.y)}.`;
  }
  if (last.y < first.y) return `It falls from ${y(first.y)} to ${y(last.y)}${halving(pts, xText, y, -1)}.`;
  return `It rises from ${y(first.y)} to ${y(last.y)}${halving(pts, xText, y, 1)}.`;
}

/** Where the curve's slope first falls to half its opening slope (a rise flattening, a fall
 * levelling off), or nothing if it never does. */
function halving(pts: { x: number; y: number }[], xText: (v: number) => string, y: (v: number) => string, sign: 1 | -1): string {
  const slope = (i: number) => (sign * (pts[i + 1].y - pts[i].y)) / (pts[i + 1].x - pts[i].x);
  const s0 = slope(0);
  if (!(s0 > 0)) return "";
  for (let i = 1; i < pts.length - 1; i++) {
    if (slope(i) <= s0 / 2) {
      const verb = sign > 0 ? "its rise slows to half its first pace" : "its fall slows to half its first pace";
      return `; ${verb} by ${xText(pts[i].x)} (${y(pts[i].y)})`;
    }
  }
  return sign > 0 ? ", at a steady pace" : "";
}

/** "Up to 24 buffers nothing is fully busy; from 26 buffers the sending CPU limits it." */
function limitedBy(pts: { x: number; bottleneck?: string }[], xText: (v: number) => string): string | null {
  const runs: { from: number; to: number; by: string | undefined }[] = [];
  for (const p of pts) {
    const run = runs[runs.length - 1];
    if (run && run.by === p.bottleneck) run.to = p.x;
    else runs.push({ from: p.x, to: p.x, by: p.bottleneck });
  }
  if (runs.every((r) => r.by === undefined)) return null;
  const what = (by: string | undefined) => (by ? `the ${by} limits it` : "no resource is fully busy");
  if (runs.length === 1) return `All along, ${what(runs[0].by)}.`;
  return `${runs.map((r, i) => (i === 0 ? `Up to ${xText(r.to)} ${what(r.by)}` : `from ${xText(r.from)} ${what(r.by)}`)).join("; ")}.`;
}

function memoSentences(memo: MemoPoint[], pts: { x: number; y: number }[], xText: (v: number) => string, y: (v: number) => string): string[] {
  if (!memo.length) return ["The memo has no measurement at these settings."];
  const each = memo.map((m) => {
    const model = valueAt(pts, m.x);
    const off = Number.isFinite(model) && m.y !== 0 ? `; the model ${y(model)}, ${Math.abs(Math.round((100 * (model - m.y)) / m.y))} % ${model >= m.y ? "above" : "below"}` : "";
    const where = m.x0 !== undefined && m.x1 !== undefined ? `between ${xText(m.x0)} and ${xText(m.x1)}` : `at ${xText(m.x)}`;
    // the printed value tells apart two runs at one setting; the citations are in the data table
    return `${where}, ${y(m.y)} (printed ${m.printed}${off})`;
  });
  const n = memo.length === 1 ? "one measurement" : `${memo.length} measurements`;
  return [`The memo gives ${n}: ${each.join("; ")}.`];
}

function baselineSentence(d: DescribeInput, pts: { x: number; y: number }[], y: (v: number) => string): string {
  const here = valueAt(pts, d.currentX);
  const base = valueAt(d.baseline.filter(finite), d.currentX);
  if (!Number.isFinite(here) || !Number.isFinite(base)) return "A baseline is pinned; it has no value at the current setting.";
  if (Math.abs(here - base) <= 1e-9 * Math.max(1, Math.abs(base))) return `At ${d.xText(d.currentX)} it equals the pinned baseline, ${y(base)}.`;
  const pct = base !== 0 ? ` (${Math.abs(Math.round((100 * (here - base)) / base))} %)` : "";
  return `At ${d.xText(d.currentX)} it is ${y(here)}, ${here > base ? "above" : "below"} the pinned baseline's ${y(base)}${pct}.`;
}

/** What one state of the chart says at the knob's setting, for describeChange. */
export interface SettingState {
  /** the setting that moved, in words ("link quota 16 buffers") */
  setting: string;
  value: number;
  bottleneck: string | null;
}

/** "Throughput at link quota 16 buffers rose from 465 Kbit/s to 612 Kbit/s; the bottleneck
 * moved from the link quota to the sending CPU." Null when nothing a listener needs changed. */
export function describeChange(yLabel: string, yUnit: string, before: SettingState, after: SettingState): string | null {
  const y = (v: number) => formatValue(v, yUnit);
  const parts: string[] = [];
  if (Number.isFinite(after.value)) {
    const same = Number.isFinite(before.value) && y(before.value) === y(after.value);
    const verb = !Number.isFinite(before.value) ? "is now" : after.value > before.value ? `rose from ${y(before.value)} to` : `fell from ${y(before.value)} to`;
    parts.push(same ? `${yLabel} at ${after.setting} stays ${y(after.value)}` : `${yLabel} at ${after.setting} ${verb} ${y(after.value)}`);
  }
  if (before.bottleneck !== after.bottleneck) {
    const name = (b: string | null) => (b ? `the ${b}` : "nothing fully busy");
    parts.push(`the bottleneck moved from ${name(before.bottleneck)} to ${name(after.bottleneck)}`);
  }
  if (!parts.length) return null;
  const text = parts.join("; ");
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}
