// A model card: how the model works (in the module's own words), its parameters, and how well
// it answers to the memo: every figure, the fidelity bars, and the naive baseline beside it.
import { useEffect, useState } from "react";
import { api } from "../api/client";
import type { ModelCardData, SystemSpec } from "../api/types";
import { formatValue } from "../format";
import { Doc, inline, splitDeveloperNotes } from "./doc";
import { FitChart } from "./FitChart";
import { Judged } from "./Judged";
import { PageError } from "../PageError";

// The bars a model is held to (issue "Calibrated, documented models"), in words.
const BARS = { inSampleMedian: 5, inSampleMax: 15, secondaryMedian: 10, locoMedian: 15, locoMax: 35 };

function Verdict({ ok, bar }: { ok: boolean; bar: string }) {
  return <span className={ok ? "verdict ok" : "verdict miss"}>{`${ok ? "meets" : "misses"} the bar: ${bar}`}</span>;
}

/** The names a lesson file uses for this system, its knobs and its metrics. */
function ForAuthors({ system }: { system: string }) {
  const [spec, setSpec] = useState<SystemSpec | null>(null);
  useEffect(() => {
    api.describe(system).then(setSpec, () => setSpec(null));
  }, [system]);
  if (!spec) return null;
  return (
    <details className="for-authors" data-testid="for-authors">
      <summary>For lesson authors: the names to use in a lesson file</summary>
      <p>{"System: "}<code>{`system: ${spec.id}`}</code>{`. Default axes: x ${spec.x_default}, y ${spec.y_default}.`}</p>
      <p>Knobs (under <code>knobs:</code>, <code>baseline:</code> and <code>x:</code>, a numeric one):</p>
      <ul>
        {spec.knobs.map((k) => (
          <li key={k.name}><code>{k.name}</code>{` ${k.label}: ${"choices" in k ? k.choices.join(", ") : `${k.min} to ${k.max}${k.unit ? ` ${k.unit}` : ""}`} (default ${k.default})`}</li>
        ))}
      </ul>
      <p>Metrics (under <code>y:</code> and in <code>checks:</code>):</p>
      <ul>{spec.metrics.map((m) => <li key={m.name}><code>{m.name}</code>{` ${m.label}${m.unit ? ` (${m.unit})` : ""}`}</li>)}</ul>
    </details>
  );
}

