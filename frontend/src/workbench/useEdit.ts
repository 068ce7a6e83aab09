// An edit's life in the sandbox (./sandbox.ts): a moment after typing stops the edited files (the
// system's module, its helpers) are installed and the curve computed first; then, in the background, the laws at a few hundred
// random settings and the memo's figures (fitted, then a configuration left out at a time). A
// newer edit drops what the older one had still to do. An error keeps the last good curve. A fit
// of the edit (./useEditFit.ts) gives the parameters (and knobs) its curve is drawn with. Its
// curves at other settings, axes and fits, and its answers there, the explorer asks of the edit
// drawn (./editAnswerer.ts), which answers only while the sandbox holds that edit.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { KnobValues, Params, SweepResult, SystemSpec } from "../api/types";
import { type Call, curveRequest } from "../runtime/protocol";
import { type SandboxAnswer, checked } from "./answers";
import { editKey } from "./modelEdit";
import type { Files } from "./modelSource";
import { readSweep, whyNotDrawn } from "./readSweep";
import { Sandbox, type SandboxStatus } from "./sandbox";

// the wait after the last keystroke, and each call's time limit (ms)
const SETTLE_MS = 150;
export const CURVE_LIMIT_MS = 5_000;
const LAWS_LIMIT_MS = 15_000;
export const FIT_LIMIT_MS = 60_000;
export const LAW_SETTINGS = 300;

export interface ErrorSummary {
  n: number;
  median_abs: number | null;
  max_abs: number | null;
}

export interface MemoJudgement {
  inSample: ErrorSummary | null;
  leftOut: ErrorSummary | null;
  done: number;
  total: number;
  error: string | null;
}

export interface LawReport {
  checked: number;
  violations: { knobs: KnobValues; law: string }[];
}

/** A curve the edit drew (its first, at the knobs it was typed at), with the request it answers. */
export interface DrawnCurve {
  call: Call;
  sweep: SweepResult;
  fitted: FittedEdit | null;
}

/** What the edit's curve is drawn with instead of the parameters it runs with: a fit's values. */
export interface FittedEdit {
  params: Params;
  knobs: KnobValues;
}

export interface Problem {
  message: string;
  line: number | null;
  /** the model's file the line is in */
  file: string | null;
}

/** The laws the edit broke (the table's "laws", its answer checked against its shape), the
 * settings' knobs kept to plain values and the words short; or null if it is not that answer. */
function readLaws(v: unknown): LawReport | null {
  const o = checked("laws", v);
  if (!o) return null;
  const violations = o.violations.slice(0, 50).map((x) => ({
    knobs: Object.fromEntries(Object.entries(x.knobs).filter(([, k]) => typeof k === "number" || typeof k === "string").slice(0, 32)) as KnobValues,
    law: x.law.slice(0, 300),
  }));
  return { checked: o.checked, violations };
}

/** An error the sandbox answered, where in the model's files it came from. */
export const problemOf = (a: Extract<SandboxAnswer, { ok: false }>): Problem => ({ message: a.error.slice(0, 500), line: a.line, file: a.file ?? null });

/** `files`: the edited files' texts by path (null: the original model); `fitted`: a fit's values
 * to draw the edit with (null: the parameters it runs with). */
