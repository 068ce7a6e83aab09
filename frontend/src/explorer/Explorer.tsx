// The explorer page for one system: knobs, chart, readouts, memo points, the path's stages and a
// pinned baseline; the URL holds the whole state. This file lays the page out; each job is a
// hook or component of its own (the URL and history, a scenario's table, curves computed ahead,
// the model view and its marks, the controls' handlers, the export).
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Dataset, SystemSpec } from "../api/types";
import { Chart } from "../chart/Chart";
import type { SeriesPoint } from "../chart/geometry";
import { ChangeAnnouncer, ChartDescription } from "../chart/ChartDescription";
import { DataTable } from "../chart/DataTable";
import { Legend } from "../chart/Legend";
import { askCurve, curveKnobsOf } from "../chart/curves";
import { SoundControls } from "../chart/SoundControls";
import { PageError } from "../PageError";
import type { ModelClient, RuntimeStatus as Status } from "../runtime/ModelClient";
import { ScenarioBanner } from "../scenarios/ScenarioBanner";
import { viewOf } from "../state/explorerState";
import { dataFitsUrl, defaults, type ExplorerState, serialize } from "../state/urlState";
import { AxisPickers } from "./AxisPickers";
import { ExportBar } from "./ExportBar";
import { exportInput } from "./exportInput";
import { KnobPanel } from "./KnobPanel";
import { OwnDataPanel } from "./OwnDataPanel";
import { columnHead, exampleTable } from "./ownData";
import { PathView } from "./PathView";
import { Presets } from "./Presets";
import { Readouts } from "./Readouts";
import { RuntimeStatus } from "./RuntimeStatus";
import { SensitivityPanel } from "./SensitivityPanel";
import { SimulatePanel } from "./SimulatePanel";
import { useActions } from "./useActions";
import { useExplorerUrl } from "./useExplorerUrl";
import { useDrawnBy } from "./useDrawnBy";
import { useExplorerView } from "./useExplorerView";
import { usePrefetch } from "./usePrefetch";
import { useScenarioData } from "./useScenarioData";
import { useScrollPadding } from "./useScrollPadding";
import { useSimulation } from "./useSimulation";
import { useAfterFrame } from "../view/useAfterFrame";
import { useNow } from "../view/useNow";
import { useOutside, useSystem } from "./useSystem";
import { CLOSED, ORIGINAL, useFragment } from "../state/fragment";
import { type EditState, EditStatus } from "../workbench/EditStatus";
import type { EditedModel } from "../workbench/editAnswerer";

