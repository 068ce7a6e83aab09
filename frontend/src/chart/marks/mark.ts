// The contract of a mark (after Observable Plot's marks): one thing the chart draws, as data that
// knows how to draw itself on the chart's frame, its legend entry, its sentence for the
// description, its columns or rows for the table, its rows for the CSV, its key in an exported
// image and its sound. A chart is a list of marks with axes and a reader; the legend, the
// description, the data table, the exports and the sonification all iterate over that list.
// Each consumer lists the marks' contributions in its own order, written once here (ORDER).
import type { ReactNode } from "react";
import type { MemoPoint } from "../memoPoints";
import type { BoundView } from "../curves";
import type { geometry, SeriesPoint } from "../geometry";
import type { LabelWant, Obstacles, Placed } from "../labels";

/** Where a mark draws: the frame the Chart computed (its scales, margins and size). */
export interface Frame {
  g: ReturnType<typeof geometry>;
  margin: { top: number; right: number; bottom: number; left: number };
  width: number;
  height: number;
  /** the plot's bottom edge (the x axis) */
  bottom: number;
  /** a phone's chart (under 500 px) */
  small: boolean;
  /** the presenter view's larger text */
  large: boolean;
  /** where the layout pass put a mark's label (labels.ts placeLabels), or null: not drawn */
  label: (id: string) => Placed | null;
  /** the id of a clip path that is the plot exactly (lines that must not leave it: the bounds) */
  plotClip: string;
}

/** What a mark may ask of the chart while it is drawn: a tooltip (the memo's citation). */
export interface ChartUi {
  /** a tip at (left, top) for the element `anchor`: it goes when that element leaves the page (a
   * point redrawn by a new run or another setting takes no mouseleave or blur with it) */
  tip: (t: { left: number; top: number; body: ReactNode; anchor: Element } | null) => void;
}

/** The chart's depths, back to front: the regions under the axes, the x axis itself, the plot
 * (clipped at its edges), the markers over it, and above the curve's reader the marks that take
 * their own pointer. */
export type Layer = "back" | "xaxis" | "plot" | "front" | "top";

/** One line of a legend: the key's classes (after "key"), its words, and a test id. */
export interface LegendLine {
  at: number;
  keys: string[];
  text: string;
  testId?: string;
  /** a key's own colour (a series) */
  colour?: string;
}

/** A key of an exported image's legend: listed only when the mark is drawn. */
export interface ExportKey {
  at: number;
  label: string;
  colour: string;
  dashed?: boolean;
  /** drawn as the chart draws it: a point on its interval (a simulated mean and its 95 % interval),
   * a dot (the memo's measurements), a square (the user's own), a triangle (another study's);
   * absent, a line */
  shape?: "diamond" | "dot" | "square" | "triangle";
}

/** A sentence of the description, at its place in the description's outline. */
export interface Said {
  at: number;
  text: string;
}

/** A column of the data table, beside the curve's rows (x is the curve's point's x). */
export interface Column {
  at: number;
  head: string;
  cell: (p: SeriesPoint) => string;
  /** a number (right-aligned) */
  num?: boolean;
}

/** A table of the mark's own, below the curve's. */
export interface OwnTable {
  caption: string;
  testId?: string;
  head: string[];
  rows: { key: string; cells: { text: string; num?: boolean }[] }[];
}

export interface Line {
  label: string;
  points: SeriesPoint[];
  main?: boolean;
}

/** CSV rows: series, x, y, bottleneck, printed, citation. */
export type CsvRow = [string, number, number, string, string, string];

