// A class's predictions at one x (a live class): 14 px marks spread a little sideways (a phone's
// smaller), and beside the plot a histogram of how they spread along y with the median marked.
import { formatValue } from "../../format";
import { dotBox } from "../labels";
import { type Frame, type Mark, ORDER } from "./mark";

/** The room the class's spread takes beside the plot (half on a phone). */
const SPREAD_W = 72;
/** A class prediction's mark: 14 px across, to be seen from the back of a room. */
const CROWD_R = 7;

/** `rings`: once the model's answer is drawn, the class's marks are rings that leave it in sight. */
export function crowdMark(a: { yUnit: string }, at: number, ys: number[], rings = false): Mark {
  const room = (small: boolean) => (small ? SPREAD_W / 2 : SPREAD_W);
  return {
    id: "crowd",
    beside: room,
    draw: {
      top: (f) => [
        <g key="crowd" data-testid="class-predictions" className="crowd">
          {ys.map((y, i) => (
            // sideways jitter (the same for the same i), so equal answers stay countable;
            // the marks have no identity but their place in the list
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <circle key={i} data-testid="class-prediction" className={rings ? "class-prediction ring" : "class-prediction"} cx={f.g.x(at) + ((i * 11) % 25) - 12} cy={f.g.y(y)} r={f.small ? 5 : CROWD_R} />
          ))}
        </g>,
        ys.length > 0 && <Spread key="spread" ys={ys} f={f} width={room(f.small) - 14} unit={a.yUnit} />,
      ],
    },
    obstacles: (f) => ({ boxes: ys.map((y, i) => dotBox(f.g.x(at) + ((i * 11) % 25) - 12, f.g.y(y), (f.small ? 5 : CROWD_R) + 1)) }),
    brief: ys.length ? [{ at: ORDER.brief.crowd, keys: ["crowd"], text: "the class's predictions (beside the axis: how they spread, the black line their median)" }] : [],
  };
}

/** How the class's predictions spread along the y axis: a histogram beside the plot, bars to the
 * right, with the median marked; its label says the same in words. Unlabelled marks on the plot
 * (screen readers pass them by): this says it. */
function Spread({ ys, f, width, unit }: { ys: number[]; f: Frame; width: number; unit: string }) {
  const y = f.g.y;
  const left = f.width - f.margin.right + 8;
  const [lo, hi] = y.domain();
  const n = 12;
  const counts = new Array<number>(n).fill(0);
  for (const v of ys) counts[Math.max(0, Math.min(n - 1, Math.floor(((v - lo) / (hi - lo)) * n)))] += 1;
  const most = Math.max(...counts);
  const sorted = [...ys].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  const bin = (hi - lo) / n;
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG group is not interactive; as an image it is read as one sentence
    <g data-testid="class-spread" className="class-spread" role="img"
      aria-label={`The class's ${ys.length} predictions: median ${formatValue(median, unit)}, from ${formatValue(sorted[0], unit)} to ${formatValue(sorted[sorted.length - 1], unit)}`}>
      <line x1={left} x2={left} y1={y(hi)} y2={y(lo)} className="spread-axis" />
      {counts.map((c, i) => c > 0 && (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bins are fixed places on the axis
        <rect key={i} x={left} y={y(lo + (i + 1) * bin) + 1} width={Math.max(3, (width * c) / most)} height={Math.max(1, y(lo + i * bin) - y(lo + (i + 1) * bin) - 2)} />
      ))}
      <line x1={left - 6} x2={left + width} y1={y(median)} y2={y(median)} className="spread-median" />
    </g>
  );
}
