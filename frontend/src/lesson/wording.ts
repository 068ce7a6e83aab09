// A lesson step offers its chart, its question (dragging the prediction, picking a choice) and,
// after the reveal, a link to the explorer: no knobs, axis menus or baseline button. Text that
// tells the reader to use one of those is caught here.
const ACTION = /(?:^|[.!?:;]\s+|\n\s*)((?:Pin|Unpin|Raise|Lower|Move|Turn|Set|Switch|Select|Change|Increase|Decrease|Slide|Click|Press|Toggle|Clear)\b[^.!?\n]*)/;

/** The first instruction in `text` to use a control the step does not offer, or null. */
export function unofferedAction(text: string): string | null {
  const m = ACTION.exec(text);
  return m ? m[1].trim().slice(0, 60) : null;
}
