// The explorer page for one system: knobs, chart, readouts, memo points; the URL holds the state.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api } from "../api/client";
import { isChoice, type Dataset, type Evaluation, type NumberKnob, type SweepResult, type SystemSpec } from "../api/types";
import type { ModelClient, RuntimeStatus as Status } from "../runtime/ModelClient";
import { parse, serialize, type ExplorerState } from "../state/urlState";
import { Chart } from "./Chart";
import { KnobPanel } from "./KnobPanel";
import { memoPoints } from "./memoPoints";
import { Readouts } from "./Readouts";
import { RuntimeStatus } from "./RuntimeStatus";
import { useLatest } from "./useLatest";

// Changes closer together than this (a slider being dragged) share one history entry.
const HISTORY_GAP_MS = 1000;

export function Explorer({ system, client }: { system: string; client: ModelClient }) {
  const [spec, setSpec] = useState<SystemSpec | null>(null);
  const [dataset, setDataset] = useState<Dataset | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.describe(system).then(
      (s) => {
        if (!live) return;
        setSpec(s);
        document.title = `${s.title} · Memo Lab`;
        if (s.overlay) api.dataset(s.overlay.dataset).then((d) => live && setDataset(d), () => live && setDataset(null));
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [system]);
  if (error) return <div className="page-error" role="alert"><h1>Cannot open this explorer</h1><p>{error}</p><a href="/">All systems</a></div>;
  if (!spec) return <p className="loading" aria-busy="true">Loading the model description…</p>;
  return <ExplorerView spec={spec} dataset={dataset} client={client} />;
}

function ExplorerView({ spec, dataset, client }: { spec: SystemSpec; dataset: Dataset | null; client: ModelClient }) {
  const [{ state, notices }, setParsed] = useState(() => parse(window.location.search, spec));
  const [status, setStatus] = useState<Status>(client.status);
  const lastPush = useRef(0);
  useEffect(() => client.subscribe(setStatus), [client]);

  // The canonical URL for the parsed state (bad parameters replaced by defaults).
  useEffect(() => {
    window.history.replaceState(null, "", `${window.location.pathname}?${serialize(state, spec)}`);
    // Only on first render: later changes write the URL in `update`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const onPop = () => setParsed(parse(window.location.search, spec));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [spec]);

  const update = useCallback(
    (next: ExplorerState) => {
      const url = `${window.location.pathname}?${serialize(next, spec)}`;
      const now = performance.now();
      if (now - lastPush.current > HISTORY_GAP_MS) window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
      lastPush.current = now;
      setParsed({ state: next, notices: [] });
    },
    [spec],
  );

  const { knobs, x, y } = state;
  const xKnob = spec.knobs.find((k) => k.name === x) as NumberKnob;
  const yMetric = spec.metrics.find((m) => m.name === y)!;
  const source = status.phase === "ready" ? "browser" : "server";

  // The curve depends on every knob but x: moving x only moves the marker.
  const curveKnobs = useMemo(() => ({ ...knobs, [x]: xKnob.default }), [knobs, x, xKnob]);
  const sweepKey = `${source}|${x}|${JSON.stringify(curveKnobs)}`;
  const sweep = useLatest(sweepKey, () => client.sweep(spec.id, curveKnobs, x));
  const sweepPoint = useMemo(() => pointAt(sweep.value, x, knobs[x]), [sweep.value, x, knobs]);
  const evalKey = sweepPoint ? null : `${source}|${JSON.stringify(knobs)}`;
  const single = useLatest(evalKey, () => client.evaluate(spec.id, knobs));
  const current: Evaluation | null = sweepPoint ?? single.value;

  const curve = useMemo(() => curveOf(sweep.value, x, y), [sweep.value, x, y]);
  const band = useMemo(() => bandOf(sweep.value, x, y), [sweep.value, x, y]);
  // Memo points follow the curve on screen (the knobs it was computed for), so both change together.
  const shownKnobs = sweep.value?.knobs;
  const memo = useMemo(
    () => (shownKnobs ? memoPoints(dataset, spec, shownKnobs, x, y) : []),
    [dataset, spec, shownKnobs, x, y],
  );
  const modelError = sweep.error ?? single.error;

  return (
    <main className="explorer">
      <header className="explorer-head">
        <p className="crumbs"><a href="/">Memo Lab</a></p>
        <h1>{spec.title}</h1>
        <p className="question">{spec.question}</p>
      </header>
      {notices.length > 0 && (
        <div className="notices" role="alert" data-testid="notices">
          <p>Some settings in this link could not be used:</p>
          <ul>{notices.map((n) => <li key={n}>{n}</li>)}</ul>
        </div>
      )}
      <RuntimeStatus status={status} />
      <div className="explorer-body">
        <KnobPanel knobs={spec.knobs} values={knobs} onChange={(name, value) => update({ ...state, knobs: { ...knobs, [name]: value } })} />
        <section className="chart-area" aria-label="Chart">
          <div className="axis-pickers">
            <label>
              x axis{" "}
              <select value={x} onChange={(e) => update({ ...state, x: e.target.value })}>
                {spec.knobs.filter((k) => !isChoice(k)).map((k) => <option key={k.name} value={k.name}>{k.label}</option>)}
              </select>
            </label>
            <label>
              y axis{" "}
              <select value={y} onChange={(e) => update({ ...state, y: e.target.value })}>
                {spec.metrics.map((m) => <option key={m.name} value={m.name}>{m.label}</option>)}
              </select>
            </label>
            <span className="source" data-testid="source">{`computed by the ${source}`}</span>
          </div>
          <Chart
            xLabel={`${xKnob.label}${xKnob.unit ? ` (${xKnob.unit})` : ""}`}
            yLabel={yMetric.label}
            yUnit={yMetric.unit}
            curve={curve}
            band={band}
            xDomain={[xKnob.min, xKnob.max]}
            xLog={xKnob.scale === "log2"}
            memo={memo}
            currentX={Number(knobs[x])}
            currentY={current?.metrics[y] ?? NaN}
          />
          {modelError && <p className="model-error" role="alert">{`The model could not answer: ${modelError}`}</p>}
          <p className="legend">
            <span className="key curve" /> model{" "}
            {band.some((b) => b.y1 - b.y0 > 1e-9 * Math.max(1, Math.abs(b.y1))) && (
              <>
                <span className="key band" />
                {` range over ${spec.unknowns.map((u) => spec.knobs.find((k) => k.name === u)?.label ?? u).join(", ")} (not measured in the memo)`}{" "}
              </>
            )}
            {memo.length > 0 && (
              <>
                <span className="key memo" /> memo measurement (hover or focus for its citation){" "}
              </>
            )}
            <span className="key current" /> current setting
            {dataset && (
              <>
                {" · "}
                <a href={`/data/${dataset.source.id}#${dataset.id}`}>{`The memo's figures: ${dataset.title}`}</a>
              </>
            )}
          </p>
          <Readouts metrics={spec.metrics} result={current} />
        </section>
      </div>
    </main>
  );
}

/** The sweep's answer at the current value of x, if the sweep has it (no model call needed). */
function pointAt(sweep: SweepResult | null, x: string, value: string | number): Evaluation | null {
  if (!sweep || sweep.x_knob !== x) return null;
  const i = sweep.x.indexOf(value);
  if (i < 0) return null;
  return {
    metrics: Object.fromEntries(Object.entries(sweep.metrics).map(([m, v]) => [m, v[i]])),
    bottleneck: sweep.bottleneck[i],
  };
}

function curveOf(sweep: SweepResult | null, x: string, y: string) {
  if (!sweep || sweep.x_knob !== x || !sweep.metrics[y]) return [];
  // null (no finite value) becomes NaN: the curve leaves a gap there
  return sweep.x.map((xv, i) => ({ x: Number(xv), y: sweep.metrics[y][i] ?? NaN, bottleneck: sweep.bottleneck[i] ?? undefined }));
}

/** The envelope of every undetermined knob's band: lowest and highest outcome at each x. */
function bandOf(sweep: SweepResult | null, x: string, y: string) {
  if (!sweep || sweep.x_knob !== x) return [];
  const bands = Object.values(sweep.band);
  if (!bands.length) return [];
  return bands[0].x.map((xv, i) => {
    const ys = bands.flatMap((b) => [b.low[y][i] ?? NaN, b.high[y][i] ?? NaN]);
    return { x: Number(xv), y0: Math.min(...ys), y1: Math.max(...ys) };
  });
}
