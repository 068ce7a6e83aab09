// A user's table as text and as a grid of cells, both ways, so it can be typed into either: the
// text is what is kept (in the link, in a scenario) and what the models read (owndata.py reads
// the same delimiters: a tab, else a semicolon where no comma, else a comma; # lines are notes).

export interface Grid {
  delimiter: string;
  /** the notes (# lines), kept above the table */
  notes: string[];
  /** the header, then one array of cells per row */
  rows: string[][];
  /** each row's line in the text (1-based), for problems reported by line */
  lines: number[];
}

export function delimiterOf(header: string): string {
  if (header.includes("\t")) return "\t";
  if (header.includes(";") && !header.includes(",")) return ";";
  return ",";
}

/** One line's cells (a cell in double quotes may hold the delimiter, and "" is a quote). */
function cells(line: string, d: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (c === d) {
      out.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

export function toGrid(text: string): Grid {
  const all = text.split(/\r?\n/);
  const notes: string[] = [];
  const rows: string[][] = [];
  const lines: number[] = [];
  let d = ",";
  all.forEach((line, i) => {
    if (line.trim().startsWith("#")) notes.push(line);
    else if (line.trim()) {
      if (!rows.length) d = delimiterOf(line);
      rows.push(cells(line, d));
      lines.push(i + 1);
    }
  });
  const width = Math.max(0, ...rows.map((r) => r.length));
  return { delimiter: d, notes, rows: rows.map((r) => [...r, ...Array(width - r.length).fill("")]), lines };
}

const quote = (cell: string, d: string) => (cell.includes(d) || cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell);

/** The grid as text: the notes, then the rows (the lines of a grid read from it agree with it). */
export function fromGrid(g: Pick<Grid, "delimiter" | "notes" | "rows">): string {
  return `${[...g.notes, ...g.rows.map((r) => r.map((c) => quote(c, g.delimiter)).join(g.delimiter))].join("\n")}\n`;
}
