// The regions where one bottleneck holds: shaded under the plot and named above it, said in the
// description ("up to … nothing is fully busy; from … the sending CPU limits it") and the last
// column of the table.
import { bandColour } from "../theme";
import { Label } from "./label";
import { bands, type SeriesPoint } from "../geometry";
import { type Axes, finite, type Mark, ORDER } from "./mark";

/** `knee`: where the model puts its resource's start (a region begins exactly there). */
export function regionsMark(a: Axes, curve: SeriesPoint[], knee: { x: number; resource: string } | null): Mark {
  const runs = bands(curve, knee);
  const labels = [...new Set(runs.map((b) => b.label))];
  const said = limitedBy(curve.filter(finite), a.xText);
  return {
    id: "regions",
    draw: {
      back: (f) => (
        <g key="regions" className="bands">
          {runs.map((r, i) => {
            const x0 = f.g.x(r.x0), x1 = f.g.x(r.x1);
            return (
              // keyed by its place in the run, not its edge: a knob move that shifts a region keeps its elements
              // biome-ignore lint/suspicious/noArrayIndexKey: a region's identity is its place among the runs
              <g key={`${r.label}-${i}`} data-testid="bottleneck-band" data-label={r.label} data-x0={r.x0}>
                <rect x={x0} y={f.margin.top} width={Math.max(0, x1 - x0)} height={f.bottom - f.margin.top} fill={bandColour(labels.indexOf(r.label))} />
                <Label f={f} id={`region-${r.label}-${r.x0}`} className="band-label" />
              </g>
            );
          })}
        </g>
      ),
    },
    // each region's name above it, within its columns: the full words, else the resource alone
    labels: (f) => runs.map((r) => {
      const x0 = f.g.x(r.x0), x1 = f.g.x(r.x1);
      const px = f.large ? 18 : 11;
      return { id: `region-${r.label}-${r.x0}`, rank: 0, px, texts: [`limit: ${r.label}`, r.label], spots: [{ x: (x0 + x1) / 2, y: f.margin.top - 8, anchor: "middle" as const }], within: { x0, y0: 0, x1, y1: f.margin.top } };
    }),
    brief: curve.some((p) => p.bottleneck) ? [{ at: ORDER.brief.regions, keys: ["bottleneck"], text: "shaded regions: what limits the curve there (named above the chart)" }] : [],
    sentences: said ? [{ at: ORDER.said.regions, text: said }] : [],
    columns: [{ at: ORDER.column.regions, head: "What limits it", cell: (p) => p.bottleneck ?? "nothing fully busy" }],
  };
}

/** "Up to 24 buffers nothing is fully busy; from 26 buffers the sending CPU limits it." */
function limitedBy(pts: { x: number; bottleneck?: string }[], xText: (v: number) => string): string | null {
  const runs: { from: number; to: number; by: string | undefined }[] = [];
  for (const p of pts) {
    const run = runs[runs.length - 1];
    if (run && run.by === p.bottleneck) run.to = p.x;
    else runs.push({ from: p.x, to: p.x, by: p.bottleneck });
  }
  if (runs.every((r) => r.by === undefined)) return null;
  const what = (by: string | undefined) => (by ? `the ${by} limits it` : "no resource is fully busy");
  if (runs.length === 1) return `All along, ${what(runs[0].by)}.`;
  return `${runs.map((r, i) => (i === 0 ? `Up to ${xText(r.to)} ${what(r.by)}` : `from ${xText(r.from)} ${what(r.by)}`)).join("; ")}.`;
}
