// Chart geometry, computed by D3 and kept out of React: scales, paths, ticks, and the bands where
// the bottleneck stays the same. The Chart and its marks only draw what this returns.
import { scaleLinear, scaleLog } from "d3-scale";
import { area, line } from "d3-shape";

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface SeriesPoint {
  x: number;
  y: number;
  bottleneck?: string;
}

export interface BandPoint {
  x: number;
  y0: number;
  y1: number;
}

export interface GeometryInput {
  width: number;
  height: number;
  margin: Margins;
  /** every value the y axis must hold (the marks' `ys`; not finite ones are left out) */
  ys: number[];
  xDomain: [number, number];
  xLog: boolean;
  /** ticks on whole values only: 10.5 on a chunksize's exponent is no setting (it read "1,448") */
  xWhole?: boolean;
  /** a fixed top for the y axis (a lesson hides its curve until the reveal; the axis must not move) */
  yMax?: number;
}

export interface Band {
  x0: number;
  x1: number;
  label: string;
}

export function geometry(g: GeometryInput) {
  const { width, height, margin } = g;
  const x = (g.xLog ? scaleLog().base(2) : scaleLinear()).domain(g.xDomain).range([margin.left, width - margin.right]);
  const ys = g.ys.filter(Number.isFinite);
  const yMax = g.yMax ?? (ys.length ? Math.max(...ys) * 1.08 : 1);
  const y = scaleLinear()
    .domain([0, yMax > 0 ? yMax : 1])
    .range([height - margin.bottom, margin.top]);
  // a fixed top is already round, and is the range a prediction's handle announces: kept as given
  if (g.yMax === undefined) y.nice();
  const path = line<SeriesPoint>()
    .defined((p) => Number.isFinite(p.y))
    .x((p) => x(p.x))
    .y((p) => y(p.y));
  const band = area<BandPoint>()
    .defined((p) => Number.isFinite(p.y0) && Number.isFinite(p.y1))
    .x((p) => x(p.x))
    .y0((p) => y(p.y0))
    .y1((p) => y(p.y1));
  const xTicks = g.xLog
    ? powersOfTwo(g.xDomain)
    : linearTicks(x.ticks(Math.max(2, Math.floor((width - margin.left - margin.right) / 80))), g.xWhole);
  return {
    x,
    y,
    linePath: (pts: SeriesPoint[]) => path(pts) ?? "",
    areaPath: (pts: BandPoint[]) => band(pts) ?? "",
    xTicks,
    yTicks: y.ticks(6),
  };
}

function linearTicks(ticks: number[], whole = false): number[] {
  return whole ? ticks.filter((t) => Number.isInteger(t)) : ticks;
}

function powersOfTwo([a, b]: [number, number]): number[] {
  const out: number[] = [];
  for (let v = 2 ** Math.ceil(Math.log2(a)); v <= b; v *= 2) out.push(v);
  return out;
}

/** Runs of consecutive points sharing a bottleneck; each band spans to the midpoint between runs,
 * or to the model's knee where the run it starts is the knee's resource. */
export function bands(curve: SeriesPoint[], knee?: { x: number; resource: string } | null): Band[] {
  const out: Band[] = [];
  curve.forEach((p, i) => {
    const label = p.bottleneck ?? "";
    const last = out[out.length - 1];
    if (last && last.label === label) {
      last.x1 = p.x;
    } else {
      if (last) {
        const prev = curve[i - 1].x;
        const mid = knee && label === knee.resource && prev <= knee.x && knee.x <= p.x ? knee.x : (prev + p.x) / 2;
        last.x1 = mid;
        out.push({ x0: mid, x1: p.x, label });
      } else out.push({ x0: p.x, x1: p.x, label });
    }
  });
  return out.filter((b) => b.label !== "");
}
