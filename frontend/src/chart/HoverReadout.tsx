// The readout that follows the pointer or the arrow keys along the curve (Chart draws the rule
// and the dot; this is the box beside them).
import { formatValue } from "../format";
import { comparedText, type MemoPoint, settingOf } from "./memoPoints";
import { boundText, type ReadoutAt } from "./readout";

/** A memo figure in the chart's unit, as the model's value beside it is, with the figure as the
 * memo printed it where that reads differently ("Memo: 3.48M bit/s (printed 434726 Bps)"); one
 * measured at another setting says it and the model there, not this curve. */
export function memoText(m: MemoPoint, yUnit: string): string {
  const shown = formatValue(m.y, yUnit);
  const printed = m.printed && m.printed !== shown ? ` (printed ${m.printed})` : "";
  if (m.exact) return `Memo: ${shown}${printed}`;
  const compared = comparedText(m, m.model ?? Number.NaN, yUnit);
  return `Memo: ${shown}${printed} at ${settingOf(m)}${compared ? `; ${compared}` : ""}`;
}

export function HoverReadout({ r, xLabel, xText, yLabel, yUnit, left, top, width }: {
  r: ReadoutAt; xLabel: string; xText: (v: number) => string; yLabel: string; yUnit: string; left: number; top: number; width: number;
}) {
  return (
    <div className="tooltip hover-readout" data-testid="hover-readout" data-x={r.x} data-y={r.y}
      style={{ left: Math.max(0, Math.min(left + 12, width - 250)), top }}>
      <span>{`${xLabel}: ${xText(r.x)}`}</span>
      <strong>{`${yLabel}: ${formatValue(r.y, yUnit)}`}</strong>
      {r.bottleneck && <span>{`Bottleneck: ${r.bottleneck}`}</span>}
      {r.others.map((o) => <span key={o.label}>{`${o.label}: ${formatValue(o.y, yUnit)}`}</span>)}
      {r.bounds.map((b) => <span key={b.label} className="readout-bound" data-testid="readout-bound">{boundText(b, yUnit)}</span>)}
      {r.memo.map((m) => (
        <span key={`${m.citation}-${m.y}`} className="readout-memo">{memoText(m, yUnit)}</span>
      ))}
    </div>
  );
}
