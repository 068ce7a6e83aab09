// "Your measurements": paste, upload or type a table of your own machine's measurements, see every
// problem at its line and column, and fit the model to it in the browser, with progress and a
// stop; then the fit, explained (OwnFitResult).
import { memo, useId, useRef, useState } from "react";
import { isChoice, type KnobValues, type NumberKnob, type OwnFit, type OwnTable, type Params, type Spread, type SystemSpec } from "../api/types";
import { formatValue } from "../format";
import type { ModelClient } from "../runtime/ModelClient";
import { OwnDataGrid } from "./OwnDataGrid";
import { tableAlong } from "./ownData";
import { OwnFitResult } from "../fits/OwnFitResult";

interface Props {
  spec: SystemSpec;
  client: ModelClient;
  text: string;
  table: OwnTable | null;
  tableError: string | null;
  /** the table is being read (before the model runtime has started, this can take a while) */
  reading?: boolean;
  knobs: KnobValues;
  /** the names chosen to fit (null: what the table can move) */
  fit: string[] | null;
  /** the parameters on screen fitted to this table, or null (the memo's calibration) */
  fitted: Params | null;
  /** whether the table is small enough to travel in the link */
  inLink: boolean;
  onText: (text: string) => void;
  onFit: (names: string[] | null) => void;
  /** a fit was made: its parameters, and any knobs it fitted; null: back to the memo's */
  onFitted: (params: Params | null, knobs: KnobValues, spread: Spread | null) => void;
  /** an example table for this chart (synthetic, and labelled so) */
  example: () => string;
  /** the chart's x and y as a table's column heads (ownData.ts columnHead): this system's own */
  columns: [string, string];
  /** the chart's x knob, and how many of the table's rows the chart draws */
  x: string;
  shown: number;
  /** put a knob on the x axis (a table measured along another knob offers it) */
  onPickX: (knob: string) => void;
}

const SHOW_PROGRESS_MS = 100;
const MAX_FILE_BYTES = 64 * 1024;

