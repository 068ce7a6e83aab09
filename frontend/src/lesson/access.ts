// The systems and the models as a lesson checks itself against them in the browser: through the
// API (the same Python the worker runs), for a teacher's file, a shared or stored lesson, a class.
import { api } from "../api/client";
import type { Simulation, SystemSpec } from "../api/types";
import type { ModelAccess } from "./claims";
import { lessonAsk } from "./lands";

export async function allSpecs(): Promise<Record<string, SystemSpec>> {
  const list = await api.systems();
  return Object.fromEntries(list.map((s) => [s.id, s]));
}

export const apiModels: ModelAccess = {
  evaluateMany: (asks) => Promise.all(asks.map(([system, knobs]) => api.evaluate(system, knobs).then((r) => r.metrics))),
  sweepMany: (asks) => Promise.all(asks.map(([system, knobs, x]) => api.sweep(system, knobs, x))),
  sensitivityMany: (asks) => Promise.all(asks.map(([system, knobs, metric]) => api.sensitivity(system, knobs, metric))),
  bottleneckMany: (asks) => Promise.all(asks.map(([system, knobs]) => api.evaluate(system, knobs).then((r) => r.bottleneck))),
  simulateMany: (asks) => Promise.all(asks.map(([system, knobs, service]) => api.model<Simulation>(lessonAsk(system, knobs, service)))),
  dataset: (id) => api.dataset(id).catch(() => null),
};
