// What the Chart draws itself around its marks: the axes (their ticks, grid and titles; a mark
// may draw on the x axis, as the memo marks where it measured), the curves' end labels, and the
// reader's rule and dot.
import type { ReactNode } from "react";
import { formatValue } from "../format";
import type { Frame } from "./marks/mark";
import type { YTitle } from "./yTitle";

/** The x axis: its ticks, what the marks draw on it, its title. */
export function XAxis({ f, tick, title, children }: { f: Frame; tick?: (v: number) => string; title: string; children?: ReactNode }) {
  const { g, margin, width, height, bottom } = f;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a <g> is not focusable; the ticks are decoration (the table gives the values)
    <g className="axis x-axis" aria-hidden="true">
      <line x1={margin.left} x2={width - margin.right} y1={bottom} y2={bottom} />
      {g.xTicks.map((t) => (
        <g key={t} transform={`translate(${g.x(t)},${bottom})`}>
          <line y2={6} />
          <text y={20} textAnchor="middle">{tick ? tick(t) : formatValue(t)}</text>
        </g>
      ))}
      {children}
      <text className="axis-label" x={(margin.left + width - margin.right) / 2} y={height - 8} textAnchor="middle">{title}</text>
    </g>
  );
}

/** The y axis: its ticks with the grid across the plot, and its title (laid out by yTitle.ts). */
export function YAxis({ f, title }: { f: Frame; title: YTitle }) {
  const { g, margin, width } = f;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a <g> is not focusable; the ticks are decoration (the table gives the values)
    <g className="axis y-axis" aria-hidden="true">
      {g.yTicks.map((t) => (
        <g key={t} transform={`translate(${margin.left},${g.y(t)})`}>
          <line x2={width - margin.left - margin.right} className="grid" />
          <text x={-8} dy="0.32em" textAnchor="end">{formatValue(t)}</text>
        </g>
      ))}
      <text className="axis-label" transform={`translate(${title.x},${title.y}) rotate(-90)`} textAnchor="middle" style={title.shrunk ? { fontSize: title.px } : undefined}>
        {title.lines.length === 1 ? title.lines[0] : title.lines.map((l, i) => <tspan key={l} x={0} dy={i ? title.lineHeight : 0}>{l}</tspan>)}
      </text>
    </g>
  );
}

/** The labels at the curves' ends, in the right margin, already moved apart. */
export function EndLabels({ labels, x }: { labels: { text: string; y: number; colour?: string }[]; x: number }) {
  return (
    <>
      {labels.map((l) => (
        <text key={l.text} data-testid="end-label" className={l.colour ? "end-label" : "end-label curve-label"} x={x} y={l.y} dy="0.32em" fill={l.colour}>{l.text}</text>
      ))}
    </>
  );
}

/** Where the pointer or the keys read the curve: a line across the plot and a dot on the curve. */
export function HoverMark({ f, at }: { f: Frame; at: { x: number; y: number } }) {
  return (
    <g className="hover-mark" pointerEvents="none">
      <line x1={f.g.x(at.x)} x2={f.g.x(at.x)} y1={f.margin.top} y2={f.bottom} />
      <circle cx={f.g.x(at.x)} cy={f.g.y(at.y)} r={4} />
    </g>
  );
}
