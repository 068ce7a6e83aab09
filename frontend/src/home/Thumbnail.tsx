// A small picture of a system's default curve for the home page (D3 scales, React draws).
import { scaleLinear, scaleLog } from "d3-scale";
import { line } from "d3-shape";
import { useEffect, useState } from "react";
import { api } from "../api/client";
import { isChoice, type SystemSpec } from "../api/types";

const W = 220;
const H = 90;
const PAD = { left: 6, right: 6, top: 16, bottom: 18 };

export function Thumbnail({ spec }: { spec: SystemSpec }) {
  const [pts, setPts] = useState<[number, number][] | null>(null);
  useEffect(() => {
    let live = true;
    api.sweep(spec.id, {}, spec.x_default).then(
      (s) => live && setPts(s.x.map((x, i) => [Number(x), s.metrics[spec.y_default][i] ?? NaN] as [number, number]).filter(([, y]) => Number.isFinite(y))),
      () => live && setPts([]),
    );
    return () => {
      live = false;
    };
  }, [spec]);
  if (!pts || pts.length < 2) return <svg className="thumb" width={W} height={H} aria-hidden="true" />;
  const metric = spec.metrics.find((m) => m.name === spec.y_default);
  const k = spec.knobs.find((kk) => kk.name === spec.x_default);
  const log = !!k && !isChoice(k) && k.scale === "log2";
  const xs = pts.map((p) => p[0]);
  const x = (log ? scaleLog().base(2) : scaleLinear()).domain([Math.min(...xs), Math.max(...xs)]).range([PAD.left, W - PAD.right]);
  const y = scaleLinear().domain([0, Math.max(...pts.map((p) => p[1])) * 1.05 || 1]).range([H - PAD.bottom, PAD.top]);
  const d = line<[number, number]>().x((p) => x(p[0])).y((p) => y(p[1]))(pts) ?? "";
  return (
    <svg className="thumb" width={W} height={H} aria-hidden="true" data-testid={`thumb-${spec.id}`}>
      <line className="thumb-axis" x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} />
      <line className="thumb-axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} />
      <path d={d} />
      <text className="thumb-label" x={PAD.left + 2} y={PAD.top - 5}>{metric?.label ?? spec.y_default}</text>
      <text className="thumb-label" x={W - PAD.right} y={H - 4} textAnchor="end">{`${k?.label ?? spec.x_default} →`}</text>
    </svg>
  );
}
