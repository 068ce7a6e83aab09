// The atlas (/atlas): every system's main curve on one dimensionless chart (perfmodels/atlas.py),
// the textbook's bounds drawn once for all, each curve a link to its explorer at the setting drawn,
// and beside the chart each system's knee and capacity in its own units: the scaling that makes
// the shapes comparable hides how large each system is, so the page says it.
import { useCallback, useId, useMemo, useState } from "react";
import { useElementWidth } from "../chart/useElementWidth";
import type { SystemSpec } from "../api/types";
import { Chart } from "../chart/Chart";
import { ChartDescription } from "../chart/ChartDescription";
import { DataTable } from "../chart/DataTable";
import { describeMarks } from "../chart/describe";
import { Legend } from "../chart/Legend";
import { asymptotesMark } from "../chart/marks/asymptotes";
import { type AtlasLine, atlasCurvesMark, coinciding } from "../chart/marks/atlasCurves";
import { atlasColour } from "../chart/theme";
import type { ModelClient } from "../runtime/ModelClient";
import { atlasAxes, atlasLine, xDomain } from "./atlasLines";
import { useAtlas } from "./useAtlas";

const PHONE_HEIGHT = 360;

export function AtlasPage({ client }: { client: ModelClient }) {
  const { specs, curves, errors } = useAtlas(client);
  const [box, width] = useElementWidth<HTMLDivElement>();
  const descriptionId = useId();
  const [tableAsked, setTableAsked] = useState(0);
  const askTable = useCallback(() => setTableAsked((n) => n + 1), []);
  // in the registry's order, each as soon as its curve is here
  const drawn = useMemo(
    () => (specs ?? []).flatMap((s) => (curves[s.id] ? [{ spec: s, curve: curves[s.id] }] : [])),
    [specs, curves],
  );
  const lines = useMemo(() => drawn.map(({ spec, curve }) => atlasLine(spec, curve)), [drawn]);
  const on = coinciding(lines);
  const axes = useMemo(() => atlasAxes(xDomain(drawn.map((d) => d.curve))), [drawn]);
  const marks = useMemo(() => [asymptotesMark(axes, specs?.length ?? 7), atlasCurvesMark(axes, lines)], [axes, lines, specs]);
  const waiting = (specs?.length ?? 7) - drawn.length - Object.keys(errors).filter(Boolean).length;
  return (
    <main className="atlas">
      <h1>The atlas: seven systems on one chart</h1>
      <p className="lede">
        Seven systems from five memos on one chart. Each curve is a system's throughput as a share of its bound
        (y = 1) against its load as a multiple of its knee (x = 1), the load at which its light-load bound reaches
        that ceiling. Scaled so, the textbook's two bounds are the same lines for every system, and the curves differ
        in how far they sag below the corner.
      </p>
      {errors[""] && <p role="alert">{`Could not list the systems: ${errors[""]}`}</p>}
      {waiting > 0 && !errors[""] && (
        <p className="muted" aria-busy="true" data-testid="atlas-waiting">{`Drawing the curves: ${drawn.length} of ${specs?.length ?? 7} so far…`}</p>
      )}
      {/* a phone's chart taller than an explorer's: there are no knobs to keep in view below it */}
      <div className="atlas-chart" id="chart" tabIndex={-1} ref={box}>
        <Chart axes={axes} marks={marks} describedBy={descriptionId} onTable={askTable} yMax={1.1} height={width < 500 ? PHONE_HEIGHT : undefined} />
      </div>
      <Legend marks={marks} dataset={null} />
      <p className="atlas-note">
        Where a system's knob is not a population (a CPU's speed, a chunk's size, a swapping interval, MAXPKT), x is
        the knob over its value at the knee. OFN's curve falls: a search's cost grows with the files open, so its rate
        tends to y = 1/x. The scaling hides size: the table gives each system's knee and capacity in its own units.
        Follow a curve, or its name, to its explorer at the setting drawn.
        {lines.map((l, i) => on[i] && ` ${l.name}'s curve runs on ${on[i]?.name}'s: it is drawn dashed.`)}
      </p>
      <AtlasSystems lines={lines} dashed={on.map(Boolean)} specs={specs ?? []} errors={errors} curves={curves} />
      <div className="chart-details">
        <ChartDescription id={descriptionId} sentences={describeMarks(marks, axes)} />
        <DataTable axes={axes} marks={marks} openSignal={tableAsked} />
      </div>
    </main>
  );
}

/** Each system's name (a link to its explorer at the setting drawn), its knee and its capacity. */
function AtlasSystems({ lines, dashed, specs, errors, curves }: { lines: AtlasLine[]; dashed: boolean[]; specs: SystemSpec[]; errors: Record<string, string>; curves: ReturnType<typeof useAtlas>["curves"] }) {
  return (
    <div className="table-scroll">
      <table className="plain atlas-systems" data-testid="atlas-systems">
        <caption>Each system at x = 1 and y = 1, in its own units</caption>
        <thead>
          <tr>
            <th scope="col">System</th>
            <th scope="col">Knee (x = 1)</th>
            <th scope="col">Capacity (y = 1)</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const c = curves[l.system];
            return (
              <tr key={l.system} data-testid="atlas-system" data-system={l.system}>
                <th scope="row">
                  <span className={dashed[i] ? "key series dashed" : "key series"} style={{ borderColor: atlasColour(i) }} />
                  <a href={l.href} data-testid="atlas-link">{l.name}</a>
                  <span className="muted">{` ${l.title}`}</span>
                </th>
                <td>{l.knee}<span className="muted">{`set by ${c.before}, then ${c.after}`}</span></td>
                <td data-testid="atlas-capacity">{l.capacity}<span className="muted">{c.capacity_is}</span></td>
              </tr>
            );
          })}
          {specs.filter((s) => errors[s.id]).map((s) => (
            <tr key={s.id}>
              <th scope="row">{s.title}</th>
              <td colSpan={2} role="alert">{`The model could not draw it here: ${errors[s.id]}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
