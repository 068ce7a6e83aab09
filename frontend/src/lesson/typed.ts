// A prediction typed into the box beside a lesson chart: read as a person writes a number (250,
// 2,500, 1.5K, 40 %), and refused with the reason when it cannot be a prediction of the metric.
import { formatValue } from "../format.ts";
import { TYPED_REACH } from "./axis.ts";

export type Typed = { ok: true; value: number } | { ok: false; reason: string | null };

const SUFFIX: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6, G: 1e9 };
const PLAIN = /^[+]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/** `text` as a prediction of a metric (in `unit`; a share when `share`) on an axis reaching `top`. */
export function readPrediction(text: string, m: { unit: string; share: boolean; top: number | undefined }): Typed {
  let t = text.replace(/[\s\u00a0\u202f_]/g, "");
  if (!t) return { ok: false, reason: null };
  if (m.unit === "%" && t.endsWith("%")) t = t.slice(0, -1);
  let scale = 1;
  const last = t.slice(-1);
  if (last in SUFFIX && t.length > 1) {
    scale = SUFFIX[last];
    t = t.slice(0, -1);
  }
  if (THOUSANDS.test(t)) t = t.replace(/,/g, "");
  if (t.startsWith("-") && PLAIN.test(t.slice(1))) return { ok: false, reason: "A prediction is zero or more." };
  if (!PLAIN.test(t)) return { ok: false, reason: `“${text.trim().slice(0, 24)}” is not a number: type digits, such as 250, 2,500 or 1.5K.` };
  const value = Number(t) * scale;
  if (!Number.isFinite(value)) return { ok: false, reason: "That number is too large to be a prediction." };
  if (m.share && value > 100) return { ok: false, reason: "This is a share of a whole: type a value from 0 to 100 %." };
  if (m.top !== undefined && value > TYPED_REACH * m.top)
    return { ok: false, reason: `That is more than ${TYPED_REACH.toLocaleString("en")} times the chart's top (${formatValue(m.top, m.unit)}): check the number.` };
  return { ok: true, value };
}
