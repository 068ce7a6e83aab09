// "As measured": one choice per configuration the memo reports (from the model's fit report),
// named by the settings that tell it from the others, and selected while the knobs match it.
import { memo, useEffect, useMemo, useState } from "react";
import { api } from "../api/client";
import type { KnobValues, SystemSpec } from "../api/types";

export interface Preset {
  id: string;
  config: KnobValues;
  /** the metrics the memo measured at this configuration, primary first */
  metrics: string[];
}

/** Plain names: the values of the knobs that differ between the presets, in knob order. */
export function presetLabels(spec: SystemSpec, presets: Preset[]): Map<string, string> {
  const varying = spec.knobs.filter((k) => new Set(presets.map((p) => String(p.config[k.name] ?? k.default))).size > 1);
  const out = new Map<string, string>();
  for (const p of presets) {
    const parts = varying.map((k) => {
      const v = p.config[k.name] ?? k.default;
      return "choices" in k ? String(v) : `${k.label.toLowerCase()} ${String(v)}${k.unit ? ` ${k.unit}` : ""}`;
    });
    const metric = spec.metrics.find((m) => m.name === p.metrics[0])?.label ?? p.metrics[0];
    out.set(p.id, `${parts.join(", ") || "the memo's setting"} (${metric})`);
  }
  return out;
}

export const Presets = memo(function Presets({ spec, knobs, onPick }: { spec: SystemSpec; knobs: KnobValues; onPick: (config: KnobValues, metrics: string[]) => void }) {
  const [presets, setPresets] = useState<Preset[]>([]);
  useEffect(() => {
    let live = true;
    api.card(spec.id).then(
      (c) => {
        const seen = new Map<string, Preset>();
        for (const f of [...c.figures].sort((a, b) => Number(a.secondary) - Number(b.secondary))) {
          const p = seen.get(f.config_id) ?? { id: f.config_id, config: f.config, metrics: [] };
          if (!p.metrics.includes(f.metric)) p.metrics.push(f.metric);
          seen.set(f.config_id, p);
        }
        if (live) setPresets([...seen.values()]);
      },
      () => live && setPresets([]),
    );
    return () => {
      live = false;
    };
  }, [spec.id]);
  const labels = useMemo(() => presetLabels(spec, presets), [spec, presets]);
  if (!presets.length) return null;
  const selected = presets.find((p) => Object.entries(p.config).every(([k, v]) => knobs[k] === v));
  return (
    <div className="knob presets">
      <label htmlFor="preset">As measured</label>
      <select id="preset" value={selected?.id ?? ""} onChange={(e) => {
        const p = presets.find((pp) => pp.id === e.target.value);
        if (p) onPick(p.config, p.metrics);
      }}>
        <option value="">Pick a memo configuration…</option>
        {presets.map((p) => <option key={p.id} value={p.id}>{labels.get(p.id)}</option>)}
      </select>
    </div>
  );
});
