// A saved scenario's own table, too large for a link, comes from the scenario itself.
import { useEffect } from "react";
import { api } from "../api/client";
import type { ExplorerState } from "../state/urlState";

type Parsed = { state: ExplorerState; notices: string[] };

export function useScenarioData(state: ExplorerState, setParsed: (f: (p: Parsed) => Parsed) => void) {
  const scenarioSlug = state.scenario;
  const hasData = state.data !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: setParsed is the state's setter
  useEffect(() => {
    if (!scenarioSlug || hasData) return;
    let live = true;
    api.scenario(scenarioSlug).then((s) => {
      if (live && s.data) setParsed((p) => ({ ...p, state: { ...p.state, data: s.data ?? null, fit: s.fit ?? p.state.fit, fitted: s.fitted ?? p.state.fitted } }));
    }, () => undefined); // the banner says when the scenario is gone
    return () => {
      live = false;
    };
  }, [scenarioSlug, hasData]);
}
