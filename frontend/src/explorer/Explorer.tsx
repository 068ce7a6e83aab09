// The explorer page for one system: knobs, chart, readouts, memo points, the path's stages and
// a pinned baseline; the URL holds the whole state.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { isChoice, type Dataset, type KnobValues, type NumberKnob, type Params, type Spread, type SystemSpec } from "../api/types";
import { api } from "../api/client";
import type { ModelClient, RuntimeStatus as Status } from "../runtime/ModelClient";
import { dataFitsUrl, defaults, parse, serialize, type ExplorerState } from "../state/urlState";
import { dropPendingUrl, writeUrl } from "../state/urlWriter";
import { Chart, axesOf } from "../chart/Chart";
import { ExportBar } from "./ExportBar";
import { KnobPanel } from "./KnobPanel";
import { memoPoints } from "../chart/memoPoints";
import { PathView } from "./PathView";
import { Presets } from "./Presets";
import { Readouts } from "./Readouts";
import { RuntimeStatus } from "./RuntimeStatus";
import { SaveDialog } from "../scenarios/SaveDialog";
import { ScenarioBanner } from "../scenarios/ScenarioPages";
import { useSystem } from "./useSystem";
import { askCurve, bandCall, bandNamesOf, bandShown, curveCall, curveKnobsOf, curveOf, drawnLimit } from "../chart/curves";
import { sweepKey, useModelView } from "../chart/useModelView";
import { useLatest } from "../chart/useLatest";
import { OwnDataPanel } from "./OwnDataPanel";
import { SensitivityPanel } from "./SensitivityPanel";
import { exampleTable, ownPoints, rowsElsewhere } from "./ownData";
import { useOwnTable } from "./useOwnTable";
import { usePerCurves } from "../chart/usePerCurves";
import { boundsLegend, Legend } from "./Legend";
import { ChangeAnnouncer, ChartDescription } from "../chart/ChartDescription";
import { describeChart } from "../chart/describe";
import { DataTable } from "../chart/DataTable";
import { SoundControls } from "../chart/SoundControls";
import { formatSetting, formatValue, knobDisplay } from "../format";
import type { ExportInput } from "./ExportBar";
import { seriesColour, THEME } from "../chart/theme";
import { PageError } from "../PageError";

// Changes closer together than this (a slider being dragged) share one history entry.
const HISTORY_GAP_MS = 1000;

export function Explorer({ system, client }: { system: string; client: ModelClient }) {
  const { spec, dataset, error } = useSystem(system);
  useEffect(() => {
    if (spec) document.title = `${spec.title} · Memo Lab`;
  }, [spec]);
  if (error) return <PageError title="Cannot open this explorer" back={{ href: "/", label: "All systems" }}>{error}</PageError>;
  if (!spec) return <p className="loading" aria-busy="true">Loading the model description…</p>;
  return <ExplorerView spec={spec} dataset={dataset} client={client} />;
}