// The model workbench (its editor and its sandbox) loads only when opened: a visit that never
// opens it downloads none of it.
const Workbench = lazy(() => import("../workbench/Workbench"));

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
  const { state, notices, push, setParsed } = useExplorerUrl(spec);
  const [status, setStatus] = useState<Status>(client.status);
  useEffect(() => client.subscribe(setStatus), [client]);
  useScenarioData(state, setParsed);
  const prefetch = usePrefetch(client, spec, state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefetch works through refs, so a stale copy behaves the same
  const update = useCallback(
    (next: ExplorerState) => {
      // Ask for the new curve before React renders, so the knob and its curve paint together.
      askCurve(client, spec, next.knobs, next.x, next.fitted ?? undefined);
      push(next);
      prefetch.afterMove(next);
    },
    [spec, client, push],
  );
  const actions = useActions(spec, state, update);
  const now = useNow(state);
  // nothing to reset: the view is the memo's (a saved scenario's name aside)
  const home = useMemo(() => serialize(defaults(spec), spec), [spec]);
  const atDefaults = useMemo(() => serialize({ ...state, scenario: null }, spec) === home, [state, spec, home]);
  const { knobs, x, baseline } = state;
  const source = status.phase === "ready" ? "browser" : "server";
  const chartBox = useRef<HTMLDivElement>(null);
  useScrollPadding(chartBox);
  const [fragment, setFragment] = useFragment();
  const [edited, setEdited] = useState<EditedModel | null>(null);
  const [editState, setEditState] = useState<EditState | null>(null);
  const [clickedOpen, setClickedOpen] = useState(false);
  // the edit packed as a link carries it, which "Save & share" keeps with the view
  const [packed, setPacked] = useState<string | null>(null);
  const curveKnobs = useMemo(() => curveKnobsOf(spec, knobs, x), [spec, knobs, x]);
  const outside = useOutside(spec.id);
  // the simulated points (on "Simulate" only), along the curve on screen when it was pressed
  const curveNow = useRef<SeriesPoint[]>([]);
  const sim = useSimulation(client, spec, knobs, x, state.y, () => curveNow.current);
  const shownEdit = fragment.open ? edited : null;
  const drawnBy = useDrawnBy(client, spec, state, source, shownEdit);
  const view = useExplorerView(client, drawnBy, spec, dataset, state, sim.view, outside);
  curveNow.current = view.curve;
  const { axes, marks, xKnob, yMetric, params, own } = view;
  // the table "Your measurements" would fit, for the workbench's fit of an edit
  const ownInput = useMemo(() => (own.table?.rows.length && !own.table.problems.length && state.data ? { text: state.data, knobs, fit: state.fit } : null),
    [own.table, state.data, knobs, state.fit]);
  const descriptionId = useId();
  // T on the chart's reader opens the table of its values and moves there
  const [tableAsked, setTableAsked] = useState(0);
  const askTable = useCallback(() => setTableAsked((n) => n + 1), []);
  // What an export needs, read when a button is pressed (the bar itself never re-renders).
  const exportView = useRef<() => ReturnType<typeof exportInput> | null>(() => null);
  exportView.current = () => (view.curve.length ? exportInput(spec, dataset, state, view) : null);
  const prepareExport = useCallback(() => exportView.current(), []);
  // What sits below the chart follows a knob's frame by one (view/useAfterFrame.ts), all of it
  // from the same moment: the marks with the axes and the metric they were drawn for.
  const [laterDescription, laterMarks, laterAxes, laterY, laterCurrent, laterBase, laterPath, laterKnobs] = useAfterFrame(
    [view.description, marks, axes, yMetric, view.current, baseline ? view.baseDetail.value : null, view.path, knobs] as const);
  // the example table and column heads for "Your measurements", the same objects while x and y stay
  const yUnit = yMetric.unit;
  const example = useCallback(() => exampleTable(curveNow.current, { name: x, unit: xKnob.unit }, { name: state.y, unit: yUnit }), [x, xKnob.unit, state.y, yUnit]);
  const columns = useMemo((): [string, string] => [columnHead(x, xKnob.unit), columnHead(state.y, yUnit)], [x, xKnob.unit, state.y, yUnit]);
  const ownShown = useMemo(() => new Set(view.ownShown.map((o) => o.line)).size, [view.ownShown]);

  return (
    <main className="explorer">
      <header className="explorer-head">
        <p className="crumbs"><a href="/">Memo Lab</a>{" · "}<a href={`/models/${spec.id}`}>Model card</a></p>
        <h1>{spec.title}</h1>
        <p className="question">{spec.question}</p>
        <button type="button" className="edit-model" data-testid="edit-model" aria-expanded={fragment.open}
          onClick={() => {
            setClickedOpen(!fragment.open);
            setFragment(fragment.open ? CLOSED : ORIGINAL, true);
          }}>
          {fragment.open ? "Close the model's source" : "Edit this model"}
        </button>
      </header>
      {notices.length > 0 && (
        <div className="notices" role="alert" data-testid="notices">
          <p>Some settings in this link could not be used:</p>
          <ul>{notices.map((n) => <li key={n}>{n}</li>)}</ul>
        </div>
      )}
      {state.scenario && <ScenarioBanner slug={state.scenario} spec={spec} />}
      <RuntimeStatus status={status} />
      <div className={fragment.open ? "explorer-body with-workbench" : "explorer-body"}>
        <div className="side">
          <Presets spec={spec} knobs={knobs} onPick={actions.onPreset} />
          {/* a knob that never moves the plotted metric says so: of the memo's model, not of an edit */}
          <KnobPanel knobs={spec.knobs} values={knobs} onChange={actions.onKnob} onFocusKnob={prefetch.onKnobFocus} folded={spec.unknowns}
            plotted={shownEdit ? undefined : yMetric} />
        </div>
        <div className="chart-area">
          <AxisPickers spec={spec} now={now} update={update} x={x} y={state.y} per={state.per} pinned={baseline !== null} bounds={state.bounds} atDefaults={atDefaults}
            hasBounds={view.bounds.lines.length > 0} source={source} edit={fragment.open ? packed : null} />
          {fragment.open && <EditStatus state={editState} drawnEdit={shownEdit !== null} />}
          {/* stays in view while the knobs move: sticky beside them, above them on a phone */}
          <div className="chart-sticky" ref={chartBox} id="chart" tabIndex={-1}>
            <Chart axes={axes} marks={marks} describedBy={descriptionId} onTable={askTable} />
          </div>
          <ChangeAnnouncer axes={`${x}|${state.y}`} yLabel={yMetric.label} yUnit={yMetric.unit} state={view.setting} />
          {/* an edit's errors are shown in its editor, at their lines */}
          {view.modelError && !shownEdit && <p className="model-error" role="alert">{`The model could not answer: ${view.modelError}`}</p>}
          <Legend marks={marks} dataset={dataset ? { href: `/data/${dataset.source.id}#${dataset.id}`, title: dataset.title } : null} />
          <SimulatePanel spec={spec} sim={sim} />
          <div className="chart-details">
          <ChartDescription id={descriptionId} sentences={laterDescription} />
          <SoundControls marks={laterMarks} yUnit={laterY.unit} />
          <ExportBar prepare={prepareExport} chartRef={chartBox} />
          <Readouts metrics={spec.metrics} result={laterCurrent} baseline={laterBase} />
          <SensitivityPanel spec={spec} client={drawnBy.answerer} knobs={laterKnobs} metric={yMetric} x={x} params={params} source={drawnBy.source} onPickX={actions.onPickX}
            edited={shownEdit !== null} />
          <DataTable axes={laterAxes} marks={laterMarks} openSignal={tableAsked} />
          <PathView stages={laterPath?.stages ?? null} bottleneck={laterPath?.bottleneck ?? null} />
          <OwnDataPanel spec={spec} client={client} text={state.data ?? ""} table={own.table} tableError={own.error} reading={own.reading} knobs={laterKnobs}
            fit={state.fit} fitted={state.fitted} inLink={!state.data || dataFitsUrl(state.data)}
            onText={actions.onOwnText} onFit={actions.onOwnFit} onFitted={actions.onOwnFitted}
            example={example} columns={columns} x={x} shown={ownShown} onPickX={actions.onPickX} />
          </div>
        </div>
        {fragment.open && (
          <Suspense fallback={<p className="loading" aria-busy="true">Loading the editor…</p>}>
            <Workbench spec={spec} curveKnobs={curveKnobs} x={x} view={viewOf(state)} fragment={fragment} setFragment={setFragment} own={ownInput}
              onEdited={setEdited} onPacked={setPacked} onEditState={setEditState} focusOnOpen={clickedOpen} onClose={() => setFragment(CLOSED, true)} />
          </Suspense>
        )}
      </div>
    </main>
  );
}
