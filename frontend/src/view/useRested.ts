// A value once it has stayed put: what work too slow for every key press (a curve's band, each
// knob's effect) is asked for, so that a run of key presses or a drag keeps the model's worker
// free for the curves themselves.
import { useEffect, useState } from "react";

/** `value` once it has not changed for `ms` (the first value at once). */
export function useRested<T>(value: T, ms: number): T {
  const [rested, setRested] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setRested(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return rested;
}