export function ModelCard({ system }: { system: string }) {
  const [card, setCard] = useState<ModelCardData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.card(system).then(
      (c) => {
        setCard(c);
        document.title = `${c.title}: model card · Memo Lab`;
      },
      (e: Error) => setError(e.message),
    );
  }, [system]);
  if (error) return <PageError title="No model card" back={{ href: "/models", label: "All models" }}>{error}</PageError>;
  if (!card) return <p aria-busy="true">Loading…</p>;
  const s = card.summary;
  return (
    <main className="model-card">
      <p className="crumbs"><a href="/models">Models</a></p>
      <h1>{`${card.title}: model card`}</h1>
      <p><a href={`/explore/${card.system}`}>Open the explorer</a></p>
      <ForAuthors system={card.system} />
      <section aria-labelledby="how">
        <h2 id="how">How the model works</h2>
        <Doc text={card.doc} />
      </section>
      <section aria-labelledby="simulation">
        <h2 id="simulation">Simulated beside the analysis</h2>
        <p data-testid="card-simulation">{inline(card.simulation)}</p>
      </section>
      <section aria-labelledby="params">
        <h2 id="params">Fitted parameters</h2>
        <p>{"Numbers the memo does not print but its measurements imply: each is chosen so that the model comes closest to the memo's figures. \"Values that fit as well\" are the ones that fit the figures almost as closely; where that range is wide the memo does not pin the number down, and the charts draw its whole range as a band."}</p>
        {card.fitted.length === 0 ? (
          <p>None: every parameter is a physical constant or a knob.</p>
        ) : (
          <table className="plain">
            <thead><tr><th scope="col">parameter</th><th scope="col">fitted value</th><th scope="col">values that fit as well</th></tr></thead>
            <tbody>{card.fitted.map((n) => {
              const r = card.ranges?.[n];
              const open = card.undetermined?.includes(n);
              return (
                <tr key={n} data-testid={open ? "undetermined-parameter" : undefined}>
                  <td>{card.parameter_labels?.[n] ?? n}</td>
                  <td className="num">{open ? "not pinned" : formatValue(card.params[n])}</td>
                  <td className="num">{r ? `${formatValue(r[0])} to ${formatValue(r[1])}${open ? " (drawn as a band)" : ""}` : ""}</td>
                </tr>
              );
            })}</tbody>
          </table>
        )}
        {card.unknowns.length > 0 && <p>{`Not determined by the memo, shown as a band in the charts: ${card.unknowns.join(", ")}.`}</p>}
      </section>
      {s && (
        <section aria-labelledby="fit">
          <h2 id="fit">How well it answers to the memo</h2>
          <p>{"Each figure the memo printed is compared with what the model says at the same setting; the error is the model's distance from the memo, in percent of the memo's figure. Two harder tests follow: each setting predicted by a model fitted without it (so the model never saw that figure), and a naive rival that simply copies the memo's nearest other figure. A model worth using beats the rival."}</p>
          <ul className="bars" data-testid="fit-summary">
            <li>{`${s.fitted_parameters} fitted parameters for ${s.distinct_figures ?? s.configurations} distinct figures (${s.distinct_inputs ?? s.configurations} settings the model can tell apart) `}<Verdict ok={s.fitted_parameters * 2 <= (s.distinct_figures ?? s.configurations)} bar="at least two figures per fitted number" /></li>
            <li>{`In-sample error: median ${s.in_sample.median_abs}%, largest ${s.in_sample.max_abs}% over ${s.in_sample.n} figures `}<Verdict ok={(s.in_sample.median_abs ?? 0) <= BARS.inSampleMedian && (s.in_sample.max_abs ?? 0) <= BARS.inSampleMax} bar={`median at most ${BARS.inSampleMedian}%, largest at most ${BARS.inSampleMax}%`} /></li>
            {s.secondary.n > 0 && <li>{`Secondary figures (CPU): median ${s.secondary.median_abs}% `}<Verdict ok={(s.secondary.median_abs ?? 0) <= BARS.secondaryMedian} bar={`median at most ${BARS.secondaryMedian}%`} /></li>}
            {card.secondary_note && <li>{`Secondary figures: not predicted; ${card.secondary_note}. `}<Verdict ok={false} bar="a prediction for every figure" /></li>}
            {s.leave_one_configuration_out && (
              <li>{`Each setting predicted by a fit without it (and without any row the model cannot tell from it): median ${s.leave_one_configuration_out.median_abs}%, largest ${s.leave_one_configuration_out.max_abs}% `}
                <Verdict ok={(s.leave_one_configuration_out.median_abs ?? 0) <= BARS.locoMedian && (s.leave_one_configuration_out.max_abs ?? 0) <= BARS.locoMax} bar={`median at most ${BARS.locoMedian}%, largest at most ${BARS.locoMax}%`} /></li>
            )}
            {s.baseline_nearest_figure.n > 0 ? (
              <li>{`The naive rival, copying the memo's nearest other figure, is off by ${s.baseline_nearest_figure.median_abs}% (median). `}
                {(s.in_sample.median_abs ?? 0) < (s.baseline_nearest_figure.median_abs ?? Infinity) ? "The model does better." : "The model does not beat this baseline."}</li>
            ) : (
              <li>Baseline: the memo gives no other figure to copy, so there is nothing to compare with.</li>
            )}
          </ul>
          {Object.keys(card.known_misses).length + Object.keys(card.missed_figures).length > 0 && (
            <div className="known-misses" data-testid="known-misses">
              <h3>Where the model falls short</h3>
              <ul>{Object.entries(card.known_misses).map(([bar, why]) => <li key={bar}><strong>{bar.replace(/_/g, " ")}</strong>{": "}{inline(why)}{"."}</li>)}</ul>
              {Object.keys(card.missed_figures).length > 0 && (
                <>
                  <h4>Memo figures missed by more than 15 %, and the mechanism the model lacks</h4>
                  <ul data-testid="missed-figures">{Object.entries(card.missed_figures).map(([figure, why]) => <li key={figure}><strong>{figure}</strong>{": "}{inline(why)}{"."}</li>)}</ul>
                </>
              )}
            </div>
          )}
          <FitChart figures={card.figures} />
          <div className="table-scroll">
            <table className="plain" data-testid="fit-figures">
              <caption>Every memo figure the model predicts</caption>
              <thead>
                <tr><th scope="col">figure (where in the memo)</th><th scope="col">quantity</th><th scope="col">memo</th><th scope="col">model</th><th scope="col">error</th><th scope="col">error when fitted without it</th><th scope="col">error of copying the nearest figure</th></tr>
              </thead>
              <tbody>
                {card.figures.map((f) => (
                  <tr key={f.figure}>
                    <td>{f.figure}</td>
                    <td>{f.metric}{f.secondary ? " (secondary)" : ""}</td>
                    <td className="num">{formatValue(f.value)}</td>
                    <td className="num">{f.model === null ? "none" : formatValue(f.model)}</td>
                    <td className="num">{`${f.error_percent.toFixed(1)}%`}</td>
                    <td className="num">{f.loco_error_percent === undefined ? "" : `${f.loco_error_percent.toFixed(1)}%`}</td>
                    <td className="num">{f.baseline_error_percent === null ? "" : `${f.baseline_error_percent.toFixed(1)}%`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <Judged card={card} />
      <details className="for-developers" data-testid="for-developers">
        <summary>For developers</summary>
        <ul>
          <li>Module: <code>{`models/perfmodels/${card.system.replace(/-/g, "_")}.py`}</code>; fitted values and report: <code>{`models/perfmodels/params/${card.system}.json`}</code>, written by <code>npm run calibrate</code>.</li>
          {card.fitted.length > 0 && <li>Parameter names: {card.fitted.map((n, i) => <span key={n}>{i ? ", " : ""}<code>{n}</code></span>)}</li>}
          {splitDeveloperNotes(card.doc).notes.map((n) => <li key={n}>{inline(n)}</li>)}
        </ul>
      </details>
    </main>
  );
}

export function ModelIndex() {
  const [systems, setSystems] = useState<{ id: string; title: string; question: string }[] | null>(null);
  useEffect(() => {
    document.title = "Models · Memo Lab";
    api.systems().then(setSystems, () => setSystems([]));
  }, []);
  return (
    <main>
      <h1>Model cards</h1>
      <p className="lede">How each model works, what it was fitted to, and how far it is from the memo.</p>
      <ul className="systems">
        {systems?.map((s) => (
          <li key={s.id}><a href={`/models/${s.id}`}><strong>{s.title}</strong><span>{s.question}</span></a></li>
        ))}
      </ul>
    </main>
  );
}
