// The home page: what Memo Lab is, and one entry per system with the question it answers and
// a thumbnail of its curve.
import { useEffect, useState } from "react";
import { api } from "../api/client";
import type { SystemSpec } from "../api/types";
import { Thumbnail } from "./Thumbnail";

export function Home() {
  const [systems, setSystems] = useState<SystemSpec[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.systems().then(setSystems, (e: Error) => setError(e.message));
  }, []);
  return (
    <main className="home">
      <h1>Memo Lab</h1>
      <p className="lede">
        Classic performance memos measured how throughput moves when you turn a knob. Here you turn the knobs
        yourself: calibrated models, running in your browser, redraw the curves beside the memos' own measurements.
      </p>
      <p className="home-links">
        <a href="/learn">Lessons</a>{": guided steps that ask you to predict a curve before you see it. "}
        <a href="/data">The memos' data</a>{": every figure they printed, with where it comes from. "}
        <a href="/models">Model cards</a>{": how each model works and how close it comes."}
      </p>
      {error && <p role="alert">{`Could not list the systems: ${error}`}</p>}
      {!systems && !error && <p aria-busy="true">Loading…</p>}
      <ul className="systems">
        {systems?.map((s) => (
          <li key={s.id}>
            <a href={`/explore/${encodeURIComponent(s.id)}`}>
              <Thumbnail spec={s} />
              <strong>{s.title}</strong>
              <span>{s.question}</span>
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
