// "As measured": one choice per configuration the memo reports (from the model's fit report),
// named by the settings that tell it from the others, and selected while the knobs match it.
import { memo, useEffect, useMemo, useState } from "react";
import { api } from "../api/client";
import type { KnobValues, SystemSpec } from "../api/types";
import { formatSetting } from "../format";

export interface Preset {
  id: string;
  config: KnobValues;
  /** the metrics the memo measured at this configuration, primary first */
  metrics: string[];
  /** the memo's table it comes from ("Table 2a (reading rates)") */
  table: string;
}

/** The table a figure comes from: its citation up to the row. */
export const tableOf = (figure: string) => figure.split(/, row\b/)[0].trim();

/** Plain names: within each table, the values of the knobs that differ between its presets (in
 * knob order), and the metric where the table measures more than one. */
export function presetLabels(spec: SystemSpec, presets: Preset[]): Map<string, string> {
  const metricOf = (p: Preset) => spec.metrics.find((m) => m.name === p.metrics[0])?.label ?? p.metrics[0];
  const inTable = new Map<string, { name: string; metric: boolean }>();
  for (const group of groupPresets(presets).values()) {
    const varying = differing(spec, group);
    const metrics = new Set(group.map((p) => p.metrics[0]));
    for (const p of group) inTable.set(p.id, { name: varying.map((k) => settingOf(k, p)).join(", "), metric: metrics.size > 1 });
  }
  // a name another table also uses ("SENDER/SERVER" on each circuit's table) leads with what
  // tells them apart, since the closed select shows the option alone, not its table; the same
  // settings measured in two tables (AFS's two fileservers) are told apart by the table
  const byName = new Map<string, Preset[]>();
  for (const p of presets) {
    const key = `${inTable.get(p.id)!.name}|${metricOf(p)}`;
    byName.set(key, [...(byName.get(key) ?? []), p]);
  }
  const out = new Map<string, string>();
  for (const same of byName.values()) {
    const apart = same.length > 1 ? differing(spec, same) : [];
    const settings = (p: Preset) => apart.map((k) => settingOf(k, p)).join(", ");
    for (const p of same) {
      const own = inTable.get(p.id)!;
      const twins = same.filter((q) => settings(q) === settings(p));
      const lead = [settings(p), twins.length > 1 ? tableApart(p, twins) : ""].filter(Boolean).join(", ");
      const name = [lead, own.name].filter(Boolean).join(": ");
      out.set(p.id, !name ? `${metricOf(p)}, at the memo's setting` : own.metric || (!own.name && lead) ? `${name} · ${metricOf(p)}` : name);
    }
  }
  return out;
}

/** The parts of a preset's table title ("First tables, solaris8 inode fileserver, ...") that its
 * twins' titles lack: what the model's knobs do not tell apart. */
function tableApart(p: Preset, twins: Preset[]): string {
  const shared = (part: string) => twins.every((q) => q.table.split(", ").includes(part));
  return p.table.split(", ").filter((part) => !shared(part)).join(", ") || p.table;
}

/** The knobs whose values differ among the presets. */
function differing(spec: SystemSpec, presets: Preset[]): SystemSpec["knobs"] {
  return spec.knobs.filter((k) => new Set(presets.map((p) => String(p.config[k.name] ?? k.default))).size > 1);
}

/** One knob's value in a preset's name: a choice by itself ("NI"), a number with its knob and unit. */
function settingOf(k: SystemSpec["knobs"][number], p: Preset): string {
  const v = p.config[k.name] ?? k.default;
  return "choices" in k ? String(v) : formatSetting(k.label, v, k.unit);
}

/** The presets by the memo's table they come from, in the order first seen. */
export function groupPresets(presets: Preset[]): Map<string, Preset[]> {
  const out = new Map<string, Preset[]>();
  for (const p of presets) out.set(p.table, [...(out.get(p.table) ?? []), p]);
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
          const p = seen.get(f.config_id) ?? { id: f.config_id, config: f.config, metrics: [], table: tableOf(f.figure) };
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
  const selected = presets.find((p) => Object.entries(p.config).every(([k, v]) => knobs[k] === v));
  // the configuration the knobs last matched: named once they move away from it, in the same place
  const [left, setLeft] = useState<Preset | null>(null);
  if (selected && selected !== left) setLeft(selected);
  if (!presets.length) return null;
  const named = selected ?? (left && presets.includes(left) ? left : null); // (not another system's)
  const name = named && `${labels.get(named.id)} (${named.table})`;
  return (
    <div className="knob presets">
      <label htmlFor="preset">As measured</label>
      <select id="preset" value={selected?.id ?? ""} onChange={(e) => {
        const p = presets.find((pp) => pp.id === e.target.value);
        if (p) onPick(p.config, p.metrics);
      }}>
        <option value="">Pick a memo configuration…</option>
        {[...groupPresets(presets)].map(([table, group]) => (
          <optgroup key={table} label={table}>
            {group.map((p) => <option key={p.id} value={p.id}>{labels.get(p.id)}</option>)}
          </optgroup>
        ))}
      </select>
      {/* The closed select shows a long name's start only: the whole name, and its table, below.
          Once the knobs move away it says so in the same place, which keeps the height of the
          longer of the two sentences (the other drawn unseen in the same cell): the knobs below
          never move under the hand that is turning one. */}
      {name && (
        <div className="preset-now-box">
          <p className="muted preset-now" data-testid={selected ? "preset-now" : "preset-left"}>{selected ? name : `Moved away from ${name}`}</p>
          <p className="muted preset-now" aria-hidden="true">{selected ? `Moved away from ${name}` : name}</p>
        </div>
      )}
    </div>
  );
});