export const OwnDataPanel = memo(function OwnDataPanel(p: Props) {
  const id = useId();
  const [result, setResult] = useState<OwnFit | null>(null);
  const [leftOut, setLeftOut] = useState<Record<string, number | null> | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(0);
  const [asGrid, setAsGrid] = useState(false);
  const running = progress !== null;
  const problems = p.table?.problems ?? [];
  const fitNames = new Set(p.fit ?? []);
  const canFit = !!p.table && p.table.rows.length > 0 && problems.length === 0 && !running;

  const runFit = async () => {
    if (!canFit) return;
    setMessage(null);
    setLeftOut(null);
    started.current = performance.now();
    setProgress(0);
    const tick = (f: number) => {
      if (performance.now() - started.current >= SHOW_PROGRESS_MS) setProgress(f / 2);
    };
    const call = { type: "fit" as const, system: p.spec.id, text: p.text, knobs: p.knobs, fit: p.fit ?? undefined };
    try {
      const r = await p.client.own(call, tick);
      setResult(r);
      const params = Object.fromEntries(Object.entries(r.best).filter(([n]) => p.spec.params.some((q) => q.name === n)));
      // the parameters the table cannot pin are drawn as a band across their equally good range
      const open = r.warnings.filter((w) => w.kind === "undetermined" && w.name && w.name in params).map((w) => w.name as string);
      const spread: Spread = Object.fromEntries(open.map((n) => [n, [r.ranges[n][0], r.ranges[n][1]] as [number, number]]));
      p.onFitted(Object.keys(params).length ? params : null, r.knobs as KnobValues, open.length ? spread : null);
      const errors = await p.client.own({ type: "left_out", system: p.spec.id, text: p.text, knobs: p.knobs, fit: r.fitted, best: r.best, weight: r.prior.weight },
        (f) => tick(1 + f));
      setLeftOut(errors);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      setMessage(why === "stopped" ? "Stopped: nothing was changed." : `The fit failed: ${why}`);
    } finally {
      setProgress(null);
    }
  };

  const stop = () => {
    if (!p.client.stop()) setMessage("This browser cannot stop a fit part way; it will finish on its own.");
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setMessage(`${file.name} is ${Math.round(file.size / 1024)} KB; a table may be at most 64 KB.`);
      return;
    }
    p.onText(await file.text());
  };

  const columns = p.table?.columns ?? [];
  const given = new Set(columns.filter((c) => c.kind === "knob").map((c) => c.name));
  const held = p.table ? p.spec.knobs.filter((k) => !given.has(k.name)) : [];
  // what may be fitted: the model's parameters, and the numeric knobs the table leaves open
  // (perfmodels/fitting/ownfit.py fittable)
  const fittable = [
    ...p.spec.params.map((q) => ({ name: q.name, label: q.label })),
    ...held.filter((k): k is NumberKnob => !isChoice(k) && !k.integer).map((k) => ({ name: k.name, label: `${k.label} (a knob: its value found from your table)` })),
  ];
  const along = tableAlong(p.table, p.x);
  const label = (name: string) => p.spec.params.find((q) => q.name === name)?.label ?? p.spec.knobs.find((k) => k.name === name)?.label ?? name;

  return (
    <section className="own-data" data-testid="own-data" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Your measurements</h2>
      <p className="muted">
        {"Paste a table (CSV, tab-separated, or cells copied from a spreadsheet), upload a file, or type one. "}
        {"The first line names the columns: knobs and metrics by name or label, with a unit in brackets, "}
        <code data-testid="own-data-hint-x">{p.columns[0]}</code>{", "}<code data-testid="own-data-hint-y">{p.columns[1]}</code>{". Lines starting with # are notes."}
      </p>
      <fieldset className="own-data-actions own-data-mode">
        <legend className="visually-hidden">Edit the table</legend>
        <button type="button" aria-pressed={!asGrid} onClick={() => setAsGrid(false)}>As text</button>
        <button type="button" aria-pressed={asGrid} data-testid="own-data-as-grid" onClick={() => setAsGrid(true)}>As a table of cells</button>
      </fieldset>
      {asGrid ? (
        <OwnDataGrid text={p.text} problems={problems} onText={p.onText} />
      ) : (
        <label className="own-data-text">
          {"Your table "}
          <textarea data-testid="own-data-input" rows={6} spellCheck={false} value={p.text}
            aria-describedby={problems.length ? `${id}-problems` : undefined} aria-invalid={problems.length > 0}
            onChange={(e) => p.onText(e.target.value)} />
        </label>
      )}
      <div className="own-data-actions">
        <label className="file-pick">
          {"Upload a file "}
          <input type="file" accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain" onChange={(e) => void upload(e.target.files?.[0])} />
        </label>
        <button type="button" onClick={() => p.onText(p.example())}>Use a synthetic example</button>
        {p.text && <button type="button" onClick={() => { p.onText(""); setResult(null); p.onFitted(null, {}, null); }}>Clear</button>}
      </div>
      {!p.inLink && p.text && <p className="muted" data-testid="own-data-large">This table is too large to travel in the link: "Save &amp; share" keeps it with the view, for any size.</p>}
      {p.reading && <p className="muted" role="status" data-testid="own-data-reading">Reading your table…</p>}
      {p.tableError && <p className="field-error" role="alert">{`The table could not be read: ${p.tableError}`}</p>}
      {problems.length > 0 && (
        <ul className="own-data-problems" id={`${id}-problems`}>
          {problems.map((q) => (
            <li key={`${q.line}-${q.column}-${q.message}`} className="field-error" data-testid="own-data-problem">
              {`${q.line ? `Line ${q.line}` : "The table"}${q.column !== null && q.line ? `, column ${q.column + 1}${columns[q.column] ? ` (${columns[q.column].header})` : ""}` : ""}: ${q.message}`}
            </li>
          ))}
        </ul>
      )}
      {p.table && problems.length === 0 && (
        <p data-testid="own-data-summary">
          {`${p.table.rows.length} row${p.table.rows.length === 1 ? "" : "s"}; columns ${columns.map((c) => c.name).join(", ")}. `}
          {held.length > 0 && `Held at the settings on screen: ${held.map((k) => `${k.label} ${String(p.table!.held[k.name])}`).join(", ")}.`}
        </p>
      )}
      {p.table && problems.length === 0 && p.shown < p.table.rows.length && (
        // rows the chart leaves out are said, never dropped in silence; a table along another
        // knob than x offers that knob for the axis
        <p className="own-data-elsewhere" role="status" data-testid="own-data-elsewhere">
          {`${p.shown === 0 ? "None" : `Only ${p.shown}`} of your ${p.table.rows.length} rows ${p.shown === 1 ? "is" : "are"} on this chart`}
          {along ? `: your table is measured along ${label(along)}, and the chart's x is ${label(p.x)}. ` : ": the others were measured at other settings than the ones on screen."}
          {along && <button type="button" data-testid="own-data-use-x" onClick={() => p.onPickX(along)}>{`Plot against ${label(along)}`}</button>}
        </p>
      )}
      {p.table && problems.length === 0 && fittable.length > 0 && (
        <fieldset className="own-data-fit-what">
          <legend>What to fit</legend>
          <label>
            <input type="checkbox" checked={p.fit === null} onChange={(e) => p.onFit(e.target.checked ? null : [])} />
            {" what the table can move (the default)"}
          </label>
          {p.fit !== null && fittable.map((q) => (
            <label key={q.name}>
              <input type="checkbox" checked={fitNames.has(q.name)}
                onChange={(e) => p.onFit(e.target.checked ? [...fitNames, q.name] : [...fitNames].filter((n) => n !== q.name))} />
              {` ${q.label}`}
            </label>
          ))}
        </fieldset>
      )}
      <div className="own-data-actions">
        <button type="button" data-testid="own-data-fit" disabled={!canFit} onClick={() => void runFit()}>Fit the model to my table</button>
        {running && <button type="button" onClick={stop}>Stop</button>}
        {running && progress > 0 && <progress max={1} value={progress} aria-label="Fitting" />}
        {p.fitted && !running && <button type="button" onClick={() => { setResult(null); p.onFitted(null, {}, null); }}>Back to the memo's calibration</button>}
      </div>
      <p className="muted" role="status">{running ? "Fitting…" : message ?? ""}</p>
      {p.fitted && !result && (
        <ul className="fit-params">
          {Object.entries(p.fitted).map(([n, v]) => <li key={n} data-testid="fit-param">{`${label(n)} = ${formatValue(v, "")}`}</li>)}
        </ul>
      )}
      {result && <OwnFitResult spec={p.spec} result={result} leftOut={leftOut} onUseMemo={() => { setResult(null); p.onFitted(null, {}, null); }} />}
    </section>
  );
});
