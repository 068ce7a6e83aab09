// A finger or the mouse followed across the whole chart, for the marks a learner moves (a
// prediction's handle, a sketch). The whole <svg> takes it: a browser honours `touch-action` on
// the svg (the chart sets none while something can be moved, so the page does not scroll under
// the finger), not on an SVG shape, and the svg captures the pointer, so a finger that leaves the
// plot is still followed.

/** Follow the pointer that went down on a shape of `svg` (its event `down`): `move` at once and at
 * each move, `done` when it lifts or the browser cancels it. */
export function followPointer(svg: SVGSVGElement, down: { pointerId: number; clientX: number; clientY: number }, move: (at: { clientX: number; clientY: number }) => void, done?: () => void): void {
  const end = () => {
    svg.removeEventListener("pointermove", move);
    svg.removeEventListener("pointerup", end);
    svg.removeEventListener("pointercancel", end);
    done?.();
  };
  svg.setPointerCapture(down.pointerId);
  svg.addEventListener("pointermove", move);
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  move(down);
}
