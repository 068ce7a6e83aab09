// Which outside measurements (other studies' figures the model is judged on: /api/validation)
// belong on the chart: those whose setting is the one on screen in every knob in effect but x.
// A row names the knobs it sets; every other knob is at its default where it was measured.
import { isActive, type KnobValues, type OutsideMeasurements, type SystemSpec } from "../api/types.ts";

export interface OutsidePoint {
  x: number;
  y: number;
  /** the study, short (its first author and year), and where in it the figure is printed */
  study: string;
  locator: string;
}

/** "Bob Kridle and Marshall Kirk McKusick, ... 1983" -> "Kridle and McKusick (1983)" */
export function studyName(citation: string): string {
  const authors = citation.split(",")[0].split(" and ").map((a) => a.trim().split(" ").pop());
  const year = citation.match(/\b(19|20)\d\d\b/)?.[0];
  return `${authors.join(" and ")}${year ? ` (${year})` : ""}`;
}

export function outsidePoints(m: OutsideMeasurements | null, spec: SystemSpec, knobs: KnobValues, x: string, y: string): OutsidePoint[] {
  if (!m) return [];
  const names = new Map(m.sources.map((s) => [s.id, studyName(s.citation)]));
  const out: OutsidePoint[] = [];
  for (const r of m.rows) {
    const xv = r.knobs[x];
    const yv = r.values[y];
    if (typeof xv !== "number" || yv === undefined) continue;
    const at = (k: string) => (k in r.knobs ? r.knobs[k] : spec.knobs.find((s) => s.name === k)?.default);
    const here = spec.knobs.every((k) => k.name === x || !isActive(k, knobs) || at(k.name) === knobs[k.name]);
    if (here) out.push({ x: xv, y: yv, study: names.get(r.source) ?? r.source, locator: r.locator });
  }
  return out;
}

/** How many of the rows were measured at other settings than the chart's (to say so). */
export function outsideElsewhere(m: OutsideMeasurements | null, shown: OutsidePoint[]): number {
  return m ? m.rows.length - shown.length : 0;
}
