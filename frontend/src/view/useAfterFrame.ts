// Values that may trail a knob's frame by one: what sits below the chart (its description, the
// readouts, the path's stages, the table) is drawn just after the frame that moves the curve, so
// that a key press's frame holds only the chart and the knob.
import { useEffect, useState } from "react";

/** `values` as they were when the last frame was drawn: a change shows a task after the next
 * frame (the first values at once). Compared one by one (Object.is). */
export function useAfterFrame<T extends readonly unknown[]>(values: T): T {
  const [shown, setShown] = useState(values);
  const same = shown.length === values.length && shown.every((v, i) => Object.is(v, values[i]));
  useEffect(() => {
    if (same) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setShown(values), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  });
  return same ? values : shown;
}
