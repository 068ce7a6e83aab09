// The range of outcomes across what the memo leaves open (knobs it does not give, parameters it
// does not pin): a pale band around the curve, its edges two columns of the table and two series
// of the CSV.
import { formatValue, withUnit } from "../../format";
import { bandShown } from "../curves";
import type { BandPoint } from "../geometry";
import type { Box } from "../labels";
import { type CsvRow, type Frame, type Mark, ORDER } from "./mark";

/** What labels keep off a band: each interval between its samples as a few boxes that follow
 * its edges (a class's sketches use it too: classSketch.tsx). */
export function bandBoxes(f: Frame, band: BandPoint[]): Box[] {
  return band.slice(1).flatMap((b, i) => {
    const a = band[i];
    if (![a.y0, a.y1, b.y0, b.y1].every(Number.isFinite)) return [];
    const [xa, xb] = [f.g.x(a.x), f.g.x(b.x)];
    return [0, 1, 2, 3].map((k) => {
      const at = (t: number, v0: number, v1: number) => v0 + t * (v1 - v0);
      const [t0, t1] = [k / 4, (k + 1) / 4];
      const lo = Math.min(at(t0, a.y0, b.y0), at(t1, a.y0, b.y0)), hi = Math.max(at(t0, a.y1, b.y1), at(t1, a.y1, b.y1));
      return { x0: at(t0, xa, xb), x1: at(t1, xa, xb), y0: f.g.y(hi), y1: f.g.y(lo) };
    });
  });
}

export function bandMark(a: { yUnit: string }, band: BandPoint[], names: string[]): Mark {
  const shown = bandShown(band);
  const words = `range over ${names.join(", ")} (not measured in the memo)`;
  const at = (x: number) => band.find((b) => b.x === x);
  const edge = (name: string, y: (b: BandPoint) => number) => band.map((b): CsvRow => [name, b.x, y(b), "", "", ""]);
  return {
    id: "band",
    draw: {
      // a band with no width (what the memo leaves open moves nothing here) is not drawn: it
      // would be a line the legend does not name
      plot: (f) => {
        const d = shown && f.g.areaPath(band);
        return d && <path key="band" data-testid="uncertainty-band" className="uncertainty-band" d={d} />;
      },
    },
    ys: band.map((b) => b.y1),
    obstacles: (f) => ({ boxes: bandBoxes(f, band) }),
    legend: shown ? [{ at: ORDER.legend.band, keys: ["band"], text: words }] : [],
    brief: shown ? [{ at: ORDER.brief.band, keys: ["band"], text: words }] : [],
    exportKey: shown ? [{ at: ORDER.exportKey.band, label: "range the memo leaves open", colour: "#9fc0e0" }] : [],
    columns: band.length
      ? [
          { at: ORDER.column.band, head: withUnit("Range left open: low", a.yUnit), cell: (p) => { const b = at(p.x); return b ? formatValue(b.y0, "") : ""; }, num: true },
          { at: ORDER.column.band, head: withUnit("Range left open: high", a.yUnit), cell: (p) => { const b = at(p.x); return b ? formatValue(b.y1, "") : ""; }, num: true },
        ]
      : [],
    csv: { at: ORDER.csv.band, rows: band.length ? [...edge("band low", (b) => b.y0), ...edge("band high", (b) => b.y1)] : [] },
  };
}
