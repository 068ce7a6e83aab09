// "As measured": presets grouped by the memo's table and named by what differs within it.
import { describe, expect, it } from "vitest";
import type { ModelCardData } from "../../src/api/types";
import { groupPresets, type Preset, presetLabels, tableOf } from "../../src/explorer/Presets";
import { describe_, python } from "../fixtures/python";

function presetsOf(system: string): Preset[] {
  const card = python<ModelCardData>(`import json; from perfmodels import registry; print(json.dumps(registry.card(${JSON.stringify(system)})))`);
  const seen = new Map<string, Preset>();
  for (const f of card.figures) {
    const p = seen.get(f.config_id) ?? { id: f.config_id, config: f.config, metrics: [], table: tableOf(f.figure) };
    if (!p.metrics.includes(f.metric)) p.metrics.push(f.metric);
    seen.set(f.config_id, p);
  }
  return [...seen.values()];
}

describe("memo presets", () => {
  it("LAVC: one group per table of the memo, its rows named by what differs, each name once", () => {
    const presets = presetsOf("lavc");
    const groups = groupPresets(presets);
    expect(groups.size).toBeGreaterThanOrEqual(3);
    expect(groups.size).toBeLessThanOrEqual(4);
    const labels = presetLabels(describe_("lavc"), presets);
    for (const [table, group] of groups) {
      const names = group.map((p) => labels.get(p.id)!);
      expect(new Set(names).size, table).toBe(names.length);
      for (const n of names) {
        expect(n, table).not.toMatch(/Users 1 users|I\/Os per user/i); // what every row shares is not repeated
        expect(n.length, n).toBeLessThanOrEqual(60);
      }
    }
    expect([...groups.keys()].join(" | ")).toMatch(/I\/O CPU time table/);
  });

  it("DECnet: the circuits' tables, rows named by the test program, each name once over all tables", () => {
    const presets = presetsOf("decnet");
    const labels = presetLabels(describe_("decnet"), presets);
    for (const group of groupPresets(presets).values()) {
      const names = group.map((p) => labels.get(p.id)!);
      expect(new Set(names).size).toBe(names.length);
    }
    // the closed select shows an option without its table: "SENDER/SERVER" three times read alike
    const all = presets.map((p) => labels.get(p.id)!);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((n) => /^NI, Buffer size 1,467 bytes: SENDER\/SERVER$/.test(n))).toHaveLength(1);
  });

  it("AFS: the same settings on two fileservers are told apart by the fileserver, briefly", () => {
    const presets = presetsOf("afs");
    const labels = [...presetLabels(describe_("afs"), presets).values()];
    expect(new Set(labels).size).toBe(labels.length);
    for (const n of labels) expect(n.length, n).toBeLessThanOrEqual(130);
    expect(labels.some((n) => /inode/.test(n)) && labels.some((n) => /namei/.test(n))).toBe(true);
  });
});
