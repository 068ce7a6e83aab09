// A fit of the model to a user's own table, explained: the values fitted and their profile
// ranges, what the rows could not pin (kept at the memo's values, with why), the memo's pull and
// its weight, the fit against the memo's parameters on rows left out (and the memo's offered
// where the fit does not predict better), and each measured value with, where the fit misses
// it by more than 15 %, the limit that holds the model there or what the model leaves out.
import type { OwnFit, SystemSpec } from "../api/types";
import { formatValue, withUnit } from "../format";

interface Props {
  spec: SystemSpec;
  result: OwnFit;
  /** "{line} {metric}" -> the error (%) with that row left out, once computed */
  leftOut: Record<string, number | null> | null;
  /** apply the memo's parameters instead of the fit */
  onUseMemo: () => void;
}

export function OwnFitResult({ spec, result, leftOut, onUseMemo }: Props) {
  const label = (name: string) => spec.params.find((q) => q.name === name)?.label ?? spec.knobs.find((k) => k.name === name)?.label ?? name;
  const metric = (name: string) => spec.metrics.find((m) => m.name === name);
  const metrics = [...new Set(result.rows.map((r) => r.metric))];
  // one metric: its name and unit once, in the caption, and bare numbers in the cells
  const one = metrics.length === 1 ? metric(metrics[0]) : undefined;
  const unitOf = (name: string) => (one ? "" : (metric(name)?.unit ?? ""));
  const pct = (v: number | null | undefined) => (v == null ? "–" : `${v > 0 ? "+" : ""}${v.toFixed(1)} %`);
  const c = result.comparison;
  const columns = one ? 7 : 8;
  return (
    <div className="fit-result">
      <h3>The fit</h3>
      <ul className="fit-params">
        {result.fitted.map((n) => (
          <li key={n} data-testid="fit-param">
            {`${label(n)} = ${formatValue(result.best[n], "")} (equally good from ${formatValue(result.ranges[n][0], "")} to ${formatValue(result.ranges[n][1], "")})`}
          </li>
        ))}
      </ul>
      {unmoved(result.rows) && (
        <p data-testid="fit-unmoved">
          {"The fit moved nothing: every row's fitted value is the memo's model's. The memo's pull held the values above at the memo's own; your rows alone did not outweigh it."}
        </p>
      )}
      {result.unpinned.length > 0 && (
        <>
          <p>{"Not fitted: your rows cannot pin these, so each keeps the memo's value."}</p>
          <ul className="fit-unpinned" data-testid="fit-unpinned">
            {result.unpinned.map((u) => <li key={u.name}>{u.message}</li>)}
          </ul>
        </>
      )}
      {result.prior.tried.length > 0 && (
        <p className="muted" data-testid="fit-prior">
          {result.prior.weight === 0
            ? "No pull toward the memo's values: leaving each row out, the rows alone predicted best."
            : `Pulled toward the memo's values with weight ${result.prior.weight} (chosen by leaving each row out in turn; the pull does not grow with the rows, so more rows outweigh it).`}
        </p>
      )}
      {result.warnings.map((w) => <p key={w.message} className="notice" data-testid="fit-warning">{w.message}</p>)}
      <p data-testid="fit-comparison">
        {`Each setting left out and predicted from the others: ${c.fitted_left_out.median_abs ?? "–"} % off at the median (at most ${c.fitted_left_out.max_abs ?? "–"} %). `}
        {`The memo's own parameters, fitted to none of your rows: ${c.memo.median_abs ?? "–"} % (at most ${c.memo.max_abs ?? "–"} %).`}
      </p>
      {!c.better && result.fitted.length > 0 && (
        <p className="notice" data-testid="fit-not-better">
          {"The fit does not predict rows it has not seen better than the memo's parameters do. "}
          <button type="button" data-testid="fit-use-memo" onClick={onUseMemo}>Use the memo's parameters</button>
        </p>
      )}
      <p>
        {`Error at the median: ${result.summary.in_sample.median_abs ?? "–"} % fitted; `}
        {leftOut ? `${median(Object.values(leftOut))} % with each row left out; ` : "each row left out: computing…; "}
        {`${result.summary.baseline.median_abs ?? "–"} % copying the nearest other row.`}
      </p>
      <table data-testid="fit-table" className="fit-table">
        <caption>{one ? `Each measured value of ${withUnit(one.label, one.unit)}, the fit, and the memo's model` : "Each measured value, the fit, and the memo's model"}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            {!one && <th scope="col" className="metric">Metric</th>}
            <th scope="col">Measured</th>
            <th scope="col">Fitted</th>
            <th scope="col">Error</th>
            <th scope="col">Row left out</th>
            <th scope="col">Nearest row copied</th>
            <th scope="col">Memo's model</th>
          </tr>
        </thead>
        <tbody>
          {result.rows.flatMap((r) => {
            const unit = unitOf(r.metric);
            const row = (
              <tr key={`${r.line}-${r.metric}`} data-testid="fit-row" className={r.missing ? "missed" : undefined}>
                <th scope="row">{r.line}</th>
                {!one && <td className="metric">{metric(r.metric)?.label ?? r.metric}</td>}
                <td>{formatValue(r.measured, unit)}</td>
                <td>{r.fitted == null ? "–" : formatValue(r.fitted, unit)}</td>
                <td>{pct(r.error_percent)}</td>
                <td>{leftOut ? pct(leftOut[`${r.line} ${r.metric}`]) : "…"}</td>
                <td>{pct(r.baseline_percent)}</td>
                <td>{r.memo_model == null ? "–" : formatValue(r.memo_model, unit)}</td>
              </tr>
            );
            if (!r.missing) return [row];
            return [
              row,
              <tr key={`${r.line}-${r.metric}-why`} className="fit-miss" data-testid="fit-miss">
                <td colSpan={columns}>{`Line ${r.line}, missed by ${pct(r.error_percent)}: ${r.missing.message}.`}</td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}

function median(xs: (number | null)[]): string {
  const a = xs.filter((x): x is number => x !== null).map(Math.abs).sort((u, v) => u - v);
  if (!a.length) return "–";
  const m = a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
  return m.toFixed(2);
}

/** Whether the fit left every row where the memo's parameters put it (the pull toward the memo
 * outweighed the rows): then the values listed are the memo's, not found from the rows. */
function unmoved(rows: { fitted: number | null; memo_model: number | null }[]): boolean {
  const both = rows.filter((r) => r.fitted != null && r.memo_model != null);
  return both.length > 0 && both.every((r) => Math.abs((r.fitted as number) - (r.memo_model as number)) <= 1e-4 * Math.max(1, Math.abs(r.memo_model as number)));
}