export function useEdit(spec: SystemSpec, files: Files | null, curveKnobs: KnobValues, x: string, run: boolean, fitted: FittedEdit | null = null) {
  const system = spec.id;
  const sandbox = useMemo(() => new Sandbox(), []);
  useEffect(() => () => sandbox.dispose(), [sandbox]);
  const [status, setStatus] = useState<SandboxStatus>(sandbox.status);
  useEffect(() => sandbox.subscribe(setStatus), [sandbox]);
  const [problem, setProblem] = useState<Problem | null>(null);
  // the edit's first curve, at the knobs it was typed at (the explorer asks the rest: ./editAnswerer.ts)
  const [sweep, setSweep] = useState<DrawnCurve | null>(null);
  const [laws, setLaws] = useState<LawReport | null>(null);
  const [memo, setMemo] = useState<MemoJudgement | null>(null);
  // an edit typed and not yet answered (its curve is being computed)
  const [busy, setBusy] = useState(false);
  // the edit whose curve is on screen (its editKey)
  const [drawn, setDrawn] = useState<string | null>(null);
  // the sandbox starts with the editor (a few seconds), so the first edit is drawn at once
  useEffect(() => {
    if (run) sandbox.warm().catch(() => undefined);
  }, [run, sandbox]);
  const want = useRef({ curveKnobs, x, fitted });
  want.current = { curveKnobs, x, fitted };
  // the edit installed in the sandbox now (./modelEdit.ts editKey; a fresh frame gets it again from
  // the sandbox itself)
  const installed = useRef<{ key: string } | null>(null);
  const generation = useRef(0);

  async function install(edit: Files): Promise<boolean> {
    const key = editKey(edit);
    if (installed.current?.key === key) return true;
    // from now on the sandbox holds this edit, not the one drawn: the drawn one's answers stop
    installed.current = null;
    const a = await sandbox.call("edit", { system, files: edit }, CURVE_LIMIT_MS);
    if (!a.ok) {
      setProblem(problemOf(a));
      return false;
    }
    installed.current = { key };
    return true;
  }

  async function curve(edit: Files): Promise<boolean> {
    const { curveKnobs: asked, x: along, fitted: fit } = want.current;
    if (!(await install(edit))) return false;
    const { knobs, params } = drawnWith(asked, along, fit);
    const a = await sandbox.call("sweep", { system, knobs, x: along, band: false, params }, CURVE_LIMIT_MS);
    if (!a.ok) {
      setProblem(problemOf(a));
      return false;
    }
    const s = readSweep(a.result, spec, knobs, along);
    if (!s) {
      setProblem({ message: `the edited model's answer is not a curve: ${whyNotDrawn(a.result, spec)}`, line: null, file: null });
      return false;
    }
    setProblem(null);
    setSweep({ call: curveRequest(system, asked, along), sweep: s, fitted: fit });
    setDrawn(editKey(edit));
    return true;
  }

  async function judge(my: number): Promise<void> {
    const lawsAnswer = await sandbox.call("laws", { system, n: LAW_SETTINGS }, LAWS_LIMIT_MS, true);
    if (my !== generation.current) return;
    setLaws(lawsAnswer.ok ? readLaws(lawsAnswer.result) : { checked: 0, violations: [{ knobs: {}, law: lawsAnswer.error }] });
    const fit = await sandbox.call("memo_fit", { system }, FIT_LIMIT_MS, true);
    if (my !== generation.current) return;
    const f = fit.ok ? checked("memo_fit", fit.result) : null;
    const groups = f?.groups.slice(0, 100) ?? [];
    const refused = fit.ok && !f ? "the edited model's memo fit is not one" : null;
    let judged: MemoJudgement = { inSample: f?.in_sample ?? null, leftOut: null, done: 0, total: groups.length, error: fit.ok ? refused : fit.error };
    setMemo(judged);
    for (const group of groups) {
      const r = await sandbox.call("memo_left_out", { system, group }, FIT_LIMIT_MS, true);
      if (my !== generation.current) return;
      const out = r.ok ? checked("memo_left_out", r.result) : null;
      judged = { ...judged, leftOut: out?.left_out ?? judged.leftOut, done: judged.done + 1, error: r.ok ? null : r.error };
      setMemo(judged);
      if (!r.ok) return;
    }
  }

  // a new edit: installed and drawn a moment after typing stops, then judged
  // biome-ignore lint/correctness/useExhaustiveDependencies: the knobs are read through `want` when the call is made
  useEffect(() => {
    const my = ++generation.current;
    sandbox.dropBackground();
    if (!run) return;
    // whatever is on screen was said of the code before this edit: gone at once, so no figure
    // or error of an older edit stands under this one, and the run in progress says so
    setProblem(null);
    setLaws(null);
    setMemo(null);
    setBusy(files !== null);
    if (files === null) {
      setSweep(null);
      if (installed.current) {
        installed.current = null;
        void sandbox.call("edit", { system, files: null }, CURVE_LIMIT_MS);
      }
      return;
    }
    const timer = setTimeout(async () => {
      const ok = await curve(files);
      if (my !== generation.current) return;
      setBusy(false);
      if (ok) await judge(my);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [files, run, system]);

  // the edit the sandbox holds now (its editKey), null while another installs
  const holds = useCallback(() => installed.current?.key ?? null, []);

  return { status, problem, running: busy, sweep: files === null ? null : sweep, laws, memo, sandbox, drawn: files === null ? null : drawn, holds, setProblem };
}

/** The knobs and parameters the edit's curve is drawn with: a fit's (the knobs the table left
 * open, never the one along the axis), else the page's. */
export function drawnWith(asked: KnobValues, along: string, fit: FittedEdit | null): { knobs: KnobValues; params: Params | undefined } {
  const knobs = fit ? { ...asked, ...Object.fromEntries(Object.entries(fit.knobs).filter(([k]) => k !== along)) } : asked;
  return { knobs, params: fit && Object.keys(fit.params).length ? fit.params : undefined };
}
