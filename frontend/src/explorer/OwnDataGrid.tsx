// The user's table as a grid to type into: a header of column names (with units), a row per
// measurement; each edit writes the text back (tableText.ts), and a cell with a problem is marked
// and says it.
import type { TableProblem } from "../api/types";
import { fromGrid, type Grid, toGrid } from "./tableText";

export function OwnDataGrid({ text, problems, onText }: { text: string; problems: TableProblem[]; onText: (text: string) => void }) {
  const g: Grid = text.trim() ? toGrid(text) : { delimiter: ",", notes: [], rows: [["", ""]], lines: [1] };
  const width = g.rows[0]?.length ?? 0;
  const write = (rows: string[][]) => onText(fromGrid({ ...g, rows }));
  const set = (r: number, c: number, value: string) => write(g.rows.map((row, i) => (i === r ? row.map((v, j) => (j === c ? value : v)) : row)));
  const problemAt = (r: number, c: number) =>
    problems.filter((p) => p.line === g.lines[r] && (p.column === c || (p.column === null && c === 0))).map((p) => p.message).join("; ");
  return (
    <div className="table-scroll own-data-grid">
      <table data-testid="own-data-grid">
        <caption>Your table, a cell to each value (the first row names the columns)</caption>
        <tbody>
          {g.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <tr key={r}>
              <th scope="row">{r === 0 ? "columns" : r}</th>
              {row.map((cell, c) => {
                const problem = problemAt(r, c);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place
                  <td key={c}>
                    <input value={cell} aria-label={r === 0 ? `Column ${c + 1} name` : `Row ${r}, ${row[c] !== undefined ? g.rows[0][c] || `column ${c + 1}` : ""}`}
                      aria-invalid={problem !== ""} title={problem || undefined} className={problem ? "bad" : undefined}
                      onChange={(e) => set(r, c, e.target.value)} />
                  </td>
                );
              })}
              <td>
                {r > 0 && <button type="button" aria-label={`Remove row ${r}`} onClick={() => write(g.rows.filter((_, i) => i !== r))}>×</button>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="own-data-actions">
        <button type="button" onClick={() => write([...g.rows, Array(width).fill("")])}>Add a row</button>
        <button type="button" onClick={() => write(g.rows.map((row) => [...row, ""]))}>Add a column</button>
      </div>
    </div>
  );
}
