// The banner an explorer opened from a saved scenario shows: its title, notes and date, and
// whether the models changed since (apart from the scenario pages, which the explorer never needs).
import { useEffect, useState } from "react";
import { api } from "../api/client";
import type { SavedScenario, SystemSpec } from "../api/types";

/** The banner an explorer shows when it was opened from a saved scenario. */
export function ScenarioBanner({ slug, spec }: { slug: string; spec: SystemSpec }) {
  const [s, setS] = useState<SavedScenario | null>(null);
  const [gone, setGone] = useState(false);
  useEffect(() => {
    api.scenario(slug).then(setS, () => setGone(true));
  }, [slug]);
  if (gone) return <div className="notices" role="alert" data-testid="scenario-gone">The saved scenario behind this link was deleted; the view below is as it was linked.</div>;
  if (!s) return null;
  return (
    <section className="scenario-banner" aria-label="Saved scenario" data-testid="scenario-banner">
      <h2>{s.title || "Untitled scenario"}</h2>
      {s.notes && <p className="scenario-notes">{s.notes}</p>}
      <p className="muted">{`Saved ${new Date(s.created_at).toLocaleString()} for ${spec.title}.`}</p>
      {s.models_changed && (
        <p role="status" className="notices">{`The models have changed since this was saved (then ${s.models_version}, now ${s.models_version_now}): curves may differ from what its author saw.`}</p>
      )}
    </section>
  );
}