function ExplorerView({ spec, dataset, client }: { spec: SystemSpec; dataset: Dataset | null; client: ModelClient }) {
  const [{ state, notices }, setParsed] = useState(() => parse(window.location.search, spec));
  const [status, setStatus] = useState<Status>(client.status);
  const lastPush = useRef(-Infinity); // the first change always gets its own history entry
  useEffect(() => client.subscribe(setStatus), [client]);

  // A saved scenario's table too large for a link comes from the scenario itself.
  const scenarioSlug = state.scenario;
  const hasData = state.data !== null;
  useEffect(() => {
    if (!scenarioSlug || hasData) return;
    let live = true;
    api.scenario(scenarioSlug).then((s) => {
      if (live && s.data) setParsed((p) => ({ ...p, state: { ...p.state, data: s.data ?? null, fit: s.fit ?? p.state.fit, fitted: s.fitted ?? p.state.fitted } }));
    }, () => undefined); // the banner says when the scenario is gone
    return () => {
      live = false;
    };
  }, [scenarioSlug, hasData]);

  // The canonical URL for the parsed state (bad parameters replaced by defaults).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on first render; later changes write the URL in `update`
  useEffect(() => {
    window.history.replaceState(null, "", `${window.location.pathname}?${serialize(state, spec)}`);
  }, []);

  useEffect(() => {
    const onPop = () => {
      dropPendingUrl(); // the visitor moved in history: an older pending address must not overwrite it
      setParsed(parse(window.location.search, spec));
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [spec]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: schedulePrefetch works through refs, so a stale copy behaves the same
  const update = useCallback(
    (next: ExplorerState) => {
      // Ask for the new curve before React renders, so the knob and its curve paint together.
      askCurve(client, spec, next.knobs, next.x, next.fitted ?? undefined);
      const now = performance.now();
      writeUrl(`${window.location.pathname}?${serialize(next, spec)}`, now - lastPush.current > HISTORY_GAP_MS);
      lastPush.current = now;
      setParsed({ state: next, notices: [] });
      schedulePrefetch(next);
    },
    [spec, client],
  );

  // After a numeric knob moves, compute the curve one step further the same way while the page
  // is idle: the next key press or slow drag then finds its curve ready. A knob taking focus
  // computes both neighbours, so even its first move finds its curve ready.
  const lastKnobs = useRef(state.knobs);
  const prefetchAround = (knobs: KnobValues, x: string, knob: NumberKnob, ways: boolean[]) => {
    const v = Number(knobs[knob.name]);
    const ahead = ways.map((up) => neighbour(knob, v, up)).filter((n): n is number => n !== null);
    if (!ahead.length) return;
    // each step's curve, its answer (the readouts) and the curve's band, so the step
    // draws all three in one frame
    const calls = ahead.flatMap((n) => {
      const next = { ...knobs, [knob.name]: n };
      const params = latestView.current.fitted ?? undefined;
      const spread = params ? latestView.current.spread ?? undefined : undefined;
      return [curveCall(spec, next, x, params), { type: "evaluate" as const, system: spec.id, knobs: next, params }, bandCall(spec, next, x, params, spread)];
    });
    // asked once this move's frame is drawn: on a machine with few cores the worker computing
    // them would otherwise take the processor from the page's render of this move
    requestAnimationFrame(() => setTimeout(() => client.prefetch(calls), 0));
  };
  const schedulePrefetch = (next: ExplorerState) => {
    const before = lastKnobs.current;
    lastKnobs.current = next.knobs;
    const moved = spec.knobs.find((k) => !isChoice(k) && k.name !== next.x && before[k.name] !== next.knobs[k.name]) as NumberKnob | undefined;
    if (moved) prefetchAround(next.knobs, next.x, moved, [Number(next.knobs[moved.name]) > Number(before[moved.name])]);
  };
  const latestView = useRef(state);
  latestView.current = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefetchAround works through refs, so a stale copy behaves the same
  const onKnobFocus = useCallback((name: string) => {
    const { knobs: now, x: along } = latestView.current;
    const knob = spec.knobs.find((k) => k.name === name);
    if (knob && !isChoice(knob) && knob.name !== along) prefetchAround(now, along, knob, [true, false]);
  }, [spec]);

  const { knobs, x, y, baseline, per } = state;
  const params = state.fitted ?? undefined;
  const spread = params ? state.spread ?? undefined : undefined;
  const xKnob = spec.knobs.find((k) => k.name === x) as NumberKnob;
  const yMetric = spec.metrics.find((m) => m.name === y)!;
  const xShow = useMemo(() => knobDisplay(xKnob), [xKnob]);
  const axes = useMemo(() => axesOf(xKnob, xShow, yMetric), [xKnob, xShow, yMetric]);
  const source = status.phase === "ready" ? "browser" : "server";
  const chartBox = useRef<HTMLDivElement>(null);
  // What takes focus must never hide under the sticky chart (WCAG 2.2, 2.4.11): the page keeps
  // a scroll padding of the chart's height, so the browser scrolls it to below the chart.
  useEffect(() => {
    const el = chartBox.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const ro = new ResizeObserver(() => {
      root.style.scrollPaddingTop = `${Math.ceil(el.getBoundingClientRect().height) + 8}px`;
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      root.style.scrollPaddingTop = "";
    };
  }, []);

  const { sweep, detail, current, baseDetail, curve, band, limit, saturation, baseCurve, bounds } = useModelView(client, spec, {
    knobs,
    x,
    y,
    baseline,
    source,
    params,
    spread,
  });
  // With a fit of the user's own: the memo's calibration beside it, for comparison.
  const memoCurveKnobs = useMemo(() => curveKnobsOf(spec, knobs, x), [spec, knobs, x]);
  const memoSweep = useLatest(params ? `memo|${sweepKey(source, spec, memoCurveKnobs, x)}` : null, () => client.curve(spec.id, memoCurveKnobs, x, "memo"));
  const memoCurve = useMemo(() => (params ? curveOf(memoSweep.value, x, y) : []), [params, memoSweep.value, x, y]);
  const own = useOwnTable(client, spec.id, state.data, knobs);
  const ownShown = useMemo(() => ownPoints(own.table, x, y, knobs), [own.table, x, y, knobs]);
  // What the band spans: the knobs the memo leaves open and the fitted parameters it does not pin.
  const bandNames = useMemo(() => bandNamesOf(sweep.value, spec, params !== undefined), [sweep.value, spec, params]);
  // Memo points follow the curve on screen (the knobs it was computed for), so both change together.
  const shownKnobs = sweep.value?.knobs;
  const memo = useMemo(
    () => (shownKnobs ? memoPoints(dataset, spec, shownKnobs, x, y) : []),
    [dataset, spec, shownKnobs, x, y],
  );
  const perCurves = usePerCurves(client, spec, { knobs, x, y, per, source, params });
  const perKnob = per ? spec.knobs.find((k) => k.name === per) : undefined;
  const perLabel = perKnob ? String(knobs[perKnob.name]) : null;
  const curveLabel = params ? (perLabel ? `${perLabel}, your fit` : "your fit") : perLabel;
  const series = useMemo(
    () => (memoCurve.length ? [...perCurves.series, { label: "memo's calibration", points: memoCurve }] : perCurves.series),
    [perCurves.series, memoCurve],
  );
  const baselinePoint = baseline && baseDetail.value?.metrics[y] != null ? { x: Number(baseline[x]), y: baseDetail.value.metrics[y]! } : null;
  const modelError = sweep.error ?? detail.error ?? perCurves.error;
  // The chart in words, from the same answers the chart draws (chart/describe.ts).
  const descriptionId = useId();
  // T on the chart's reader opens the table of its values and moves there
  const [tableAsked, setTableAsked] = useState(0);
  const askTable = useCallback(() => setTableAsked((n) => n + 1), []);
  const description = useMemo(
    () => describeChart({ xLabel: xKnob.label, xText: xShow.text, yLabel: yMetric.label, yUnit: yMetric.unit, curve, limit, saturation, memo, baseline: baseline ? baseCurve : [], currentX: Number(knobs[x]),
      per: perKnob && curveLabel !== null ? { knob: perKnob.label, curveLabel, series: perCurves.series } : undefined,
      bounds: state.bounds && bounds.lines.length ? bounds : undefined }),
    [xKnob, xShow, yMetric, curve, limit, saturation, memo, baseline, baseCurve, knobs, x, perKnob, curveLabel, perCurves.series, state.bounds, bounds],
  );
  const currentY = current?.metrics[y];
  const setting = useMemo(
    () => (currentY == null ? null : { setting: `${xKnob.label.toLowerCase()} ${xShow.text(Number(knobs[x]))}`, value: currentY, bottleneck: current?.bottleneck ?? null }),
    [currentY, current?.bottleneck, xKnob, xShow, knobs, x],
  );
  const atDefaults = useMemo(() => serialize({ ...state, scenario: null }, spec) === serialize(defaults(spec), spec), [state, spec]);

  const setKnobs = (next: KnobValues) => update({ ...state, knobs: next, scenario: null });
  // Stable handlers for the memoized panels; they read the newest state through a ref.
  const latest = useRef({ state, setKnobs });
  latest.current = { state, setKnobs };
  const onKnob = useCallback((name: string, value: string | number) => {
    const { state: st, setKnobs: set } = latest.current;
    set({ ...st.knobs, [name]: value });
  }, []);
  // A memo configuration: its knobs, and a y the memo measured there (so its point shows).
  const onPreset = useCallback((config: KnobValues, metrics: string[]) => {
    const { state: st } = latest.current;
    const y = metrics.includes(st.y) ? st.y : metrics[0] ?? st.y;
    update({ ...st, knobs: { ...st.knobs, ...config }, y, scenario: null });
  }, [update]);

  // a bar of "what matters most" puts its knob on the x axis
  const onPickX = useCallback((name: string) => {
    const { state: st } = latest.current;
    if (st.x !== name) update({ ...st, x: name });
  }, [update]);

  // The user's own table and its fit: part of the view, so in the link.
  const onOwnText = useCallback((text: string) => {
    const { state: st } = latest.current;
    update({ ...st, data: text || null, scenario: null });
  }, [update]);
  const onOwnFit = useCallback((names: string[] | null) => {
    const { state: st } = latest.current;
    update({ ...st, fit: names, scenario: null });
  }, [update]);
  // a fitted knob is set to the nearest value the knob offers (a link must hold it)
  const onOwnFitted = useCallback((fitted: Params | null, fittedKnobs: KnobValues, spread: Spread | null) => {
    const { state: st } = latest.current;
    const snapped = Object.fromEntries(Object.entries(fittedKnobs).map(([name, v]) => {
      const k = spec.knobs.find((kk) => kk.name === name);
      if (!k || isChoice(k) || typeof v !== "number") return [name, v];
      const n = Math.round((v - k.min) / k.step);
      return [name, Math.min(k.max, Math.max(k.min, Number((k.min + n * k.step).toPrecision(12))))];
    }));
    update({ ...st, fitted, spread: fitted ? spread : null, knobs: { ...st.knobs, ...snapped }, scenario: null });
  }, [update, spec]);

  // What an export needs, read when a button is pressed (the bar itself never re-renders).
  const exportView = useRef<() => ExportInput | null>(() => null);
  exportView.current = () => {
    if (!curve.length) return null;
    const citation = dataset
      ? `${dataset.source.authors}, "${dataset.source.title}" (${dataset.source.date}); ${dataset.title}`
      : "no memo figures on this chart";
    const lines: ExportInput["series"] = [
      { name: curveLabel ? `model: ${curveLabel}` : "model", kind: "model", points: curve },
      ...series.map((s) => ({ name: `model: ${s.label}`, kind: "series" as const, points: s.points })),
      ...(baseline ? [{ name: "baseline", kind: "baseline" as const, points: baseCurve }] : []),
      ...(band.length ? [
        { name: "band low", kind: "band-low" as const, points: band.map((b) => ({ x: b.x, y: b.y0 })) },
        { name: "band high", kind: "band-high" as const, points: band.map((b) => ({ x: b.x, y: b.y1 })) },
      ] : []),
      ...(limit.length ? [{ name: "capacity", kind: "capacity" as const, points: limit }] : []),
    ];
    return {
      context: {
        system: spec.id,
        title: spec.title,
        xLabel: xKnob.label,
        xUnit: xKnob.unit,
        yLabel: yMetric.label,
        yUnit: yMetric.unit,
        settings: spec.knobs.filter((k) => k.name !== x).map((k) => formatSetting(k.label, knobs[k.name], k.unit)),
        citation,
        url: window.location.href,
        ...(baseline ? { baseline: spec.knobs.map((k) => formatSetting(k.label, baseline[k.name], k.unit)) } : {}),
        state: serialize({ ...state, scenario: null }, spec),
        ...(params ? { fitted: Object.entries(params).map(([n, v]) => `${spec.params.find((q) => q.name === n)?.label ?? n} = ${formatValue(v, "")}`) } : {}),
        ...(ownShown.length ? { own: ownShown } : {}),
      },
      x,
      y,
      series: lines,
      memo,
      // each entry is listed only where the chart draws it
      legend: [
        { label: curveLabel ? `model: ${curveLabel}` : "model", colour: THEME.curve, mark: "[data-testid=model-curve][d^=M], [data-testid=fitted-curve][d^=M]" },
        ...series.map((s, i) => ({ label: `model: ${s.label}`, colour: seriesColour(i), mark: `[data-testid=series-curve][data-label="${CSS.escape(s.label)}"]` })),
        { label: "baseline", colour: THEME.baseline, dashed: true, mark: "[data-testid=baseline-curve][d^=M]" },
        { label: "memo measurement", colour: THEME.memo, mark: "[data-testid=memo-point]" },
        { label: "your measurement", colour: THEME.own, mark: "[data-testid=own-data-point]" },
        { label: "capacity", colour: THEME.limit, dashed: true, mark: "[data-testid=limit-line]" },
        { label: "range the memo leaves open", colour: "#9fc0e0", mark: "[data-testid=uncertainty-band][d^=M]" },
      ],
    };
  };
  const prepareExport = useCallback(() => exportView.current(), []);

  return (
    <main className="explorer">
      <header className="explorer-head">
        <p className="crumbs"><a href="/">Memo Lab</a>{" · "}<a href={`/models/${spec.id}`}>Model card</a></p>
        <h1>{spec.title}</h1>
        <p className="question">{spec.question}</p>
      </header>
      {notices.length > 0 && (
        <div className="notices" role="alert" data-testid="notices">
          <p>Some settings in this link could not be used:</p>
          <ul>{notices.map((n) => <li key={n}>{n}</li>)}</ul>
        </div>
      )}
      {state.scenario && <ScenarioBanner slug={state.scenario} spec={spec} />}
      <RuntimeStatus status={status} />
      <div className="explorer-body">
        <div className="side">
          <Presets spec={spec} knobs={knobs} onPick={onPreset} />
          <KnobPanel knobs={spec.knobs} values={knobs} onChange={onKnob} onFocusKnob={onKnobFocus} folded={spec.unknowns} />
        </div>
        <div className="chart-area">
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
            {spec.knobs.some(isChoice) && (
              <label>
                one curve per{" "}
                <select value={per ?? ""} data-testid="per-select" onChange={(e) => update({ ...state, per: e.target.value || null })}>
                  <option value="">(one curve)</option>
                  {spec.knobs.filter(isChoice).map((k) => <option key={k.name} value={k.name}>{k.label}</option>)}
                </select>
              </label>
            )}
            {baseline ? (
              <button type="button" onClick={() => update({ ...state, baseline: null })}>Clear baseline</button>
            ) : (
              <button type="button" onClick={() => update({ ...state, baseline: { ...knobs } })}>Pin as baseline</button>
            )}
            {bounds.lines.length > 0 && (
              <label className="bounds-toggle">
                <input type="checkbox" data-testid="bounds-toggle" checked={state.bounds} onChange={(e) => update({ ...state, bounds: e.target.checked })} />
                {" bounds"}
              </label>
            )}
            <button type="button" data-testid="reset-knobs" disabled={atDefaults}
              onClick={() => update(defaults(spec))}>Reset to the memo's settings</button>
            <SaveDialog system={spec.id} state={{ knobs, x, y, baseline, per: state.per, data: state.data, fitted: state.fitted, fit: state.fit, spread: state.spread, bounds: state.bounds }} />
            <span className="source" data-testid="source">{`computed by the ${source}`}</span>
          </div>
          {/* stays in view while the knobs move: sticky beside them, above them on a phone */}
          <div className="chart-sticky" ref={chartBox} id="chart" tabIndex={-1}>
            <Chart
              {...axes}
              curve={curve}
              band={band}
              baseline={baseCurve}
              baselinePoint={baselinePoint}
              series={series}
              curveLabel={curveLabel ?? undefined}
              limit={limit}
              bounds={state.bounds && bounds.lines.length ? bounds : undefined}
              own={ownShown}
              fitted={params !== undefined}
              saturation={saturation}
              memo={memo}
              currentX={Number(knobs[x])}
              currentY={current?.metrics[y] ?? NaN}
              describedBy={descriptionId}
              onTable={askTable}
            />
          </div>
          <ChangeAnnouncer axes={`${x}|${y}`} yLabel={yMetric.label} yUnit={yMetric.unit} state={setting} />
          {modelError && <p className="model-error" role="alert">{`The model could not answer: ${modelError}`}</p>}
          <Legend
            knobs={spec.knobs}
            values={knobs}
            curveLabel={curveLabel}
            series={series}
            baseline={baseline}
            bandNames={bandNames}
            showBand={bandShown(band)}
            memo={memo}
            capacity={drawnLimit(limit, Math.max(0, ...curve.map((p) => p.y).filter(Number.isFinite))).length > 1
              ? `capacity${saturation && !saturation.resource ? `, reached at ${xKnob.label.toLowerCase()} ${xShow.text(saturation.x)}` : ""}`
              : null}
            saturation={saturation?.resource ? `the ${saturation.resource} saturates at ${xShow.text(saturation.x)}: from there on it sets the pace` : null}
            dataset={dataset ? { href: `/data/${dataset.source.id}#${dataset.id}`, title: dataset.title } : null}
            own={own.table ? { shown: ownShown.length, elsewhere: rowsElsewhere(own.table, ownShown) } : null}
            bounds={state.bounds ? boundsLegend(bounds, xShow.text) : []}
          />
          <div className="chart-details">
          <ChartDescription id={descriptionId} sentences={description} />
          <SoundControls curve={curve} memoXs={memo.map((m) => m.x)} capacityX={saturation?.x ?? null} yUnit={yMetric.unit} />
          <ExportBar prepare={prepareExport} chartRef={chartBox} />
          <Readouts metrics={spec.metrics} result={current} baseline={baseline ? baseDetail.value : null} />
          <SensitivityPanel spec={spec} client={client} knobs={knobs} metric={yMetric} x={x} params={params} source={source} onPickX={onPickX} />
          <DataTable
            xLabel={xKnob.label} xUnit={xShow.unit} xText={xShow.text} yLabel={yMetric.label} yUnit={yMetric.unit}
            curve={curve} series={series} baseline={baseline ? baseCurve : []} band={band} memo={memo} openSignal={tableAsked}
          />
          <PathView stages={detail.value?.stages ?? null} bottleneck={detail.value?.bottleneck ?? null} />
          <OwnDataPanel spec={spec} client={client} text={state.data ?? ""} table={own.table} tableError={own.error} reading={own.reading} knobs={knobs}
            fit={state.fit} fitted={state.fitted} inLink={!state.data || dataFitsUrl(state.data)}
            onText={onOwnText} onFit={onOwnFit} onFitted={onOwnFitted}
            example={() => exampleTable(curve, { name: x, unit: xKnob.unit }, { name: y, unit: yMetric.unit })} />
          </div>
        </div>
      </div>
    </main>
  );
}

/** The value one keyboard step up or down from `v` (a power of two on log2 knobs), or null
 * past the knob's range. */
function neighbour(knob: NumberKnob, v: number, up: boolean): number | null {
  const step = knob.scale === "log2" ? (up ? v : -v / 2) : up ? knob.step : -knob.step;
  const n = Math.round((v + step) * 1e9) / 1e9;
  return n < knob.min || n > knob.max ? null : n;
}
