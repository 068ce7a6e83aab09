// The simulation's points beside the model's curve: at each x simulated, the mean (a diamond) on
// its 95 % interval (a bar with caps). In words, the sentence that says where the simulation and
// the model part and why; in the table and the CSV, each point with its interval and the model
// there; in an exported image, a key of its own shape and a note of how it was made (the spread
// of its service times and its seed), which the CSV's header carries too.
import { counted, formatValue, withUnit } from "../../format";
import { dotBox } from "../labels";
import { THEME } from "../theme";
import { type Axes, type CsvRow, type Mark, ORDER } from "./mark";

/** One simulated point: its x, the metric's mean and 95 % interval, and the model's value there. */
export interface SimPoint {
  x: number;
  mean: number;
  low: number;
  high: number;
  model: number | null;
}

export interface SimulatedView {
  points: SimPoint[];
  /** what the simulation drew, in words ("constant service times") */
  drew: string;
  /** where the two part and why */
  sentence: string;
  seed: number;
}

/** What a simulated point shows on hover or focus: its mean, its interval, the model there. */
function tipBody(a: Axes, p: SimPoint, name: string, y: (v: number) => string) {
  const by = partsBy(p);
  return (
    <>
      <strong>{`Simulated: ${y(p.mean)}`}</strong>
      <span>{p.low === p.high ? "every batch the same" : `95 % interval ${y(p.low)} to ${y(p.high)}`}</span>
      {p.model !== null && <span>{`the model: ${y(p.model)}${by === null ? "" : ` (${by >= 0 ? "+" : "\u2212"}${Math.abs(by).toFixed(1)} %)`}`}</span>}
      <span>{`${name}, at ${a.xLabel.toLowerCase()} ${a.xText(p.x)}`}</span>
    </>
  );
}

/** The simulation's difference from the model at a point, in per cent (null: no model there). */
export const partsBy = (p: SimPoint) => (p.model ? (100 * (p.mean - p.model)) / Math.abs(p.model) : null);

export function simulatedMark(a: Axes, sim: SimulatedView | null): Mark {
  const points = sim?.points ?? [];
  const y = (v: number) => formatValue(v, a.yUnit);
  const name = sim ? `simulation (${sim.drew})` : "simulation";
  return {
    id: "simulated",
    draw: {
      top: (f, ui) => points.length > 0 && (
        <g key="simulated" className="simulated" data-testid="simulated">
          {points.map((p) => {
            const [px, lo, hi, my] = [f.g.x(p.x), f.g.y(p.low), f.g.y(p.high), f.g.y(p.mean)];
            const tip = (e: { currentTarget: Element }) => ui.tip({ left: px, top: my, body: tipBody(a, p, name, y), anchor: e.currentTarget });
            return (
              // (keyed by its run too: another run's point at this x is a new element, and its tip goes)
              // biome-ignore lint/a11y/useSemanticElements: an SVG point has no <button>; focus shows its value and interval, as a memo point's does
              <g key={`${sim?.drew}|${sim?.seed}|${p.x}`} data-testid="simulated-point" data-x={p.x} data-mean={p.mean} data-low={p.low} data-high={p.high}
                tabIndex={0} role="button" onMouseEnter={tip} onMouseLeave={() => ui.tip(null)} onFocus={tip} onBlur={() => ui.tip(null)}
                aria-label={`Simulated ${y(p.mean)} at ${a.xLabel} ${a.xText(p.x)}, 95 % interval ${y(p.low)} to ${y(p.high)}`}>
                <line className="sim-interval" x1={px} x2={px} y1={lo} y2={hi} />
                <line className="sim-interval" x1={px - 4} x2={px + 4} y1={lo} y2={lo} />
                <line className="sim-interval" x1={px - 4} x2={px + 4} y1={hi} y2={hi} />
                <path className="sim-point" d={`M${px},${my - 5.5}L${px + 5.5},${my}L${px},${my + 5.5}L${px - 5.5},${my}Z`} />
              </g>
            );
          })}
        </g>
      ),
    },
    ys: points.flatMap((p) => [p.low, p.high]),
    obstacles: (f) => ({ boxes: points.map((p) => dotBox(f.g.x(p.x), f.g.y(p.mean), 7)) }),
    legend: points.length
      ? [{ at: ORDER.legend.simulated, keys: ["simulated"], testId: "legend-simulated", text: points.every((p) => p.low === p.high)
          ? `${name} at ${counted(points.length, "setting")}: every batch gave the same, so there is no interval to draw`
          : `${name}: mean and 95 % interval at ${counted(points.length, "setting")}` }]
      : [],
    brief: points.length
      ? [{ at: ORDER.brief.simulated, keys: ["simulated"], text: `simulated (${sim?.drew}): mean and 95 % interval` }]
      : [],
    exportKey: points.length ? [{ at: ORDER.exportKey.simulated, label: `${name}: mean and 95 % interval`, colour: THEME.simulated, shape: "diamond" }] : [],
    exportNote: points.length
      ? `Simulated, not measured: ${sim?.drew}, seed ${sim?.seed}; each point the mean of its batches with its 95 % interval, at ${a.xLabel.toLowerCase()} ${points.map((p) => a.xText(p.x)).join(", ")}`
      : undefined,
    sentences: sim && points.length ? [{ at: ORDER.said.simulated, text: sim.sentence }] : [],
    table: points.length
      ? {
          caption: `Simulated points (${sim?.drew}, seed ${sim?.seed})`,
          testId: "simulated-table",
          head: [a.xLabel, withUnit("Simulated mean", a.yUnit), "95 % interval", withUnit("Model", a.yUnit), "Simulation against the model"],
          rows: points.map((p) => {
            const by = partsBy(p);
            return {
              key: String(p.x),
              cells: [
                { text: a.xText(p.x), num: true },
                { text: formatValue(p.mean, ""), num: true },
                { text: `${formatValue(p.low, "")} to ${formatValue(p.high, "")}`, num: true },
                { text: p.model === null ? "" : formatValue(p.model, ""), num: true },
                { text: by === null ? "" : `${by >= 0 ? "+" : "\u2212"}${Math.abs(by).toFixed(1)} %`, num: true },
              ],
            };
          }),
        }
      : undefined,
    csv: {
      at: ORDER.csv.simulated,
      rows: points.flatMap((p): CsvRow[] => [
        [`${name} mean`, p.x, p.mean, "", "", `Memo Lab's simulation (seed ${sim?.seed})`],
        [`${name} 95 % low`, p.x, p.low, "", "", ""],
        [`${name} 95 % high`, p.x, p.high, "", "", ""],
      ]),
    },
  };
}
