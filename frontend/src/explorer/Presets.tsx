// "As measured": one choice per configuration the memo reports (from the model's fit report).
import { memo, useEffect, useState } from "react";
import { api } from "../api/client";
import type { KnobValues } from "../api/types";

interface Preset {
  id: string;
  config: KnobValues;
}

export const Presets = memo(function Presets({ system, onPick }: { system: string; onPick: (config: KnobValues) => void }) {
  const [presets, setPresets] = useState<Preset[]>([]);
  useEffect(() => {
    let live = true;
    api.card(system).then(
      (c) => {
        const seen = new Map<string, Preset>();
        for (const f of c.figures) if (!seen.has(f.config_id)) seen.set(f.config_id, { id: f.config_id, config: f.config });
        if (live) setPresets([...seen.values()]);
      },
      () => live && setPresets([]),
    );
    return () => {
      live = false;
    };
  }, [system]);
  if (!presets.length) return null;
  return (
    <div className="knob presets">
      <label htmlFor="preset">As measured</label>
      <select id="preset" value="" onChange={(e) => {
        const p = presets.find((pp) => pp.id === e.target.value);
        if (p) onPick(p.config);
      }}>
        <option value="">Pick a memo configuration…</option>
        {presets.map((p) => <option key={p.id} value={p.id}>{p.id}</option>)}
      </select>
    </div>
  );
});
