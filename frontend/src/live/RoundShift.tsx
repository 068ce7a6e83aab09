// The projector after the reveal of a step voted twice: round 1 and round 2 side by side against
// the model, as the server's report judges them (classes/report.py): each round's answers as
// dots on one scale with the model's value, the share within 10 % (or right) before and after,
// how many moved toward the model, and the confident and wrong. Large, for the back of a room.
import { useElementWidth } from "../chart/useElementWidth";
import { formatValue } from "../format";
import type { ClassReport } from "./api";

type StepReport = ClassReport["steps"][number];

export const pct = (n: number | null | undefined) => (n == null ? "–" : `${Math.round(n)} %`);

/** What "right" means for a kind of question (classes/report.py): a point within 10 % of the
 * model's value, a sketch within 10 % of the model's curve on average, a choice the right one. */
export const rightWords = (predict: string) =>
  predict === "choice" ? "right" : predict === "curve" ? "within 10 % of the model on average" : "within 10 % of the model";

/** Each dot's x and its offset (in dots, alternately below and above the line) from the dots
 * before it that it would cover: equal answers are seen as several, not one. */
export function stacked(xs: number[]): [number, number][] {
  return xs.map((cx, j) => {
    const k = xs.slice(0, j).filter((x) => Math.abs(x - cx) < 12).length;
    return [cx, k % 2 ? Math.ceil(k / 2) : -k / 2 || 0];
  });
}

/** Dots of each round's point answers on one linear scale, the model's value a line across,
 * named above the rows (below, it would sit on the dots), the scale's ends under them. Drawn at
 * the width it is given, in real pixels: scaled from a fixed view box, its 20 px words shrank to
 * 9 px in the chart's column of a projector. */
function Strips({ rounds, truth, unit }: { rounds: number[][]; truth: number; unit: string }) {
  const [box, measured] = useElementWidth<HTMLDivElement>(560);
  const all = [truth, ...rounds.flat()].filter(Number.isFinite);
  const lo = Math.min(0, ...all);
  const hi = Math.max(...all) * 1.05 || 1;
  const w = Math.max(measured, 320);
  const row = 34;
  const left = 100;
  const top = 28;
  const bottom = top + row * rounds.length;
  const x = (v: number) => left + ((v - lo) / (hi - lo)) * (w - left - 10);
  const mx = Math.min(Math.max(x(truth), left + 60), w - 70);
  return (
    <div ref={box} className="shift-strips-box">
    <svg className="shift-strips" width={w} height={bottom + 26} viewBox={`0 0 ${w} ${bottom + 26}`} role="img"
      aria-label={`Each round's answers against the model's ${formatValue(truth, unit)}, on a scale from ${formatValue(lo, unit)} to ${formatValue(hi, unit)}`}>
      <text x={mx} y={18} textAnchor="middle" className="strip-label">{`model: ${formatValue(truth, unit)}`}</text>
      {rounds.map((vs, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rounds are fixed, in order
        <g key={`round-${i + 1}`} transform={`translate(0 ${top + i * row})`}>
          <text x={0} y={row / 2} dominantBaseline="middle" className="strip-label">{`Round ${i + 1}`}</text>
          <line x1={left} x2={w - 10} y1={row / 2} y2={row / 2} className="strip-axis" />
          {stacked(vs.map(x)).map(([cx, k], j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: answers have no identity on the projector
            <circle key={j} cx={cx} cy={row / 2 + k * 8} r={8} className={i === 0 ? "dot first" : "dot second"} />
          ))}
        </g>
      ))}
      <line x1={x(truth)} x2={x(truth)} y1={top - 4} y2={bottom} className="strip-model" />
      <text x={left} y={bottom + 20} textAnchor="start" className="strip-scale">{formatValue(lo, unit)}</text>
      <text x={w - 10} y={bottom + 20} textAnchor="end" className="strip-scale">{formatValue(hi, unit)}</text>
    </svg>
    </div>
  );
}

export function RoundShift({ report, first, second, unit }: { report: StepReport; first: number[]; second: number[]; unit: string }) {
  const [r1, r2] = report.rounds;
  const point = report.predict === "point";
  const right = rightWords(report.predict);
  const shift = report.shift;
  return (
    <figure className="round-shift" data-testid="round-shift">
      <figcaption><strong>Before and after the discussion</strong>{` (share ${right})`}</figcaption>
      {point && report.truth != null && <Strips rounds={[first, second]} truth={report.truth} unit={unit} />}
      <div className="shift-figures">
      <table>
        <thead>
          <tr><th scope="col" /><th scope="col">Round 1</th><th scope="col">Round 2</th></tr>
        </thead>
        <tbody>
          <tr><th scope="row">Answered</th><td>{r1?.answered ?? 0}</td><td>{r2?.answered ?? 0}</td></tr>
          <tr data-testid="shift-right"><th scope="row">{report.predict === "choice" ? "Right" : "Within 10 %"}</th><td>{pct(r1?.right_pct)}</td><td>{pct(r2?.right_pct)}</td></tr>
          <tr data-testid="shift-confident-wrong"><th scope="row">Sure, and wrong</th><td>{r1?.confident_wrong ?? "–"}</td><td>{r2?.confident_wrong ?? "–"}</td></tr>
        </tbody>
      </table>
      {shift && (
        <p className="shift-moved" data-testid="shift-moved">
          {`${shift.toward} of ${shift.both} moved toward the model`}
          {shift.away ? `, ${shift.away} away from it` : ""}
          {`, ${shift.same} no nearer nor further.`}
        </p>
      )}
      </div>
    </figure>
  );
}

/** A step voted once, after the reveal: how many said "Sure" and were wrong (shown only when
 * some students said how sure they were). */
export function SureAndWrong({ report }: { report: StepReport }) {
  const r = report.rounds[0];
  const said = r?.confidence.filter((c) => c.confidence > 0).reduce((n, c) => n + c.answered, 0) ?? 0;
  if (!r || said === 0 || r.confident_wrong == null) return null;
  return (
    <p className="sure-wrong" data-testid="confident-wrong">
      {`${r.confident_wrong} of ${r.answered} said "Sure" and were wrong; ${pct(r.right_pct)} ${rightWords(report.predict)}.`}
    </p>
  );
}
