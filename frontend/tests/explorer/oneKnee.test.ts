// One knee on the explorer's chart (issue 49): fed with the models' own sweeps along a closed
// network's population (LAVC's users, DECnet's link quota) at random settings, every word the
// chart says about the knee (its mark, the bounds' corner, the legend, the description) gives
// one number, the model's N*, the shaded regions change there, and nothing names a second point
// where a resource takes over.
import { describe, expect, it } from "vitest";
import type { SweepResult, SystemSpec } from "../../src/api/types";
import { axesOf } from "../../src/chart/Chart";
import { boundsOf, curveOf, kneeOf, saturationOf } from "../../src/chart/curves";
import { bands } from "../../src/chart/geometry";
import { explorerMarks } from "../../src/explorer/explorerMarks";
import { knobDisplay } from "../../src/format";
import { frameOf } from "../chart/marks/frame";
import { chart } from "../chart/marks/scene";
import { describe_, python } from "../fixtures/python";

// Each view: a system, its population knob, the metric drawn, and the sweeps at the memo's
// setting and at random ones (seeded: the same cases every run), with the bounds drawn.
const VIEWS = [
  { system: "lavc", x: "users", y: "boot_cpu_percent", memo: { disk: "served" } },
  { system: "lavc", x: "users", y: "cpu_demand_percent", memo: { disk: "served" } },
  { system: "decnet", x: "link_quota", y: "throughput_bps", memo: { circuit: "CI" } },
];
const RANDOM = 8;

const sweeps = python<Record<string, SweepResult[]>>(`
import json, random, perfmodels
from perfmodels.registry import spec
rng = random.Random(49)
def pick(k):
    if k.choices is not None:
        return rng.choice(k.choices)
    steps = round((k.max - k.min) / k.step)
    v = k.min + rng.randint(0, steps) * k.step
    return int(v) if k.integer else round(v, 10)
out = {}
for system, x, memo in ${JSON.stringify([...new Map(VIEWS.map((v) => [v.system, [v.system, v.x, v.memo]])).values()])}:
    settings = [memo] + [{k.name: pick(k) for k in spec(system).knobs} for _ in range(${RANDOM})]
    out[system] = [perfmodels.sweep(system, s, x, band=False) for s in settings]
print(json.dumps(out))`);

function said(spec: SystemSpec, view: (typeof VIEWS)[number], s: SweepResult) {
  const knob = spec.knobs.find((k) => k.name === view.x)!;
  const a = axesOf(knob, knobDisplay(knob), spec.metrics.find((m) => m.name === view.y)!);
  const curve = curveOf(s, view.x, view.y);
  const knee = kneeOf(s, view.x, curve);
  const marks = explorerMarks(a, chart({ curve, knee, saturation: saturationOf(s, view.x, curve), bounds: boundsOf(s, view.x, view.y), currentX: curve[0].x }));
  const frame = frameOf();
  const words = marks.flatMap((m) => [
    ...(m.legend ?? []).map((l) => l.text),
    ...(m.sentences ?? []).map((t) => t.text),
    ...(m.labels?.(frame) ?? []).flatMap((l) => l.texts),
  ]);
  return { a, curve, knee, words };
}

describe("one knee", () => {
  for (const view of VIEWS) {
    const spec = describe_(view.system);
    it(`${view.system}, ${view.y} along ${view.x}: every word about the knee gives the model's N*, and the regions change there`, () => {
      let seen = 0;
      for (const s of sweeps[view.system]) {
        const star = s.bounds_knee;
        const { a, curve, knee, words } = said(spec, view, s);
        // no second point where a resource "sets the pace from" (another rule than N*)
        for (const w of words) expect(w).not.toMatch(/sets the pace from|from [\d.,]+\S* \S+ the .* sets the pace/);
        if (!star || star.x < curve[0].x || star.x > curve[curve.length - 1].x) continue;
        seen++;
        expect(knee).toMatchObject({ x: star.x, resource: star.station, nStar: true });
        // every population said beside the word "knee" is N*, as the chart writes it
        const unit = a.xUnit;
        const named = words.filter((w) => /\bknee\b/.test(w)).flatMap((w) => [...w.matchAll(new RegExp(`([\\d.,]+K?) ${unit}\\b`, "g"))].map((m) => `${m[1]} ${unit}`));
        expect(named.length).toBeGreaterThan(0);
        expect(new Set(named)).toEqual(new Set([a.xText(star.x)]));
        // the station's region starts exactly there
        const region = bands(curve, knee).find((b) => b.label === star.station);
        expect(region?.x0).toBe(star.x);
      }
      expect(seen).toBeGreaterThan(1); // the memo's setting and at least one random one
    });
  }
});
