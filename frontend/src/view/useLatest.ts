// Run a model request whenever its key changes; keep showing the last answer until the newest
// one arrives, and drop answers to requests that a newer one has overtaken.
import { useLayoutEffect, useRef, useState } from "react";
import type { Answer } from "../runtime/ModelClient";

/** The newest answer to a request (kept until a newer one arrives), or its error. */
export interface Latest<T> {
  value: T | null;
  error: string | null;
  /** the key whose answer (or error) this is: another than the newest while that one is coming */
  key?: string | null;
}

/** `from`: who answers (an answerer: view/answerer.ts); an answer from another is never shown as
 * this one's, not even while its newest is on its way (absent: the last answer is kept whoever gave it). */
export function useLatest<T>(key: string | null, run: () => Answer<T>, peek?: () => T | undefined, from?: object): Latest<T> {
  const [state, setState] = useState<{ value: T | null; error: string | null; from?: object; key?: string | null }>({ value: null, error: null });
  // An answer already known (asked for ahead of this render) is used at once: one render, no effect.
  const known = key === null ? undefined : peek?.();
  const seq = useRef(0);
  const runRef = useRef(run);
  runRef.current = run;
  // A layout effect asks before the browser paints the knob change; an answer that is there at
  // once is rendered before that paint, so the new curve shows in the same frame as the knob.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the request's identity; the latest `run` is read through a ref
  useLayoutEffect(() => {
    if (key === null || known !== undefined) return;
    const mine = ++seq.current;
    const answer = runRef.current();
    if ("now" in answer) {
      setState({ value: answer.now, error: null, from, key });
      return;
    }
    answer.later.then(
      (value) => mine === seq.current && setState({ value, error: null, from, key }),
      (e: unknown) => mine === seq.current && setState((s) => ({ value: s.from === from ? s.value : null, error: e instanceof Error ? e.message : String(e), from, key })),
    );
  }, [key]);
  if (known !== undefined) return { value: known, error: null, key };
  if (state.from !== from) return { value: null, error: null };
  return state;
}
