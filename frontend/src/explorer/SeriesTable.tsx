// The chart's text alternative: the plotted series as a table, reachable by keyboard.
import { useState, memo } from "react";
import { formatValue } from "../format";
import type { SeriesPoint } from "../chart/geometry";

export const SeriesTable = memo(function SeriesTable({ xLabel, yLabel, curve, baseline }: { xLabel: string; yLabel: string; curve: SeriesPoint[]; baseline: SeriesPoint[] }) {
  // Rows are built only while the table is open: a closed table costs a knob move nothing.
  const [open, setOpen] = useState(false);
  return (
    <details className="series-table" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Table of the plotted values</summary>
      {open && <div className="table-scroll">
        <table className="plain" data-testid="series-table">
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              <th scope="col">{yLabel}</th>
              {baseline.length > 0 && <th scope="col">{`${yLabel} (baseline)`}</th>}
              <th scope="col">bottleneck</th>
            </tr>
          </thead>
          <tbody>
            {curve.map((p, i) => (
              <tr key={p.x}>
                <td className="num">{formatValue(p.x)}</td>
                <td className="num">{formatValue(p.y)}</td>
                {baseline.length > 0 && <td className="num">{formatValue(baseline[i]?.y ?? NaN)}</td>}
                <td>{p.bottleneck ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>}
    </details>
  );
});
