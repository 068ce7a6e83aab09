// The atlas's curves from the models themselves (perfmodels.atlas), as the page draws and links them.
import { describe, expect, it } from "vitest";
import type { AtlasCurve, SystemSpec } from "../../src/api/types";
import { atlasLine, explorerHref, kneeText, ratioText, xDomain } from "../../src/atlas/atlasLines";
import { parse } from "../../src/state/urlState";
import { python } from "../fixtures/python";

const all = python<{ spec: SystemSpec; curve: AtlasCurve }[]>(
  "import json, perfmodels; from perfmodels.atlas import curve; print(json.dumps([{'spec': perfmodels.describe(s), 'curve': curve(s)} for s in perfmodels.systems()]))",
);

describe("the atlas's lines", () => {
  it("link each system's explorer at the setting drawn: its knobs, its knob along x, its metric up y", () => {
    expect(all.length).toBe(7);
    for (const { spec, curve } of all) {
      const href = explorerHref(spec, curve);
      expect(href.startsWith(`/explore/${spec.id}?`)).toBe(true);
      const { state, notices } = parse(href.slice(href.indexOf("?")), spec);
      expect(notices).toEqual([]);
      expect(state.knobs).toEqual(curve.knobs);
      expect([state.x, state.y]).toEqual([curve.x_knob, curve.metric]);
    }
  });

  it("say the knee and the capacity in the system's own units", () => {
    const of = (id: string) => all.find((a) => a.spec.id === id)!;
    expect(kneeText(of("ofn").spec, of("ofn").curve)).toBe("119 open OFNs");
    expect(kneeText(of("decnet").spec, of("decnet").curve)).toMatch(/^link quota 31\.\d+ buffers$/);
    expect(kneeText(of("rsx-qio").spec, of("rsx-qio").curve)).toBe("MAXPKT 6 packets");
    // LAVC's one knee, N*, beside its capacity at y = 1 (all of the boot CPU), not a second population
    expect(atlasLine(of("lavc").spec, of("lavc").curve)).toMatchObject({ knee: "119.1 users", capacity: "100%" });
    expect(atlasLine(of("ofn").spec, of("ofn").curve)).toMatchObject({ falls: true, name: "OFN", capacity: "1 lookup/search" });
  });

  it("span the x axis from 1/128 to 32, in powers of two", () => {
    expect(xDomain(all.map((a) => a.curve))).toEqual([1 / 128, 32]);
    expect([ratioText(1 / 128), ratioText(1), ratioText(0.3), ratioText(16)]).toEqual(["1/128", "1", "0.3", "16"]);
  });
});
