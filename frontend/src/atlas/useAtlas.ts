// What the atlas draws: every system's description (for its knobs' words and its explorer's link)
// and its dimensionless curve, each asked in a lane of its own, so the curves arrive as each is
// computed: from the server until the in-browser runtime is ready, then from the runtime.
import { useEffect, useState } from "react";
import { api } from "../api/client";
import type { AtlasCurve, SystemSpec } from "../api/types";
import { settled } from "../runtime/answer";
import type { ModelClient } from "../runtime/ModelClient";

export interface AtlasData {
  specs: SystemSpec[] | null;
  curves: Record<string, AtlasCurve>;
  /** a system's curve that could not be had, and why; the systems' list itself, under "" */
  errors: Record<string, string>;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useAtlas(client: ModelClient): AtlasData {
  const [specs, setSpecs] = useState<SystemSpec[] | null>(null);
  const [curves, setCurves] = useState<Record<string, AtlasCurve>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    api.systems().then(
      (all) => {
        if (!live) return;
        setSpecs(all);
        for (const s of all) {
          settled(client.atlas(s.id, `atlas:${s.id}`)).then(
            (c) => live && setCurves((got) => ({ ...got, [s.id]: c })),
            (e: unknown) => live && setErrors((got) => ({ ...got, [s.id]: message(e) })),
          );
        }
      },
      (e: unknown) => live && setErrors({ "": message(e) }),
    );
    return () => {
      live = false;
    };
  }, [client]);
  return { specs, curves, errors };
}
