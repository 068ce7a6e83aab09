// The memo's measurements: a dot each (hollow when measured at another setting of a knob the
// chart holds fixed), a line through it where the memo gives a range, each focusable with its
// citation; on the x axis, where the memo measured (beyond it the model extrapolates). In words,
// each with the model's error there (at the point's own setting where it was measured at
// another); in the table, each with its setting and source; in sound, a click.
import { formatValue, withUnit } from "../../format";
import type { SeriesPoint } from "../geometry";
import { comparedText, type MemoPoint, modelBeside, settingOf } from "../memoPoints";
import { dotBox } from "../labels";
import { THEME } from "../theme";
import { type Axes, type CsvRow, finite, type LegendLine, type Mark, ORDER } from "./mark";

/** `curve`: the model's, whose value at each measurement is said and tabled beside it. */
export function memoMark(a: Axes, memo: MemoPoint[], curve: SeriesPoint[]): Mark {
  const xs = memo.flatMap((m) => (m.x0 !== undefined && m.x1 !== undefined ? [m.x0, m.x1] : [m.x]));
  const measured: [number, number] | null = xs.length ? [Math.min(...xs), Math.max(...xs)] : null;
  const y = (v: number) => formatValue(v, a.yUnit);
  return {
    id: "memo",
    draw: {
      xaxis: (f) => measured && (
        <g key="measured" className="measured" data-testid="measured-range" data-x0={measured[0]} data-x1={measured[1]}>
          <line x1={f.g.x(measured[0]) - (measured[0] === measured[1] ? 3 : 0)} x2={f.g.x(measured[1]) + (measured[0] === measured[1] ? 3 : 0)} y1={f.bottom} y2={f.bottom} />
        </g>
      ),
      top: (f, ui) => {
        const { g } = f;
        const tip = (m: MemoPoint, anchor: Element) => ui.tip({ left: g.x(m.x), top: g.y(m.y), body: tipBody(a, m, curve), anchor });
        return [
          ...memo.filter((m) => m.x0 !== undefined && m.x1 !== undefined).map((m) => (
            <line key={`range-${m.citation}-${m.y}`} data-testid="memo-range" className="memo-range" x1={g.x(m.x0!)} x2={g.x(m.x1!)} y1={g.y(m.y)} y2={g.y(m.y)} />
          )),
          ...memo.map((m) => (
            // biome-ignore lint/a11y/useSemanticElements: an SVG point has no <button>; focus shows its citation
            <circle key={`point-${m.citation}-${m.x}-${m.y}`} data-testid="memo-point" className={m.exact ? "memo-point" : "memo-point inexact"}
              cx={g.x(m.x)} cy={g.y(m.y)} r={6} tabIndex={0} role="button"
              aria-label={pointName(a, m, curve)}
              onMouseEnter={(e) => tip(m, e.currentTarget)} onMouseLeave={() => ui.tip(null)} onFocus={(e) => tip(m, e.currentTarget)} onBlur={() => ui.tip(null)} />
          )),
        ];
      },
    },
    ys: memo.map((m) => m.y),
    obstacles: (f) => ({ boxes: memo.map((m) => dotBox(f.g.x(m.x), f.g.y(m.y), 7)) }),
    stops: memo,
    legend: legendOf(memo),
    brief: memo.length ? [{ at: ORDER.brief.memo, keys: ["memo"], text: "memo measurement (hover or focus for its citation)" }] : [],
    exportKey: memo.length ? [{ at: ORDER.exportKey.memo, label: "memo measurement", colour: THEME.memo, shape: "dot" }] : [],
    sentences: [{ at: ORDER.said.memo, text: said(a, memo, curve.filter(finite), y) }],
    table: memo.length ? tableOf(a, memo, curve) : undefined,
    csv: {
      at: ORDER.csv.memo,
      rows: memo.map((m): CsvRow => {
        const where = m.x0 !== undefined ? `${m.citation} (measured somewhere between ${m.x0} and ${m.x1})` : m.citation;
        return [m.exact ? "memo" : "memo (another setting)", m.x, m.y, "", m.printed, where];
      }),
    },
    sound: { clicks: memo.map((m) => m.x) },
  };
}

/** The tooltip a point shows on hover or focus: the value, as printed, where and whence. */
/** A point's accessible name: what a sighted reader gets from its look and its tip, its setting
 * and the model there included where it was measured at another setting. */
