// The edited model at the setting on screen: once an edit is drawn, its answer at the knobs (the
// explorer's readouts and path) and its sensitivity (the "What matters most here" panel), each
// computed by the sandbox (the bridge runs the table's operation against the edited module), with
// the values the curve is drawn with (a fit's). An answer is shown only for the edit, the knobs and
// the fit it was asked for: nothing the original computed is ever shown as the edit's.
import { useEffect, useState } from "react";
import type { EvaluateResult, KnobValues, Sensitivity, SweepResult, SystemSpec } from "../api/types";
import { readEvaluation, readSensitivity } from "./readAt";
import type { Sandbox } from "./sandbox";
import { drawnWith, type FittedEdit } from "./useEdit";

// the sensitivity is every knob at both ends: asked once the knobs rest, as the panel asks it
const REST_MS = 250;
const AT_LIMIT_MS = 5_000;

/** What the explorer shows of the edit at its setting (null: not computed yet, or it failed). */
export interface EditedAt {
  at: EvaluateResult | null;
  sensitivity: Sensitivity | null;
}

/** The edit as the explorer draws it: its curve, its name in the legend, and its answers at the setting. */
export interface EditedModel extends EditedAt {
  sweep: SweepResult;
  label: string;
}

interface Args {
  sandbox: Sandbox;
  spec: SystemSpec;
  /** the edit in the editor and the one drawn (editKey): asked only when they are the same */
  text: string | null;
  drawn: string | null;
  knobs: KnobValues;
  x: string;
  metric: string;
  fitted: FittedEdit | null;
  run: boolean;
}

export function useEditAt({ sandbox, spec, text, drawn, knobs, x, metric, fitted, run }: Args): EditedAt {
  const { knobs: at, params } = drawnWith(knobs, x, fitted);
  const tag = run && text && drawn === text ? JSON.stringify([text, at, params ?? null]) : null;
  const sensTag = tag && `${tag}|${metric}`;
  const [evaluated, setEvaluated] = useState<{ tag: string; value: EvaluateResult | null } | null>(null);
  const [sensitivity, setSensitivity] = useState<{ tag: string; value: Sensitivity | null } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the tag is the request's identity
  useEffect(() => {
    if (tag === null) return;
    let live = true;
    void sandbox.call("evaluate", { system: spec.id, knobs: at, params }, AT_LIMIT_MS).then((a) => {
      if (live) setEvaluated({ tag, value: a.ok ? readEvaluation(a.result, spec, at) : null });
    });
    return () => {
      live = false;
    };
  }, [tag]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the tag is the request's identity
  useEffect(() => {
    if (sensTag === null) return;
    let live = true;
    const timer = setTimeout(() => {
      void sandbox.call("sensitivity", { system: spec.id, knobs: at, metric, params }, AT_LIMIT_MS).then((a) => {
        if (live) setSensitivity({ tag: sensTag, value: a.ok ? readSensitivity(a.result, spec, metric) : null });
      });
    }, REST_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sensTag]);

  return {
    at: tag !== null && evaluated?.tag === tag ? evaluated.value : null,
    sensitivity: sensTag !== null && sensitivity?.tag === sensTag ? sensitivity.value : null,
  };
}
