// Run an async computation whenever its key changes; keep showing the last answer until the
// newest one arrives, and drop answers to requests that a newer one has overtaken.
import { useLayoutEffect, useRef, useState } from "react";

export function useLatest<T>(key: string | null, run: () => Promise<T>): { value: T | null; error: string | null } {
  const [state, setState] = useState<{ value: T | null; error: string | null }>({ value: null, error: null });
  const seq = useRef(0);
  const runRef = useRef(run);
  runRef.current = run;
  // A layout effect sends the request before the browser paints the knob change, so the answer
  // can arrive within the same frame instead of one frame later.
  useLayoutEffect(() => {
    if (key === null) return;
    const mine = ++seq.current;
    runRef.current().then(
      (value) => mine === seq.current && setState({ value, error: null }),
      (e: unknown) => mine === seq.current && setState((s) => ({ value: s.value, error: e instanceof Error ? e.message : String(e) })),
    );
  }, [key]);
  return state;
}
