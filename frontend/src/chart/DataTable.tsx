// The chart as a table: the model's curve thinned to about twenty rows, with a column from each
// mark that has one (every other drawn curve, the baseline, the band's edges, what limits the
// curve at each row), units in the headers; then each mark's table of its own (the memo's
// measurements with the model's value there and the citation). Folded under a summary; the
// chart's "Read values along the curve" opens it with T.
import { memo, useEffect, useId, useRef, useState } from "react";
import { withUnit } from "../format";
import { type Axes, gather, mainLine, type Mark } from "./marks/mark";

export const TABLE_ROWS = 20;

export interface DataTableProps {
  axes: Axes;
  marks: Mark[];
  /** open the table and move focus into it (the chart asks, on T) */
  openSignal?: number;
}

/** About `rows` evenly spaced indices of `n` points, the first and the last always among them. */
export function thinned(n: number, rows = TABLE_ROWS): number[] {
  if (n <= rows) return Array.from({ length: n }, (_, i) => i);
  const stride = (n - 1) / (rows - 1);
  return [...new Set(Array.from({ length: rows }, (_, k) => Math.round(k * stride)))];
}

export const DataTable = memo(function DataTable({ axes: a, marks, openSignal }: DataTableProps) {
  // Rows are built only while the table is open: a closed table costs a knob move nothing.
  const [open, setOpen] = useState(false);
  const captionId = useId();
  const box = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!openSignal || !box.current) return;
    box.current.open = true;
    setOpen(true);
    box.current.querySelector("summary")?.focus();
  }, [openSignal]);
  const curve = mainLine(marks)?.points ?? [];
  const rows = thinned(curve.length);
  const columns = gather(marks, (m) => m.columns);
  return (
    <details ref={box} className="series-table" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Table of the plotted values</summary>
      {open && (
        // a region the keyboard can scroll, where the table is wider than the screen (a phone's)
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
        <section className="table-scroll" data-testid="chart-table" aria-labelledby={captionId} tabIndex={0}>
          <table className="plain">
            <caption id={captionId}>{`${a.yLabel} against ${a.xLabel}${curve.length > rows.length ? `: ${rows.length} of the curve's ${curve.length} points` : ""}`}</caption>
            <thead>
              <tr>
                <th scope="col">{withUnit(a.xLabel, a.xUnit)}</th>
                {columns.map((c) => <th scope="col" key={c.head}>{c.head}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map((i) => {
                const pt = curve[i];
                return (
                  <tr key={pt.x}>
                    <th scope="row" className="num">{a.xText(pt.x)}</th>
                    {columns.map((c) => <td className={c.num ? "num" : undefined} key={c.head}>{c.cell(pt)}</td>)}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {marks.flatMap((m) => (m.table ? [m.table] : [])).map((t) => (
            <table className="plain" data-testid={t.testId} key={t.caption}>
              <caption>{t.caption}</caption>
              <thead>
                <tr>{t.head.map((h) => <th scope="col" key={h}>{h}</th>)}</tr>
              </thead>
              <tbody>
                {t.rows.map((r) => (
                  <tr key={r.key}>
                    {r.cells.map((c, k) => (k === 0
                      ? <th scope="row" className={c.num ? "num" : undefined} key="head">{c.text}</th>
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed places
                      : <td className={c.num ? "num" : undefined} key={k}>{c.text}</td>))}
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </section>
      )}
    </details>
  );
});
