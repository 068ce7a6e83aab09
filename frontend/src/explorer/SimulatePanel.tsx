// "Simulate": the model's mechanism run event by event at a few settings along the curve, drawn
// beside it with 95 % intervals (chart/marks/simulated.tsx). The spread of the service times is
// chosen here; the run has progress and Stop, and a sentence says where the simulation and the
// model part and why. A model that is not simulated says why not, in its card's words.
import { memo, useEffect, useId, useRef } from "react";
import type { SystemSpec } from "../api/types";
import type { Service, useSimulation } from "./useSimulation";

const SERVICES: { value: Service; label: string }[] = [
  { value: "exponential", label: "exponential" },
  { value: "constant", label: "constant" },
  // the times the analysis itself assumes (DECnet's exponential, LAVC's kinds with their own)
  { value: "mechanism", label: "as the analysis assumes" },
  { value: "cv", label: "another spread (coefficient of variation)" },
];

export const SimulatePanel = memo(function SimulatePanel({ spec, sim }: { spec: SystemSpec; sim: ReturnType<typeof useSimulation> }) {
  const id = useId();
  const { ask, setAsk, running } = sim;
  const busy = running !== null;
  // A run disables Simulate, which had the focus: the focus goes to Stop, and back to Simulate
  // when the run ends (a keyboard user is never left on the page's body).
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    const here = (el: Element | null) => el === null || el === document.body || el === startButton.current || el === stopButton.current;
    if (busy) {
      hadFocus.current = here(document.activeElement);
      if (hadFocus.current) stopButton.current?.focus();
    } else if (hadFocus.current) {
      hadFocus.current = false;
      if (here(document.activeElement)) startButton.current?.focus();
    }
  }, [busy]);
  if (!spec.simulation.simulated) {
    return (
      <section className="simulate" data-testid="simulate-panel" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>Simulate</h2>
        <p className="muted" data-testid="simulate-why-not">{spec.simulation.words}</p>
      </section>
    );
  }
  return (
    <section className="simulate" data-testid="simulate-panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Simulate</h2>
      <div className="simulate-actions">
        <label>
          {"Service times "}
          <select data-testid="simulate-service" value={ask.service} disabled={busy}
            onChange={(e) => setAsk({ ...ask, service: e.target.value as Service })}>
            {SERVICES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
          </select>
        </label>
        {ask.service === "cv" && (
          <label>
            {"cv "}
            <input type="number" data-testid="simulate-cv" min={0} max={4} step={0.1} value={ask.cv} disabled={busy}
              onChange={(e) => setAsk({ ...ask, cv: Math.min(4, Math.max(0, Number(e.target.value) || 0)) })} />
          </label>
        )}
        <label>
          {"Seed "}
          <input type="number" data-testid="simulate-seed" min={0} step={1} value={ask.seed} disabled={busy}
            onChange={(e) => setAsk({ ...ask, seed: Math.max(0, Math.floor(Number(e.target.value) || 0)) })} />
        </label>
        <button type="button" ref={startButton} data-testid="simulate" disabled={busy} onClick={() => void sim.start()}>Simulate</button>
        {busy && <button type="button" ref={stopButton} data-testid="simulate-stop" onClick={sim.stop}>Stop</button>}
      </div>
      {running && (
        <p className="muted" role="status" data-testid="simulate-progress">
          <progress max={1} value={(running.done + running.fraction) / running.of} aria-label="Simulating" />
          {` Simulating setting ${running.done + 1} of ${running.of}…`}
        </p>
      )}
      {!busy && sim.message && <p className="muted" role="status" data-testid="simulate-message">{sim.message}</p>}
      {sim.view && <p data-testid="simulate-sentence">{sim.view.sentence}</p>}
      {/* what a run found, said once it ends (the sentence above grows setting by setting) */}
      <p className="visually-hidden" aria-live="polite" data-testid="simulate-announce">{!busy && sim.view ? `Simulation done. ${sim.view.sentence}` : ""}</p>
      <details className="simulate-what">
        <summary>What is simulated</summary>
        <p>{spec.simulation.words}</p>
        <p className="muted">
          {"Each setting: the warm-up thrown away, then batches until every metric's 95 % interval is within 2 % of its mean (or 10 s). "}
          {"A seed gives the same run again."}
        </p>
      </details>
    </section>
  );
});
