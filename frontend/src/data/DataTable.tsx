// One dataset as a sortable table: units in the headers, derived columns marked, and every
// figure's citation shown when its cell is hovered or focused.
import { useMemo, useState } from "react";
import type { Cell, Dataset, Field } from "../api/types";
import { citation } from "./citation";

type Sort = { field: string; dir: 1 | -1 } | null;

function compare(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === null) return 1; // empty cells last
  if (b === null) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), "en", { numeric: true });
}

export function DataTable({ dataset }: { dataset: Dataset }) {
  const [sort, setSort] = useState<Sort>(null);
  const [active, setActive] = useState<string | null>(null);
  const fields = dataset.fields.filter((f) => f.name !== "locator");
  const rows = useMemo(() => {
    const r = dataset.rows.map((row, i) => ({ row, i }));
    if (sort) r.sort((a, b) => sort.dir * compare(a.row[sort.field], b.row[sort.field]) || a.i - b.i);
    return r;
  }, [dataset, sort]);
  const toggle = (f: Field) =>
    setSort((s) => (s?.field === f.name ? (s.dir === 1 ? { field: f.name, dir: -1 } : null) : { field: f.name, dir: 1 }));
  const captionId = `${dataset.id}-cite`;

  return (
    <figure className="dataset" id={dataset.id}>
      <div className="table-scroll">
        <table data-testid={`table-${dataset.id}`}>
          <caption>{dataset.title}</caption>
          <thead>
            <tr>
              {fields.map((f) => (
                <th key={f.name} scope="col" aria-sort={sort?.field === f.name ? (sort.dir === 1 ? "ascending" : "descending") : "none"}>
                  <button type="button" onClick={() => toggle(f)} title={f.derived || f.description || undefined}>
                    {f.title}
                    {/* a column the memo titled by its unit ("Bps", "% cpu") says it once */}
                    {f.unit && f.unit.toLowerCase() !== f.title.toLowerCase() && <span className="unit">{` (${f.unit})`}</span>}
                    {f.derived && <span className="derived-mark" role="img" aria-label="derived"> †</span>}
                    <span className="sort-mark" aria-hidden="true">
                      {sort?.field === f.name ? (sort.dir === 1 ? " ▲" : " ▼") : ""}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ row, i }) => (
              <tr key={i}>
                {fields.map((f) => {
                  const v = row[f.name];
                  const cite = citation(dataset, row, f);
                  const figure = v !== null && f.name !== "quantity" && f.name !== "name";
                  return (
                    <td
                      key={f.name}
                      className={typeof v === "number" ? "num" : undefined}
                      tabIndex={figure ? 0 : undefined}
                      title={figure ? cite : undefined}
                      aria-describedby={figure && active === cite ? captionId : undefined}
                      onFocus={figure ? () => setActive(cite) : undefined}
                      onMouseEnter={figure ? () => setActive(cite) : undefined}
                    >
                      {v === null ? "" : String(v)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption>
        <p id={captionId} className="citation" aria-live="polite" data-testid={`citation-${dataset.id}`}>
          {active ?? "Hover over or focus a figure to see where it is printed."}
        </p>
        {dataset.description && <p className="dataset-note">{dataset.description}</p>}
        {fields.some((f) => f.derived) && (
          <ul className="derived-notes">
            {fields.filter((f) => f.derived).map((f) => (
              <li key={f.name}>{`† ${f.title}: ${f.derived}`}</li>
            ))}
          </ul>
        )}
      </figcaption>
    </figure>
  );
}
