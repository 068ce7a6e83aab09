// Every field of the view (the page's ExplorerState; the backend's one model of it, ScenarioView)
// survives the whole trip: set alone to a value other than its default, the link holds it, and a
// scenario saved by the save dialog's body, kept and read back by the backend's own code, opens
// to the same view. A field added to the model without being carried anywhere on the way fails
// here (or the type check).
import { describe, expect, it } from "vitest";
import type { SavedScenario } from "../../src/api/types";
import { defaults, draftOf, type ExplorerView, stateOf, VIEW_FIELDS } from "../../src/state/explorerState";
import { parse, serialize } from "../../src/state/urlState";
import { describe_, python, ROOT } from "../fixtures/python";

const spec = describe_("decnet");
const knobs = { circuit: "DTE", link_quota: 40, buffer_size: 1024, test: "NFT/FAL", copy_us_per_byte: 2.5, return_queue_share: 0.5 };

// a value other than the default for each field (the compiler asks for one for a new field)
const SAMPLES: ExplorerView = {
  knobs,
  x: "buffer_size",
  y: "cpu_percent",
  baseline: { ...knobs, circuit: "CI", link_quota: 8 },
  per: "test",
  data: "link_quota,Throughput (Kbit/s)\n8,420\n16,610\n",
  fitted: { host_msg_ms: 4.7 },
  fit: ["host_msg_ms"],
  spread: { host_msg_ms: [4.1, 5.2] },
  bounds: false,
};
// what a field needs beside it to mean anything (a band is of a fitted parameter)
const NEEDS: Partial<ExplorerView> = { fitted: SAMPLES.fitted };
const alone = (f: keyof ExplorerView) => ({ ...defaults(spec), ...(f === "spread" ? NEEDS : {}), [f]: SAMPLES[f] });

/** Each draft saved and read back by the backend's code (its check, what it keeps, its read). */
function savedAndRead(drafts: unknown[]): SavedScenario[] {
  return python<SavedScenario[]>(`
import json, sys
sys.path.insert(0, ${JSON.stringify(`${ROOT}backend`)})
from datetime import UTC, datetime
from app.api.routes.scenarios import _public
from app.api.schemas import ScenarioIn
from app.core.tables import Scenario
from app.scenario_state import checked_state
out = []
for i, d in enumerate(json.loads(${JSON.stringify(JSON.stringify(drafts))})):
    body = ScenarioIn.model_validate(d)
    row = Scenario(slug=f"saved{i:05d}", system=body.system, state=json.dumps(checked_state(body)), title=body.title,
                   notes=body.notes, public=body.public, edit=body.edit, models_version="now", created_at=datetime.now(UTC))
    out.append(_public(row))
print(json.dumps(out))`);
}

describe("the view, every field of it", () => {
  it("is the backend model's fields", () => {
    const backend = python<string[]>(`import json, sys; sys.path.insert(0, ${JSON.stringify(`${ROOT}backend`)}); from app.api.schemas import ScenarioView; print(json.dumps(list(ScenarioView.model_fields)))`);
    expect([...VIEW_FIELDS].sort()).toEqual([...backend].sort());
  });

  it.each(VIEW_FIELDS)("%s is held by the link", (f) => {
    const state = alone(f);
    expect(state[f]).not.toEqual(defaults(spec)[f]);
    expect(parse(`?${serialize(state, spec)}`, spec)).toEqual({ state, notices: [] });
  });

  it("each is kept by a saved scenario and opens again as it was", () => {
    const own = { title: "a view", notes: "", public: false };
    const read = savedAndRead(VIEW_FIELDS.map((f) => draftOf(spec.id, alone(f), own)));
    VIEW_FIELDS.forEach((f, i) => {
      const reopened = stateOf(read[i], spec);
      expect(reopened, f).toEqual({ ...alone(f), scenario: read[i].slug });
      expect(parse(`?${serialize(reopened, spec)}`, spec).state, f).toEqual(reopened);
    });
  });

  it("an edited model is saved beside the view, as it came, and is not part of the view", () => {
    const own = { title: "edited", notes: "", public: false };
    const edit = "80xPSszJyS9PLcnMz1MoSS0u0c3MS8nMS8_J0VFIzs8rSc0rUcjPS1VwTs3JLUjMTtVRSM7Py0st0uCqAQA";
    const [withEdit, without] = savedAndRead([draftOf(spec.id, alone("x"), { ...own, edit }), draftOf(spec.id, alone("x"), { ...own, edit: null })]);
    expect(withEdit.edit).toBe(edit);
    expect(without.edit).toBeNull();
    expect(draftOf(spec.id, alone("x"), { ...own, edit: null })).not.toHaveProperty("edit");
    expect(stateOf(withEdit, spec)).toEqual({ ...alone("x"), scenario: withEdit.slug });
  });

  it("a scenario is saved without the link it was opened from", () => {
    const opened = { ...defaults(spec), scenario: "saved00001" };
    expect(draftOf(spec.id, opened, { title: "", notes: "", public: false })).not.toHaveProperty("scenario");
  });
});
