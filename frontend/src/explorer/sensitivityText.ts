// The sensitivity panel's words (SensitivityPanel.tsx), from perfmodels/sensitivity.py's answer:
// each bar's figure in the units a person would compute (per 1 % of the knob's own quantity where
// the model is smooth, per doubling on powers of two, the next step of the knob's grid where it
// moves in steps), and the two claims the panel makes, each named for what it is: the knob that
// moves the metric most over its range, and the knob behind what sets the pace.
import { isChoice, type KnobEffect, type KnobSpec, type Sensitivity } from "../api/types";
import { formatValue, knobDisplay } from "../format";

/** A label inside a sentence: "Record CPU" reads "record CPU", "SHF gain" and "MAXPKT" stay. */
export const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);

const signed = (v: number, digits: number) => `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v).toFixed(digits)}`;
/** Signed, to two significant digits: "−0.053". */
const signedSig = (v: number) => `${v > 0 ? "+" : v < 0 ? "−" : ""}${Number(Math.abs(v).toPrecision(2))}`;

/** "+68.9 % per doubling (8K bytes to 16K bytes)", "−6.6 % at the next step (to 0.45 s)" (on a
 * percentage metric in points: "−0.54 points at the next step"),
 * "−0.65 % per 1 % more record CPU" (on a percentage metric "−0.053 points per 1 % more …"), and where the figure's direction is not the bar's, that the
 * metric turns within the knob's range; "" where the model gives none. */
export function effectText(k: KnobEffect, knob: KnobSpec | undefined, now: number | null, metric?: { unit: string; value: number | null }): string {
  const e = k.effect;
  if (!e) return "";
  // a step of a percentage metric in points ("−0.54 points"), not a per cent of a per cent
  const points = metric?.unit === "%" && metric.value != null && e.kind !== "elasticity" ? metric.value : null;
  const change = (up: boolean) =>
    points === null ? `${signed(e.percent, 1)} %` : `${signed(up ? (points * e.percent) / 100 : points - points / (1 + e.percent / 100), 2)} points`;
  const show = knobDisplay({ unit: knob?.unit ?? "", scale: knob && !isChoice(knob) ? knob.scale : undefined }).text;
  const up = e.to !== undefined && now !== null ? e.to > now : true;
  let text: string;
  // on a percentage metric in points too: "−0.05 points per 1 % more record CPU", not a per cent
  // of a per cent the reader would take for points
  const pointsPer = metric?.unit === "%" && metric.value != null ? (metric.value * e.percent) / 100 : null;
  if (e.kind === "elasticity")
    text = pointsPer === null ? `${signed(e.percent, 2)} % per 1 % more ${inSentence(k.label)} here` : `${signedSig(pointsPer)} points per 1 % more ${inSentence(k.label)} here`;
  else if (e.kind === "doubling") {
    const span = e.to === undefined || now === null ? "" : up ? ` (${show(now)} to ${show(e.to)})` : ` (${show(e.to)} to ${show(now)})`;
    text = `${change(up)} per doubling${span}`;
  } else {
    const to = e.to === undefined ? "" : show(e.to);
    text = up ? `${change(true)} at the next step (to ${to})` : `${change(false)} over the last step (from ${to})`;
  }
  if (e.percent === 0) text = e.kind === "elasticity" ? text : `no change at the ${e.kind === "doubling" ? "doubling" : up ? "next step" : "last step"}${e.to === undefined ? "" : ` (${show(e.to)})`}`;
  const rising = k.high != null && k.low != null ? k.high > k.low : null;
  if (rising !== null && k.high !== k.low && e.percent !== 0 && e.percent > 0 !== rising) {
    text += `: it ${e.percent > 0 ? "rises" : "falls"} here, though it ${rising ? "rises" : "falls"} over the whole range (it turns within it)`;
  }
  return text;
}

/** The panel's claims: the knob with the largest effect, and the knob behind the bottleneck,
 * never one said to be the other. */
export function sensitivityClaim(r: Sensitivity, metricLabel: string, label: (name: string) => string): string {
  const metric = inSentence(metricLabel);
  const most = r.largest ? `${label(r.largest)} moves the ${metric} most over its range (the first bar).` : "";
  const b = r.bottleneck;
  if (!b) return `${most} No resource sets the pace here.`.trim();
  if (!r.cause) return `The ${b} sets the pace here. ${most}`.trim();
  const c = label(r.cause);
  const behind = c.toLowerCase() === b.toLowerCase()
    ? `The ${b} sets the pace here, and it is a knob itself (marked)`
    : `The ${b} sets the pace here; the knob behind it (marked) is ${c}, the one that moves what the ${b} allows most`;
  if (r.cause === r.largest) return `${behind}; it is also the knob that moves the ${metric} most over its range (the first bar).`;
  return `${behind}. ${most}`.trim();
}

/** A metric's value at the panel's setting, or that the model gives none. */
export const valueText = (v: number | null, unit: string) => (v == null ? "not computed" : formatValue(v, unit));
