// HTTP calls to the backend's /api: the model operations (the server runs the same perfmodels
// code), the memo datasets and the scenarios. Errors carry the server's reason.
import type { CreatedScenario, Dataset, DatasetSummary, EvaluateResult, KnobValues, ModelCardData, OutsideMeasurements, OwnFit, OwnTable, Params, SavedScenario, Sensitivity, Spread, ScenarioDraft, Source, SweepResult, SystemSpec } from "./types";

export class ApiError extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}

/** JSON to and from the API; an ApiError with the server's reason when it refuses. */
export async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const r = await fetch(path, { ...init, headers: { "content-type": "application/json", ...init?.headers } });
  if (!r.ok) {
    let reason = r.statusText;
    try {
      const body = await r.json();
      reason = typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail);
    } catch {
      /* keep the status text */
    }
    throw new ApiError(r.status, reason);
  }
  return (r.status === 204 ? undefined : await r.json()) as T;
}

/** A model operation (models/perfmodels/ops.py) at the server's route of its name: POST
 * /api/models/{system}/{type}, the rest of the request as the body (backend/app/api/routes/models.py). */
export function modelCall<T>({ type, system, ...asked }: { type: string; system: string; [field: string]: unknown }): Promise<T> {
  return request<T>(`/api/models/${encodeURIComponent(system)}/${type}`, { method: "POST", body: JSON.stringify(asked) });
}

export const api = {
  describe: (system: string) => request<SystemSpec>(`/api/models/${encodeURIComponent(system)}`),
  systems: () => request<SystemSpec[]>("/api/models"),
  card: (system: string) => request<ModelCardData>(`/api/models/${encodeURIComponent(system)}/card`),
  dataset: (id: string) => request<Dataset>(`/api/datasets/${encodeURIComponent(id)}`),
  datasets: () => request<DatasetSummary[]>("/api/datasets"),
  outside: (system: string) => request<OutsideMeasurements>(`/api/validation/${encodeURIComponent(system)}`),
  sources: () => request<Source[]>("/api/sources"),
  scenario: (slug: string) => request<SavedScenario>(`/api/scenarios/${encodeURIComponent(slug)}`),
  saveScenario: (body: ScenarioDraft) =>
    request<CreatedScenario>("/api/scenarios", { method: "POST", body: JSON.stringify(body) }),
  deleteScenario: async (slug: string, token: string) => {
    const r = await fetch(`/api/scenarios/${encodeURIComponent(slug)}`, { method: "DELETE", headers: { "X-Delete-Token": token } });
    if (r.status !== 204 && r.status !== 404) throw new ApiError(r.status, r.status === 403 ? "the delete token does not match" : r.statusText);
  },
  model: modelCall,
  evaluate: (system: string, knobs: KnobValues, params?: Params) => modelCall<EvaluateResult>({ type: "evaluate", system, knobs, params }),
  sweep: (system: string, knobs: KnobValues, x: string, values?: (number | string)[], params?: Params, spread?: Spread) =>
    modelCall<SweepResult>({ type: "sweep", system, knobs, x, values, params, spread }),
  sensitivity: (system: string, knobs: KnobValues, metric: string, params?: Params) =>
    modelCall<Sensitivity>({ type: "sensitivity", system, knobs, metric, params }),
  table: (system: string, text: string, knobs: KnobValues) => modelCall<OwnTable>({ type: "table", system, text, knobs }),
  fit: (system: string, rows: { knobs: KnobValues; metrics: Record<string, number> }[], fit: string[] | undefined, knobs: KnobValues) =>
    modelCall<OwnFit>({ type: "fit", system, rows, fit, knobs }),
};
