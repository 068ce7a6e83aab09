// The Data pages: /data lists the source documents; /data/{source} shows every dataset of one
// document as a table, with its CSV download and the explorer charts that overlay it.
import { useEffect, useState } from "react";
import { api } from "../api/client";
import type { Dataset, DatasetSummary, Source, SystemSpec } from "../api/types";
import { DataTable } from "./DataTable";
import { plural } from "../format";
import { PageError } from "../PageError";

function useLoad<T>(load: () => Promise<T>, key: string): { value: T | null; error: string | null } {
  const [state, setState] = useState<{ value: T | null; error: string | null }>({ value: null, error: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches; a new closure for the same key must not refetch
  useEffect(() => {
    let live = true;
    setState({ value: null, error: null });
    load().then((value) => live && setState({ value, error: null }), (e: Error) => live && setState({ value: null, error: e.message }));
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}

export function DataIndex() {
  const sources = useLoad(api.sources, "sources");
  const summaries = useLoad(api.datasets, "datasets");
  useEffect(() => {
    document.title = "Data · Memo Lab";
  }, []);
  return (
    <main className="data-page">
      <h1>The memos' figures</h1>
      <p className="lede">Every number the five memos print, with units as printed and where each is printed.</p>
      {(sources.error || summaries.error) && <p role="alert">{`Could not load the data: ${sources.error ?? summaries.error}`}</p>}
      <ul className="sources">
        {sources.value?.map((s) => {
          const mine = summaries.value?.filter((d) => d.source === s.id) ?? [];
          return (
            <li key={s.id}>
              <a href={`/data/${s.id}`}><strong>{s.title}</strong></a>
              <span>{`${s.authors}, ${s.date}`}</span>
              <span className="muted">{`${plural(mine.length, "dataset")}, ${plural(mine.reduce((n, d) => n + d.figures, 0), "figure")}`}</span>
            </li>
          );
        })}
      </ul>
    </main>
  );
}

export function SourcePage({ sourceId }: { sourceId: string }) {
  const sources = useLoad(api.sources, "sources");
  const summaries = useLoad(api.datasets, "datasets");
  const systems = useLoad(api.systems, "systems");
  const source: Source | undefined = sources.value?.find((s) => s.id === sourceId);
  const mine: DatasetSummary[] = summaries.value?.filter((d) => d.source === sourceId) ?? [];
  const tables = useLoad(() => Promise.all(mine.map((d) => api.dataset(d.id))), mine.map((d) => d.id).join(","));
  useEffect(() => {
    if (source) document.title = `${source.title} · Memo Lab data`;
  }, [source]);

  if (sources.error || summaries.error) return <PageError title="Cannot load the data">{sources.error ?? summaries.error ?? ""}</PageError>;
  if (sources.value && !source)
    return (
      <PageError title="Unknown source document" back={{ href: "/data", label: "All documents" }}>No memo is filed under this name.</PageError>
    );
  if (!source) return <p aria-busy="true">Loading…</p>;
  const charts = (d: Dataset): SystemSpec[] => systems.value?.filter((s) => s.overlay?.dataset === d.id) ?? [];
  return (
    <main className="data-page">
      <p className="crumbs"><a href="/data">Data</a></p>
      <h1>{source.title}</h1>
      <p className="muted">{`${source.authors}, ${source.date}. Public copy: ${source.archive}.`}</p>
      <nav aria-label="Datasets">
        <ul className="toc">{mine.map((d) => <li key={d.id}><a href={`#${d.id}`}>{d.title}</a>{` (${d.figures} figures)`}</li>)}</ul>
      </nav>
      {tables.error && <p role="alert">{`Could not load a dataset: ${tables.error}`}</p>}
      {tables.value?.map((d) => (
        <section key={d.id} aria-labelledby={`${d.id}-h`}>
          <h2 id={`${d.id}-h`}>{d.title}</h2>
          <p className="dataset-links">
            <a href={`/api/datasets/${d.id}.csv`} download>{`Download ${d.id}.csv`}</a>
            {charts(d).map((s) => <a key={s.id} href={`/explore/${s.id}`}>{`Chart: ${s.title}`}</a>)}
          </p>
          <p className="for-authors muted" data-testid="for-authors">
            {"For lesson authors: a question's "}<code>memo:</code>{" names a figure here as "}
            <code>{`{ dataset: ${d.id}, where: { ${d.fields.find((f) => f.name !== "value")?.name ?? "field"}: … }, field: ${d.fields.find((f) => typeof d.rows[0]?.[f.name] === "number")?.name ?? "value"} }`}</code>
            {`; its fields are ${d.fields.map((f) => f.name).join(", ")}.`}
          </p>
          <DataTable dataset={d} />
        </section>
      ))}
    </main>
  );
}
