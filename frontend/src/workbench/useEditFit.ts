// A fit of the edited model, in the sandbox only: its parameters fitted to the memo's figures
// (editbridge "fit_memo", as the calibration fits) or to the user's own table (the explorer's
// "Your measurements" fit, "fit_own" then its rows left out). It runs once the edit it is for is
// drawn, with the page's time limit, its progress told; Stop, a newer edit or another table
// interrupts it. The fit belongs to the text it was asked for: the edit's curve is drawn with
// its values until the text changes.
import { useEffect, useMemo, useRef, useState } from "react";
import type { KnobValues, SystemSpec } from "../api/types";
import type { SandboxAnswer } from "./answers";
import { type MemoFitResult, type OwnFitAnswer, readLeftOut, readMemoFit, readOwnFit } from "./readEditFit";
import type { Sandbox } from "./sandbox";
import { FIT_LIMIT_MS, type FittedEdit, type Problem, problemOf } from "./useEdit";

export type FitKind = "memo" | "own";

/** The page's own table, as the explorer holds it (its text, the knobs on screen, what to fit). */
export interface OwnTableInput {
  text: string;
  knobs: KnobValues;
  fit: string[] | null;
}

export type EditFitState =
  | { phase: "idle" }
  | { phase: "running"; kind: FitKind; progress: number }
  | { phase: "done"; kind: "memo"; memo: MemoFitResult }
  | { phase: "done"; kind: "own"; own: OwnFitAnswer; leftOut: Record<string, number | null> | null; progress: number | null }
  | { phase: "failed"; kind: FitKind; problem: Problem }
  | { phase: "stopped"; kind: FitKind };

interface Asked {
  kind: FitKind;
  text: string;
  table: string | null;
  /** each press of a button a new request (the same fit asked again runs again) */
  n: number;
}

const IDLE: EditFitState = { phase: "idle" };
const unreadable: Problem = { message: "the edited model's fit is not one the page can show", line: null, file: null };

export function useEditFit(o: {
  sandbox: Sandbox;
  spec: SystemSpec;
  /** the edit (its files, as ./modelEdit.ts editKey gives them; null: the original, nothing to
   * fit) and the edit whose curve is drawn */
  text: string | null;
  drawn: string | null;
  run: boolean;
  own: OwnTableInput | null;
  /** the fit the link asked for, for the text the workbench opened with */
  initial: { kind: FitKind; text: string } | null;
}) {
  const { sandbox, spec, text, drawn, run, own } = o;
  const [asked, setAsked] = useState<Asked | null>(() => (o.initial ? { ...o.initial, table: own?.text ?? null, n: 0 } : null));
  const [state, setState] = useState<EditFitState & { for?: string }>(IDLE);
  const ownNow = useRef(own);
  ownNow.current = own;
  // a link's fit to the page's table waits for the table to be read, then fits that one
  useEffect(() => {
    if (own && asked?.kind === "own" && asked.table === null) setAsked({ ...asked, table: own.text });
  }, [own, asked]);
  // the fit asked holds while its edit (and for "own", its table) is the one on the page
  const live = asked && text !== null && asked.text === text && (asked.kind === "memo" || asked.table === (own?.text ?? null)) ? asked : null;
  const ready = live !== null && run && drawn === text;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `live` is keyed by its fields; the table is read through a ref when the fit starts
  useEffect(() => {
    if (!live) {
      setState((s) => (s.phase === "running" || s.phase === "done" ? IDLE : s));
      return;
    }
    if (!ready) return;
    const stop = new AbortController();
    const signal = stop.signal;
    const at = { for: live.text };
    const progress = (share: number, from = 0) => (f: number) => {
      if (!signal.aborted) setState((s) => (s.phase === "running" ? { ...s, progress: from + share * f } : s.phase === "done" && s.kind === "own" ? { ...s, progress: from + share * f } : s));
    };
    const failed = (a: Extract<SandboxAnswer, { ok: false }> | null) => setState({ phase: "failed", kind: live.kind, problem: a ? problemOf(a) : unreadable, ...at });
    const table = ownNow.current;
    if (live.kind === "own" && !table) return;
    setState({ phase: "running", kind: live.kind, progress: 0, ...at });
    (async () => {
      if (live.kind === "memo") {
        const a = await sandbox.call("fit_memo", { system: spec.id }, FIT_LIMIT_MS, false, { signal, progress: progress(1) });
        if (signal.aborted) return;
        const r = a.ok ? readMemoFit(a.result, spec) : null;
        if (!r) return failed(a.ok ? null : a);
        setState({ phase: "done", kind: "memo", memo: r, ...at });
        return;
      }
      if (!table) return;
      const call = { system: spec.id, text: table.text, knobs: table.knobs, fit: table.fit ?? undefined };
      const a = await sandbox.call("fit_own", call, FIT_LIMIT_MS, false, { signal, progress: progress(0.5) });
      if (signal.aborted) return;
      const r = a.ok ? readOwnFit(a.result, spec) : null;
      if (!r) return failed(a.ok ? null : a);
      // the fit first, then each row left out of it (the explorer's order)
      setState({ phase: "done", kind: "own", own: r, leftOut: null, progress: 0.5, ...at });
      const left = await sandbox.call("left_out", { ...call, fit: r.fit.fitted, best: r.fit.best, weight: r.fit.prior.weight }, FIT_LIMIT_MS, false,
        { signal, progress: progress(0.5, 0.5) });
      if (signal.aborted) return;
      setState((s) => (s.phase === "done" && s.kind === "own" ? { ...s, leftOut: (left.ok && readLeftOut(left.result)) || {}, progress: null } : s));
    })();
    return () => stop.abort();
  }, [live?.kind, live?.text, live?.table, live?.n, ready]);

  const shown: EditFitState = state.for === undefined || state.for === text ? state : IDLE;
  // what the edit's curve is drawn with: the fit's values (the model's parameters, and the knobs a
  // table's fit found), while the fit stands
  const result = shown.phase !== "done" ? null : shown.kind === "memo" ? shown.memo : shown.own.fit;
  const fitted = useMemo((): FittedEdit | null => {
    if (!result) return null;
    if (!("fitted" in result)) return { params: result.params, knobs: {} };
    return { params: Object.fromEntries(Object.entries(result.best).filter(([n]) => spec.params.some((q) => q.name === n))), knobs: result.knobs };
  }, [result, spec]);

  return {
    state: shown,
    /** the fit the link should carry */
    kind: live && shown.phase !== "failed" ? live.kind : null,
    fitted,
    ask: (kind: FitKind) => text !== null && setAsked((a) => ({ kind, text, table: own?.text ?? null, n: (a?.n ?? 0) + 1 })),
    /** Stop a fit under way (its rows left out too): nothing of it is kept. */
    stop: () => {
      if (state.phase === "running" || (state.phase === "done" && state.kind === "own" && state.progress !== null)) {
        setState({ phase: "stopped", kind: state.kind, for: state.for });
      }
      setAsked(null);
    },
    clear: () => {
      setAsked(null);
      setState(IDLE);
    },
  };
}
