// A value read when it is needed (a button pressed) rather than drawn: a function that never
// changes and always returns the value of the last render. A component handed it instead of the
// value need not render again each time the value changes (a knob move).
import { useCallback, useRef } from "react";

export function useNow<T>(value: T): () => T {
  const now = useRef(value);
  now.current = value;
  return useCallback(() => now.current, []);
}
