// @vitest-environment node
// A saved scenario opens in its explorer at its view; one that keeps an edited model names it in
// the fragment (the edit itself, too long for a link, stays in the scenario).
import { describe, expect, it } from "vitest";
import type { SavedScenario } from "../../src/api/types";
import { scenarioAddress } from "../../src/scenarios/ScenarioPages";
import { defaults, serialize } from "../../src/state/urlState";
import { readFragment } from "../../src/state/fragment";
import { describe_ } from "../fixtures/python";

const spec = describe_("afs");
const saved: SavedScenario = {
  ...defaults(spec),
  slug: "aBcD1234efGH",
  system: "afs",
  title: "",
  notes: "",
  public: false,
  models_version: "1",
  created_at: "2026-11-30T00:00:00Z",
};

describe("a saved scenario's address", () => {
  it("is its explorer at its view, with no fragment when it keeps no edit", () => {
    const url = new URL(scenarioAddress(saved, spec), "http://x");
    expect(url.pathname).toBe("/explore/afs");
    expect(url.search).toBe(`?${serialize({ ...defaults(spec), scenario: saved.slug }, spec)}`);
    expect(url.hash).toBe("");
  });

  it("names the scenario's edit in its fragment, short whatever the edit's length", () => {
    const url = new URL(scenarioAddress({ ...saved, edit: "A".repeat(40_000) }, spec), "http://x");
    expect(url.hash).toBe(`#saved-model=${saved.slug}`);
    expect(readFragment(url.hash)).toEqual({ open: true, edit: null, saved: saved.slug });
    expect(url.href.length).toBeLessThan(400);
  });
});
