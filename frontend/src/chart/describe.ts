// The chart in words, made from its marks (never written per system): each mark says its part
// (./marks/: what is plotted over which range and the curve's shape, what limits it where, its
// capacity or saturation point, the bounds, the memo's measurements with the model's error at
// each, the pinned baseline's difference, each other curve), in the description's order
// (marks/mark.ts ORDER.said). Read by screen readers (the chart's aria-describedby) and shown to
// anyone who opens "Describe the chart"; describeChange says what a knob move changed.
import { formatValue } from "../format";
import { finite, gather, mainLine, type Mark } from "./marks/mark";

/** The description's sentences; a chart whose model gives no value says only that. */
export function describeMarks(marks: Mark[], a: { xLabel: string; yLabel: string }): string[] {
  if (!mainLine(marks)?.points.some(finite)) return [`${a.yLabel} against ${a.xLabel}: the model gives no value here.`];
  return gather(marks, (m) => m.sentences).map((s) => s.text);
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
