// A system's description and its memo overlay dataset (and any dataset a lesson names), fetched
// once per page and shared by every explorer or lesson step that shows them.
import { useEffect, useState } from "react";
import { api } from "../api/client";
import type { Dataset, OutsideMeasurements, SystemSpec } from "../api/types";

const specs = new Map<string, Promise<SystemSpec>>();
const datasets = new Map<string, Promise<Dataset>>();

export const specOf = (system: string) => {
  if (!specs.has(system)) specs.set(system, api.describe(system).catch((e) => { specs.delete(system); throw e; }));
  return specs.get(system)!;
};

export const datasetOf = (id: string) => {
  if (!datasets.has(id)) datasets.set(id, api.dataset(id).catch((e) => { datasets.delete(id); throw e; }));
  return datasets.get(id)!;
};

export function useSystem(system: string) {
  const [s, set] = useState<{ spec: SystemSpec | null; dataset: Dataset | null; error: string | null }>({ spec: null, dataset: null, error: null });
  useEffect(() => {
    let live = true;
    set({ spec: null, dataset: null, error: null });
    specOf(system).then(
      (spec) => {
        if (!live) return;
        set({ spec, dataset: null, error: null });
        if (spec.overlay) datasetOf(spec.overlay.dataset).then((d) => live && set({ spec, dataset: d, error: null }), () => undefined);
      },
      (e: Error) => live && set({ spec: null, dataset: null, error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [system]);
  return s;
}

/** A dataset named by a lesson (null while loading or when it cannot be had). */
export function useDataset(id: string | null) {
  const [d, set] = useState<Dataset | null>(null);
  useEffect(() => {
    let live = true;
    set(null);
    if (id) datasetOf(id).then((x) => live && set(x), () => undefined);
    return () => {
      live = false;
    };
  }, [id]);
  return d;
}

/** Other studies' measurements of a system (null while loading, and when they cannot be had:
 * offline, the chart simply has none). */
export function useOutside(system: string) {
  const [m, set] = useState<OutsideMeasurements | null>(null);
  useEffect(() => {
    let live = true;
    set(null);
    api.outside(system).then((o) => live && set(o), () => undefined);
    return () => {
      live = false;
    };
  }, [system]);
  return m;
}