export interface Mark {
  /** what it is: the React key, and a name for the tests */
  id: string;
  draw?: Partial<Record<Layer, (f: Frame, ui: ChartUi) => ReactNode>>;
  /** the values the y axis must hold */
  ys?: number[];
  /** room it takes beside the plot, right of it (a class's spread) */
  beside?: (small: boolean) => number;
  /** labels at its lines' ends, in the right margin (moved apart from the others) */
  endLabels?: { text: string; points: SeriesPoint[]; colour?: string }[];
  /** lines the curve's reader follows: the model's is `main` (read first, its rows the table's) */
  lines?: Line[];
  /** the knob's value along x: where the reader starts */
  now?: number;
  /** the memo's measurements: the reader steps to them (M) and names them */
  stops?: MemoPoint[];
  /** the textbook bounds the reader gives on the main line */
  bounds?: BoundView[];
  /** labels the chart lays out apart from each other and the marks (labels.ts); the mark draws
   * each at f.label(id), or not at all where it fits nowhere */
  labels?: (f: Frame) => LabelWant[];
  /** what the chart's labels keep clear of: its curve, its dots, its band */
  obstacles?: (f: Frame) => Obstacles;
  /** takes the pointer on the plot: the page must not scroll under a finger */
  grabs?: boolean;
  /** the explorer's legend, and a lesson's shorter one */
  legend?: LegendLine[];
  brief?: LegendLine[];
  exportKey?: ExportKey[];
  sentences?: Said[];
  columns?: Column[];
  table?: OwnTable;
  csv?: { at: number; rows: CsvRow[] };
  /** what an export says of the mark in words, beside its settings (the CSV's header, the
   * image's foot): how it was made, where its rows cannot say it */
  exportNote?: string;
  /** clicks and chimes at these x values, over the main line's tones */
  sound?: { clicks?: number[]; chimes?: number[] };
}

/** Each consumer's order, written once: a mark's contribution takes its place from here. */
export const ORDER = {
  /** the explorer's legend */
  legend: { model: 0, series: 1, own: 2, original: 2.5, baseline: 3, band: 4, memo: 5, simulated: 5.5, outside: 5.7, capacity: 6, bounds: 7, knee: 8, saturation: 9, current: 10 },
  /** a lesson's legend */
  brief: { model: 0, baseline: 1, memo: 2, simulated: 2.5, prediction: 3, sketch: 3, crowd: 4, classSketch: 4, band: 5, capacity: 6, regions: 7 },
  /** the description: what is plotted, the curves, the shape, the limits, the knee, the
   * capacity or saturation, the bounds, the memo, the baseline, the other curves, a class's
   * sketches */
  said: { what: 0, per: 1, shape: 2, original: 2.5, regions: 3, knee: 4, capacity: 5, saturation: 5, bounds: 6, memo: 7, simulated: 7.5, outside: 7.7, baseline: 8, others: 9, classSketch: 10 },
  /** the data table's columns after x */
  column: { model: 0, series: 1, original: 1.5, baseline: 2, band: 3, regions: 4 },
  /** an exported image's legend */
  exportKey: { model: 0, series: 1, original: 1.5, baseline: 2, memo: 3, simulated: 3.5, outside: 3.7, own: 4, capacity: 5, band: 6 },
  /** the CSV's rows */
  csv: { model: 0, series: 1, original: 1.5, baseline: 2, band: 3, capacity: 4, memo: 5, simulated: 5.5, outside: 5.7, own: 6, classSketch: 7 },
} as const;

/** Every contribution of one kind, in its consumer's order (stable within a place). */
export function gather<T extends { at: number }>(marks: Mark[], pick: (m: Mark) => T[] | T | undefined): T[] {
  return marks.flatMap((m) => pick(m) ?? []).sort((a, b) => a.at - b.at);
}

/** The main line (the model's curve), or none. */
export const mainLine = (marks: Mark[]): Line | null => marks.flatMap((m) => m.lines ?? []).find((l) => l.main) ?? null;

/** What a chart's marks are read against: its axes, in words. */
export interface Axes {
  xLabel: string;
  xUnit: string;
  /** an x value as people read it ("16 buffers"), and its tick (the number alone) */
  xText: (v: number) => string;
  xTick?: (v: number) => string;
  yLabel: string;
  yUnit: string;
  xDomain: [number, number];
  xLog: boolean;
  /** the knob takes whole values only (a chunksize's power of two): ticks fall on them */
  xWhole?: boolean;
}

export const finite = (p: { y: number }) => Number.isFinite(p.y);
