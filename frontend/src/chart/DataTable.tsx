// The chart as a table: its curve thinned to about twenty rows, every other drawn series, the
// band's edges and what limits the curve at each row, units in the headers; then the memo's
// measurements in the chart's unit with the printed value, the model's value there and the
// citation. Folded under a summary; the chart's "Read values along the curve" opens it with T.
import { memo, useEffect, useRef, useState } from "react";
import { formatValue, withUnit } from "../format";
import { valueAt } from "./curves";
import type { BandPoint, SeriesPoint } from "./geometry";
import type { MemoPoint } from "./memoPoints";
import type { NamedSeries } from "./readout";

export const TABLE_ROWS = 20;

export interface DataTableProps {
  xLabel: string;
  xUnit: string;
  xText: (v: number) => string;
  yLabel: string;
  yUnit: string;
  curve: SeriesPoint[];
  series: NamedSeries[];
  baseline: SeriesPoint[];
  band: BandPoint[];
  memo: MemoPoint[];
  /** open the table and move focus into it (the chart asks, on T) */
  openSignal?: number;
}

/** About `rows` evenly spaced indices of `n` points, the first and the last always among them. */
export function thinned(n: number, rows = TABLE_ROWS): number[] {
  if (n <= rows) return Array.from({ length: n }, (_, i) => i);
  const stride = (n - 1) / (rows - 1);
  return [...new Set(Array.from({ length: rows }, (_, k) => Math.round(k * stride)))];
}

export const DataTable = memo(function DataTable(p: DataTableProps) {
  // Rows are built only while the table is open: a closed table costs a knob move nothing.
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!p.openSignal || !box.current) return;
    box.current.open = true;
    setOpen(true);
    box.current.querySelector("summary")?.focus();
  }, [p.openSignal]);
  const y = (v: number) => formatValue(v, "");
  const rows = thinned(p.curve.length);
  const bandAt = (x: number) => p.band.find((b) => b.x === x);
  const hasBand = p.band.length > 0;
  return (
    <details ref={box} className="series-table" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Table of the plotted values</summary>
      {open && (
        <div className="table-scroll" data-testid="chart-table">
          <table className="plain">
            <caption>{`${p.yLabel} against ${p.xLabel}${p.curve.length > rows.length ? `: ${rows.length} of the curve's ${p.curve.length} points` : ""}`}</caption>
            <thead>
              <tr>
                <th scope="col">{withUnit(p.xLabel, p.xUnit)}</th>
                <th scope="col">{withUnit(p.series.length ? `${p.yLabel}, this setting` : p.yLabel, p.yUnit)}</th>
                {p.series.map((s) => <th scope="col" key={s.label}>{withUnit(`${p.yLabel}, ${s.label}`, p.yUnit)}</th>)}
                {p.baseline.length > 0 && <th scope="col">{withUnit(`${p.yLabel}, baseline`, p.yUnit)}</th>}
                {hasBand && <th scope="col">{withUnit("Range left open: low", p.yUnit)}</th>}
                {hasBand && <th scope="col">{withUnit("Range left open: high", p.yUnit)}</th>}
                <th scope="col">What limits it</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((i) => {
                const pt = p.curve[i];
                const b = bandAt(pt.x);
                return (
                  <tr key={pt.x}>
                    <th scope="row" className="num">{p.xText(pt.x)}</th>
                    <td className="num">{y(pt.y)}</td>
                    {p.series.map((s) => <td className="num" key={s.label}>{y(valueAt(s.points, pt.x))}</td>)}
                    {p.baseline.length > 0 && <td className="num">{y(valueAt(p.baseline, pt.x))}</td>}
                    {hasBand && <td className="num">{b ? y(b.y0) : ""}</td>}
                    {hasBand && <td className="num">{b ? y(b.y1) : ""}</td>}
                    <td>{pt.bottleneck ?? "nothing fully busy"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {p.memo.length > 0 && (
            <table className="plain" data-testid="chart-table-memo">
              <caption>The memo's measurements at these settings</caption>
              <thead>
                <tr>
                  <th scope="col">{withUnit(p.xLabel, p.xUnit)}</th>
                  <th scope="col">{withUnit(`${p.yLabel}, measured`, p.yUnit)}</th>
                  <th scope="col">As printed</th>
                  <th scope="col">{withUnit(`${p.yLabel}, model`, p.yUnit)}</th>
                  <th scope="col">Model minus memo (%)</th>
                  <th scope="col">Source</th>
                </tr>
              </thead>
              <tbody>
                {p.memo.map((m) => {
                  const model = valueAt(p.curve, m.x);
                  const off = Number.isFinite(model) && m.y !== 0 ? (100 * (model - m.y)) / m.y : Number.NaN;
                  return (
                    <tr key={`${m.citation}|${m.x}`}>
                      <th scope="row" className="num">{m.x0 !== undefined && m.x1 !== undefined ? `${p.xText(m.x0)} to ${p.xText(m.x1)}` : p.xText(m.x)}</th>
                      <td className="num">{y(m.y)}</td>
                      <td className="num">{m.printed}</td>
                      <td className="num">{y(model)}</td>
                      <td className="num">{Number.isFinite(off) ? off.toFixed(1) : "–"}</td>
                      <td>{m.citation}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      )}
    </details>
  );
});
