// The curve's reader: where the pointer or the keys read the marks' lines (arrow keys step, Home
// and End jump, M goes to the memo's next measurement, S to the next line, T opens the table,
// Escape hides), and the slider props of the rect that takes them.
import { useState } from "react";
import type { geometry } from "./geometry";
import { type Line, mainLine, type Mark } from "./marks/mark";
import { lineStep, memoStep, nearestIndex, readoutAt, readoutText } from "./readout";

export function useReader(marks: Mark[], a: { xLabel: string; xText: (v: number) => string; yLabel: string; yUnit: string }, g: ReturnType<typeof geometry>, onTable?: () => void) {
  // the reader's place: point i of drawn line s (0: the model's curve, then the others), and
  // whether the keyboard put it there
  const [hover, setHover] = useState<{ i: number; s?: number; key: boolean } | null>(null);
  const main = mainLine(marks) ?? { label: "This setting", points: [] };
  const curve = main.points;
  const lines: Line[] = [main, ...marks.flatMap((m) => m.lines ?? []).filter((l) => !l.main)];
  const memo = marks.flatMap((m) => m.stops ?? []);
  const bounds = marks.flatMap((m) => m.bounds ?? []);
  const now = marks.find((m) => m.now !== undefined)?.now ?? Number.NaN;
  const line = Math.min(hover?.s ?? 0, lines.length - 1);
  const reading = lines[line].points;
  const at = hover
    ? readoutAt(reading, Math.min(hover.i, reading.length - 1), line === 0 ? memo : [], lines.filter((_, k) => k !== line), line === 0 ? bounds : [])
    : null;
  const onPointer = (e: React.PointerEvent<SVGRectElement>) => {
    const box = e.currentTarget.ownerSVGElement!.getBoundingClientRect();
    const i = nearestIndex(curve, g.x.invert(e.clientX - box.left));
    if (i >= 0) setHover({ i, key: false });
  };
  const onKey = (e: React.KeyboardEvent<SVGRectElement>) => {
    const n = reading.length;
    if (!n) return;
    const from = hover?.i ?? Math.max(0, nearestIndex(reading, now));
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[e.key];
    let i: number | null = null;
    if (step !== undefined) i = hover ? Math.max(0, Math.min(n - 1, from + step)) : from;
    else if (e.key === "Home") i = 0;
    else if (e.key === "End") i = n - 1;
    else if (e.key === "Escape") setHover(null);
    else if ((e.key === "m" || e.key === "M") && line === 0) i = memoStep(curve, memo, from, e.shiftKey ? -1 : 1) ?? from;
    else if ((e.key === "s" || e.key === "S") && lines.length > 1) {
      e.preventDefault();
      setHover({ ...lineStep(lines, { s: line, i: from }, e.shiftKey ? -1 : 1), key: true });
      return;
    }
    else if ((e.key === "t" || e.key === "T") && onTable) {
      e.preventDefault();
      onTable();
      return;
    }
    if (i === null) return;
    e.preventDefault();
    setHover({ i, s: line, key: true });
  };
  const props = {
    onPointerMove: onPointer,
    onPointerLeave: () => !hover?.key && setHover(null),
    role: "slider",
    tabIndex: 0,
    "aria-label": "Read values along the curve",
    "aria-valuemin": curve[0]?.x ?? 0,
    "aria-valuemax": curve[curve.length - 1]?.x ?? 0,
    "aria-valuenow": at?.x ?? now,
    "aria-keyshortcuts": ["M Shift+M", lines.length > 1 ? "S Shift+S" : "", onTable ? "T" : ""].filter(Boolean).join(" "),
    "aria-valuetext": at
      ? `${lines.length > 1 ? `${lines[line].label} curve. ` : ""}${readoutText(at, a.xLabel, a.xText, a.yLabel, a.yUnit)}`
      : `Press an arrow key to read the curve, M for the memo's next measurement${lines.length > 1 ? ", S for the next curve" : ""}${onTable ? ", T for a table of its values" : ""}`,
    onKeyDown: onKey,
    onBlur: () => hover?.key && setHover(null),
  } as const;
  return { at, props };
}
