// Which of a memo dataset's measurements belong on the chart for the current setting.
import { isChoice, type Dataset, type KnobValues, type SystemSpec } from "../api/types";

export interface MemoPoint {
  x: number;
  y: number;
  printed: string;
  citation: string;
  note?: string;
  /** Every knob besides x matches the current setting; otherwise `differs` says what differs. */
  exact: boolean;
  differs: string[];
}

export function memoPoints(dataset: Dataset | null, spec: SystemSpec, knobs: KnobValues, x: string, y: string): MemoPoint[] {
  if (!dataset?.metric_map) return [];
  const out: MemoPoint[] = [];
  for (const r of dataset.records) {
    const map = dataset.metric_map[r.column];
    if (!map || map.metric !== y || typeof r[x] !== "number") continue;
    let keep = true;
    const differs: string[] = [];
    for (const k of spec.knobs) {
      if (k.name === x || !(k.name in r)) continue;
      if (r[k.name] === knobs[k.name]) continue;
      if (isChoice(k)) keep = false;
      else differs.push(`${k.label} ${r[k.name]}${k.unit ? ` ${k.unit}` : ""}`);
    }
    if (!keep) continue;
    out.push({
      x: r[x] as number,
      y: r.value * map.scale,
      printed: `${r.value} ${r.unit}`,
      citation: r.citation,
      note: map.note,
      exact: differs.length === 0,
      differs,
    });
  }
  return out;
}