export function pointName(a: Axes, m: MemoPoint, curve: SeriesPoint[]): string {
  const where = m.x0 !== undefined ? `somewhere between ${a.xLabel} ${a.xText(m.x0)} and ${a.xText(m.x1!)}` : `at ${a.xLabel} ${a.xText(m.x)}`;
  const elsewhere = m.exact ? "" : `, measured at ${settingOf(m)}`;
  const compared = comparedText(m, modelBeside(m, curve), a.yUnit);
  return `Memo measurement ${m.printed} ${where}${elsewhere}${compared ? `; ${compared}` : ""}. ${m.citation}`;
}

function tipBody(a: Axes, m: MemoPoint, curve: SeriesPoint[]) {
  const compared = comparedText(m, modelBeside(m, curve), a.yUnit);
  return (
    <>
      <strong>{`Memo: ${formatValue(m.y, a.yUnit)}`}</strong>
      <span>{`printed as ${m.printed}`}</span>
      {m.note && <span>{m.note}</span>}
      {!m.exact && <span>{`measured at ${settingOf(m)}`}</span>}
      {compared && <span>{compared}</span>}
      {m.x0 !== undefined && <span>{`the memo does not say where between ${a.xText(m.x0)} and ${a.xText(m.x1!)}`}</span>}
      <cite>{m.citation}</cite>
    </>
  );
}

function legendOf(memo: MemoPoint[]): LegendLine[] {
  if (!memo.length) return [];
  const at = ORDER.legend.memo;
  const lines: LegendLine[] = [
    { at, keys: ["memo"], text: "memo measurement at this setting (hover or focus for its citation)" },
    { at, keys: ["measured"], text: "on the x axis: where the memo measured; elsewhere the model extrapolates" },
  ];
  if (memo.some((m) => !m.exact)) lines.push({ at, keys: ["memo inexact"], text: "hollow: measured at another setting of a knob the chart holds fixed" });
  if (new Set(memo.map((m) => m.x)).size < memo.length) lines.push({ at, keys: ["memo", "memo"], text: "several points at one x: the memo's separate runs or tables" });
  if (memo.some((m) => m.x0 !== undefined)) lines.push({ at, keys: ["memo-range"], text: "a line through a point: the memo gives the range it was measured over, not the value" });
  return lines;
}

function said(a: Axes, memo: MemoPoint[], pts: SeriesPoint[], y: (v: number) => string): string {
  if (!memo.length) return "The memo has no measurement at these settings.";
  const each = memo.map((m) => {
    const compared = comparedText(m, modelBeside(m, pts), a.yUnit);
    const where = m.x0 !== undefined && m.x1 !== undefined ? `between ${a.xText(m.x0)} and ${a.xText(m.x1)}` : `at ${a.xText(m.x)}`;
    const elsewhere = m.exact ? "" : ` measured at ${settingOf(m)}`;
    // the printed value tells apart two runs at one setting; the citations are in the data table
    return `${where}, ${y(m.y)}${elsewhere} (printed ${m.printed}${compared ? `; ${compared}` : ""})`;
  });
  return `The memo gives ${memo.length === 1 ? "one measurement" : `${memo.length} measurements`}: ${each.join("; ")}.`;
}

function tableOf(a: Axes, memo: MemoPoint[], curve: SeriesPoint[]) {
  const y = (v: number) => formatValue(v, "");
  return {
    caption: "The memo's measurements at these settings",
    testId: "chart-table-memo",
    head: [withUnit(a.xLabel, a.xUnit), "Measured at", withUnit(`${a.yLabel}, measured`, a.yUnit), "As printed", withUnit(`${a.yLabel}, model at that setting`, a.yUnit), "Model minus memo (%)", "Source"],
    rows: memo.map((m) => {
      const model = modelBeside(m, curve);
      const off = Number.isFinite(model) && m.y !== 0 ? (100 * (model - m.y)) / m.y : Number.NaN;
      return {
        key: `${m.citation}|${m.x}`,
        cells: [
          { text: m.x0 !== undefined && m.x1 !== undefined ? `${a.xText(m.x0)} to ${a.xText(m.x1)}` : a.xText(m.x), num: true },
          { text: m.exact ? "this chart's setting" : settingOf(m) },
          { text: y(m.y), num: true },
          { text: m.printed, num: true },
          { text: y(model), num: true },
          { text: Number.isFinite(off) ? off.toFixed(1) : "–", num: true },
          { text: m.citation },
        ],
      };
    }),
  };
}
