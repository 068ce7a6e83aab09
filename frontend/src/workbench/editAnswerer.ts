// The edited model as the explorer's views ask it (view/answerer.ts): its curve, its answer at the
// setting and its sensitivity, each computed by the sandbox against the edit drawn, with the values
// its curve is drawn with (a fit's: useEdit drawnWith), and each read as untrusted (./readSweep.ts,
// ./readAt.ts). One answerer stands for one drawn edit, axis and fit, and answers only while that
// edit is the one installed in the sandbox: nothing another edit (or the original) computed is ever
// shown as this one's. An edit is drawn without a band (it would cost several curves a move).
import type { EvaluateResult, KnobValues, Params, Sensitivity, SweepResult, SystemSpec } from "../api/types";
import type { Answer } from "../runtime/answer";
import { type Call, callKey, curveRequest, type ResultFor } from "../runtime/protocol";
import type { Answerer } from "../view/answerer";
import type { SandboxCallOp, SandboxPayload } from "./protocol";
import { readEvaluation, readSensitivity } from "./readAt";
import { readSweep, whyNotDrawn } from "./readSweep";
import type { Sandbox } from "./sandbox";
import { CURVE_LIMIT_MS, type DrawnCurve, drawnWith, type FittedEdit, type Problem, problemOf } from "./useEdit";

// how many answers one edit keeps
const KEPT = 200;

export interface EditModel {
  sandbox: Sandbox;
  spec: SystemSpec;
  /** the drawn edit's editKey, and the one the sandbox holds now (null while another installs) */
  edit: string;
  installed: () => string | null;
  /** the knob along the chart's x (a fit's knobs never replace it) */
  along: string;
  fitted: FittedEdit | null;
  seed: DrawnCurve | null;
  /** told whether each curve worked: an edit's error is shown in the editor, at its line */
  onCurve?: (problem: Problem | null) => void;
}

/** The edit as the explorer draws it: who answers for it, and its name in the legend. */
export interface EditedModel {
  answerer: EditAnswerer;
  label: string;
}

// a request's key with the page's own fit left out: the edit is drawn with its own values
const keyOf = (call: Call): string => callKey({ ...call, params: undefined } as Call);

let made = 0;

export class EditAnswerer implements Answerer {
  /** names this answerer in the views' keys: a new edit, axis or fit is asked afresh */
  readonly source = `edit#${++made}`;
  private known = new Map<string, unknown>();
  private asked = new Map<string, Promise<unknown>>();

  constructor(private m: EditModel) {
    const s = m.seed;
    if (s && s.fitted === m.fitted && "x" in s.call && s.call.x === m.along) this.keep(keyOf(s.call), s.sweep);
  }

  curve(system: string, knobs: KnobValues, x: string): Answer<SweepResult> {
    return this.sweepOf(system, knobs, x);
  }

  sweep(system: string, knobs: KnobValues, x: string, values?: (number | string)[]): Answer<SweepResult> {
    return this.sweepOf(system, knobs, x, values as number[] | undefined);
  }

  band(): Answer<SweepResult["band"]> {
    return { now: {} };
  }

  evaluate(system: string, knobs: KnobValues): Answer<EvaluateResult> {
    const { knobs: at, params } = this.drawn(knobs);
    return this.ask({ type: "evaluate", system, knobs }, "evaluate", { system, knobs: at, params },
      (v) => readEvaluation(v, this.m.spec, knobs), () => "the edited model's answer is not an evaluation");
  }

  sensitivity(system: string, knobs: KnobValues, metric: string): Answer<Sensitivity> {
    const { knobs: at, params } = this.drawn(knobs);
    return this.ask({ type: "sensitivity", system, knobs, metric }, "sensitivity", { system, knobs: at, metric, params },
      (v) => readSensitivity(v, this.m.spec, metric), () => "the edited model's answer is not a sensitivity");
  }

  peek<C extends Call>(call: C): ResultFor[C["type"]] | undefined {
    if (call.type === "band") return {} as ResultFor[C["type"]];
    return this.known.get(keyOf(call)) as ResultFor[C["type"]] | undefined;
  }

  private sweepOf(system: string, asked: KnobValues, x: string, values?: number[]): Answer<SweepResult> {
    const { knobs, params } = drawnWith(asked, x, this.m.fitted);
    const { spec } = this.m;
    return this.ask(curveRequest(system, asked, x, undefined, values), "sweep", { system, knobs, x, values, band: false, params },
      (v) => readSweep(v, spec, knobs, x), (v) => `the edited model's answer is not a curve: ${whyNotDrawn(v, spec)}`, this.m.onCurve);
  }

  private drawn(knobs: KnobValues): { knobs: KnobValues; params: Params | undefined } {
    return drawnWith(knobs, this.m.along, this.m.fitted);
  }

  private keep(key: string, value: unknown): void {
    if (this.known.size >= KEPT) this.known.delete(this.known.keys().next().value as string);
    this.known.set(key, value);
  }

  /** The answer to `call` (known, on its way, or asked of the sandbox as `op`), read by `read`. */
  private ask<O extends SandboxCallOp, T>(call: Call, op: O, payload: SandboxPayload<O>, read: (v: unknown) => T | null,
    notRead: (v: unknown) => string, told?: (p: Problem | null) => void): Answer<T> {
    const key = keyOf(call);
    const known = this.known.get(key);
    if (known !== undefined) return { now: known as T };
    const coming = this.asked.get(key);
    if (coming) return { later: coming as Promise<T> };
    // another edit is installed (or installing): what the sandbox would answer is not this one's
    if (this.m.installed() !== this.m.edit) return { later: Promise.reject(new Error("the edit drawn is no longer the one in the sandbox")) };
    const later = this.m.sandbox.call(op, payload, CURVE_LIMIT_MS).then((a) => {
      if (!a.ok) {
        told?.(problemOf(a));
        throw new Error(a.error);
      }
      const v = read(a.result);
      if (v === null) {
        const message = notRead(a.result);
        told?.({ message, line: null, file: null });
        throw new Error(message);
      }
      told?.(null);
      this.keep(key, v);
      return v;
    }).finally(() => this.asked.delete(key));
    this.asked.set(key, later);
    return { later };
  }
}
