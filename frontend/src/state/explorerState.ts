// The explorer's view, defined once: the backend's ExplorerState (backend/app/api/schemas.py),
// read from the generated schema as the parts of a scenario to save that are not the scenario's
// own. The link (urlState.ts), the save dialog and the scenario pages are all typed by it, so a
// field added to the model fails the type check wherever it is not carried yet.
import type { SavedScenario, ScenarioDraft, SystemSpec } from "../api/types";

/** A scenario's own fields, beside its view (ScenarioIn's, not ExplorerState's): an edited model
 * among them, which a link carries in its fragment (./fragment.ts), not in the view. */
type ScenarioOwn = "system" | "title" | "notes" | "public" | "edit";

/** The view, every field present (where the model has a default, it is filled in). */
export type ExplorerView = { [K in Exclude<keyof ScenarioDraft, ScenarioOwn>]-?: Exclude<ScenarioDraft[K], undefined> };

/** What the explorer's link holds: the view, and the saved scenario it was opened from (its
 * title and notes are shown), which a saved scenario keeps as its own link. */
export type ExplorerState = ExplorerView & { scenario: string | null };

// The view's field names at run time; `satisfies` holds them to the schema's, none missing.
const FIELDS = { knobs: 0, x: 0, y: 0, baseline: 0, per: 0, data: 0, fitted: 0, fit: 0, spread: 0, bounds: 0 } satisfies Record<keyof ExplorerView, 0>;
export const VIEW_FIELDS = Object.keys(FIELDS) as (keyof ExplorerView)[];

/** A system's view as it first opens. */
export function defaults(spec: SystemSpec): ExplorerState {
  return {
    knobs: Object.fromEntries(spec.knobs.map((k) => [k.name, k.default])),
    x: spec.x_default,
    y: spec.y_default,
    baseline: null,
    scenario: null,
    per: spec.per_default ?? null,
    data: null,
    fitted: null,
    spread: null,
    fit: null,
    bounds: true,
  };
}

/** Just the view's fields of a state (a scenario is saved without the link it came from). */
export function viewOf(state: ExplorerView): ExplorerView {
  return Object.fromEntries(VIEW_FIELDS.map((f) => [f, state[f]])) as ExplorerView;
}

/** What "Save & share" sends: the view, with the scenario's own fields (an edit only if any). */
export function draftOf(system: string, state: ExplorerView, { edit, ...own }: Pick<ScenarioDraft, "title" | "notes" | "public" | "edit">): ScenarioDraft {
  return { system, ...viewOf(state), ...own, ...(edit ? { edit } : {}) };
}

/** A saved scenario opened again: its view, named by its own link. */
export function stateOf(saved: SavedScenario, spec: SystemSpec): ExplorerState {
  const kept = VIEW_FIELDS.filter((f) => saved[f] !== undefined).map((f) => [f, saved[f]]);
  return { ...defaults(spec), ...(Object.fromEntries(kept) as Partial<ExplorerView>), scenario: saved.slug };
}
