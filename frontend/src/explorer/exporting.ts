// Exports of what is on screen, each able to stand alone, built from the chart's marks: their
// rows as CSV (settings, units, citation and how a simulation was made in its header), the chart
// as SVG or PNG (title, the drawn marks' keys, settings, notes and citation drawn around it),
// file names that say what they hold, and the link.
import { type ExportKey, gather, type Mark } from "../chart/marks/mark";
import { textWidth, wrap, wrapAnywhere } from "../chart/measure";
import { exportStyle } from "../chart/theme";

/** What every export carries besides the data. */
export interface ExportContext {
  system: string;
  title: string;
  xLabel: string;
  xUnit: string;
  yLabel: string;
  yUnit: string;
  /** the knob settings, "Label value unit" */
  settings: string[];
  /** where the memo points come from */
  citation: string;
  /** the address that reopens this exact view */
  url: string;
  /** the pinned baseline's settings, "Label value unit", where one is drawn */
  baseline?: string[];
  /** the URL's query: the state the file names are hashed from */
  state: string;
  /** a user's own fit: each fitted value, "Label = value", where the model is fitted */
  fitted?: string[];
}

const cell = (v: unknown) => {
  const s = v === null || v === undefined || (typeof v === "number" && !Number.isFinite(v)) ? "" : String(v);
  return /[",\n#]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

const withUnit = (label: string, unit: string) => (unit ? `${label} (${unit})` : label);

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable name for a state. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9_]+/g, "-").replace(/^-|-$/g, "");

/** "decnet-throughput_bps-vs-link_quota-1a2b3c4d": system, axes and a hash of the settings. */
export function fileName(c: ExportContext, x: string, y: string): string {
  return `${slug(c.system)}-${slug(y)}-vs-${slug(x)}-${shortHash(c.state)}`;
}

/** One row per drawn point (the marks' CSV rows: series, x, y, ...), after `#` comment lines that
 * say what, where from and at which settings. */
export function seriesCsv(c: ExportContext, marks: Mark[]): string {
  const lines = [
    `# ${c.title}: ${withUnit(c.yLabel, c.yUnit)} against ${withUnit(c.xLabel, c.xUnit)}`,
    ...c.settings.map((s) => `# setting: ${s}`),
    ...(c.fitted ?? []).map((f) => `# fitted to your own measurements: ${f}`),
    ...notes(marks).map((n) => `# ${n}`),
    `# memo figures: ${c.citation}`,
    `# model values are computed by Memo Lab's models, not measured; view: ${c.url}`,
    ["series", withUnit(c.xLabel, c.xUnit), withUnit(c.yLabel, c.yUnit), "bottleneck", "printed", "citation"].map(cell).join(","),
  ];
  for (const part of gather(marks, (m) => m.csv)) for (const row of part.rows) lines.push(row.map(cell).join(","));
  return `${lines.join("\n")}\n`;
}

/** What the drawn marks say of themselves in an export (how a simulation was made). */
const notes = (marks: Mark[]) => marks.flatMap((m) => (m.exportNote ? [m.exportNote] : []));

const NS = "http://www.w3.org/2000/svg";

/** An exported legend's key: a line (a curve's colour, dashed or not), or a diamond on its
 * interval, as the chart draws a simulated mean. */
