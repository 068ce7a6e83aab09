// Exports of what is on screen: the series as CSV, the chart as SVG or PNG, and the link.
import type { SweepResult } from "../api/types";

export function seriesCsv(sweep: SweepResult): string {
  const metrics = Object.keys(sweep.metrics);
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [[sweep.x_knob, ...metrics, "bottleneck"].join(",")];
  sweep.x.forEach((xv, i) => {
    lines.push([xv, ...metrics.map((m) => sweep.metrics[m][i]), sweep.bottleneck[i]].map(cell).join(","));
  });
  return `${lines.join("\n")}\n`;
}

// The chart's look travels with the exported file: a standalone SVG has no page stylesheet.
const SVG_STYLE = `
text { font-family: system-ui, sans-serif; font-size: 12px; fill: #5a6675; }
.axis line { stroke: #8a94a0; } .axis .grid { stroke: #e7e9ec; }
.model-curve { fill: none; stroke: #1d6fb8; stroke-width: 2.5; }
.baseline-curve { fill: none; stroke: #8a94a0; stroke-width: 2; stroke-dasharray: 6 4; }
.uncertainty-band { fill: #1d6fb8; opacity: 0.15; }
.memo-point { fill: #d1495b; stroke: #fff; } .memo-point.inexact { fill: #fff; stroke: #d1495b; stroke-width: 2; }
.current-point { fill: none; stroke: #f1a208; stroke-width: 4; }`;

export function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
  style.textContent = SVG_STYLE;
  copy.insertBefore(style, copy.firstChild);
  return new XMLSerializer().serializeToString(copy);
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

export async function pngBlob(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const w = svg.width.baseVal.value;
  const h = svg.height.baseVal.value;
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: "image/svg+xml" }));
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