function keyShape(doc: Document, x: number, y: number, l: ExportKey): SVGElement[] {
  const el = (tag: string, attrs: Record<string, string | number>) => {
    const e = doc.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  if (l.shape === "diamond") {
    const [cx, cy] = [x + 9, y - 4];
    const bar = { stroke: l.colour, "stroke-width": 1.5 };
    return [
      el("line", { x1: cx, x2: cx, y1: cy - 7, y2: cy + 7, ...bar }),
      el("line", { x1: cx - 4, x2: cx + 4, y1: cy - 7, y2: cy - 7, ...bar }),
      el("line", { x1: cx - 4, x2: cx + 4, y1: cy + 7, y2: cy + 7, ...bar }),
      el("path", { d: `M${cx},${cy - 5}L${cx + 5},${cy}L${cx},${cy + 5}L${cx - 5},${cy}Z`, fill: l.colour, stroke: "#fff", "stroke-width": 1, "data-key": "simulated" }),
    ];
  }
  const point = { fill: l.colour, stroke: "#fff", "stroke-width": 1.5, "data-key": l.shape ?? "line" };
  if (l.shape === "dot") return [el("circle", { cx: x + 9, cy: y - 4, r: 6, ...point })];
  if (l.shape === "triangle") return [el("path", { d: `M${x + 9},${y - 11}L${x + 16},${y + 2}L${x + 2},${y + 2}Z`, ...point })];
  if (l.shape === "square") return [el("rect", { x: x + 4, y: y - 9, width: 10, height: 10, ...point })];
  return [el("line", { x1: x, x2: x + 18, y1: y - 4, y2: y - 4, stroke: l.colour, "stroke-width": 3, ...(l.dashed ? { "stroke-dasharray": "5 3" } : {}) })];
}
const LINE = 16;

function text(doc: Document, x: number, y: number, s: string, cls?: string): SVGTextElement {
  const t = doc.createElementNS(NS, "text");
  t.setAttribute("x", String(x));
  t.setAttribute("y", String(y));
  if (cls) t.setAttribute("class", cls);
  t.textContent = s;
  return t;
}

const FOOT_PX = 12;
/** An exported image is at most this many times as wide as it is tall: it fits a page. */
export const MAX_ASPECT = 2.2;

/** The chart as a standalone SVG document: a title above it; the legend (the drawn marks' keys), the
 * settings, the baseline's, the citation and the link below, every line measured and wrapped to
 * the chart's width (the link, a link still, broken across lines of its own), so that the chart
 * sets the image's width; an image wider than MAX_ASPECT times its height is given room below. */
export function svgText(svg: SVGSVGElement, c: ExportContext, marks: Mark[]): string {
  const doc = svg.ownerDocument;
  const width = Number(svg.getAttribute("width"));
  const height = Number(svg.getAttribute("height"));
  const room = width - 24;
  const out = doc.createElementNS(NS, "svg");
  out.setAttribute("xmlns", NS);
  const style = doc.createElementNS(NS, "style");
  style.textContent = exportStyle();
  out.appendChild(style);
  const bg = doc.createElementNS(NS, "rect");
  bg.setAttribute("width", "100%");
  bg.setAttribute("height", "100%");
  bg.setAttribute("fill", "#ffffff");
  out.appendChild(bg);
  let y = 24;
  for (const line of wrap(c.title, room, 16)) {
    out.appendChild(text(doc, 12, y, line, "export-title"));
    y += 20;
  }
  for (const line of wrap(`${withUnit(c.yLabel, c.yUnit)} against ${withUnit(c.xLabel, c.xUnit)}`, room, FOOT_PX)) {
    out.appendChild(text(doc, 12, y - 2, line));
    y += LINE;
  }
  const chart = doc.createElementNS(NS, "g");
  chart.setAttribute("transform", `translate(0, ${y - 8})`);
  for (const child of Array.from(svg.childNodes)) chart.appendChild(child.cloneNode(true));
  out.appendChild(chart);
  y += height + 12;
  let x = 12;
  for (const l of gather(marks, (m) => m.exportKey)) {
    const w = 24 + textWidth(l.label, FOOT_PX) + 16;
    if (x > 12 && x + w > width - 12) {
      x = 12;
      y += LINE;
    }
    for (const shape of keyShape(doc, x, y, l)) out.appendChild(shape);
    out.appendChild(text(doc, x + 24, y, l.label));
    x += w;
  }
  y += LINE + 4;
  const foot = [
    `Settings: ${c.settings.join(", ")}`,
    ...(c.baseline ? [`Baseline (dashed): ${c.baseline.join(", ")}`] : []),
    ...(c.fitted?.length ? [`Fitted to your own measurements: ${c.fitted.join(", ")}`] : []),
    ...notes(marks),
    `Memo figures: ${c.citation}`,
    "Model values computed by Memo Lab; this view:",
  ];
  for (const line of foot.flatMap((f) => wrap(f, room, FOOT_PX))) {
    out.appendChild(text(doc, 12, y, line));
    y += LINE;
  }
  const link = doc.createElementNS(NS, "a");
  link.setAttribute("href", c.url);
  for (const line of wrapAnywhere(c.url, room, FOOT_PX)) {
    link.appendChild(text(doc, 12, y, line, "export-url"));
    y += LINE;
  }
  out.appendChild(link);
  y = Math.max(y - LINE + 12, Math.ceil(width / MAX_ASPECT));
  out.setAttribute("width", String(width));
  out.setAttribute("height", String(y));
  out.setAttribute("viewBox", `0 0 ${width} ${y}`);
  return new XMLSerializer().serializeToString(out);
}

export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A standalone SVG document drawn onto a canvas, as PNG. */
export async function pngBlob(svgDoc: string, scale = 2): Promise<Blob> {
  const size = /width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(svgDoc);
  if (!size) throw new Error("the chart has no size");
  const w = Number(size[1]);
  const h = Number(size[2]);
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svgDoc], { type: "image/svg+xml" }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error("the chart could not be drawn as an image"));
      img.src = url;
    });
    const canvas = document.createElement("canvas");
    canvas.width = w * scale;
    canvas.height = h * scale;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, w, h);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("no PNG"))), "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}
