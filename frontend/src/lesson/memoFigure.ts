// A lesson names a memo figure by dataset, the values that pick its row, and the field; the
// value and its citation come from the dataset, never from the lesson's text.
import type { Dataset } from "../api/types.ts";
import { citation } from "../data/citation.ts";
import type { MemoFigure } from "./format.ts";

export interface Figure {
  value: number;
  printed: string;
  unit: string;
  citation: string;
}

export function findFigure(dataset: Dataset, ref: MemoFigure): Figure | null {
  const field = dataset.fields.find((f) => f.name === ref.field);
  if (!field || dataset.id !== ref.dataset) return null;
  const rows = dataset.rows.filter((r) => Object.entries(ref.where).every(([k, v]) => String(r[k]) === String(v)));
  if (rows.length !== 1) return null;
  const value = rows[0][ref.field];
  if (typeof value !== "number") return null;
  const unit = field.unit ?? (typeof rows[0].unit === "string" ? rows[0].unit : "");
  const printed = typeof rows[0].printed === "string" ? rows[0].printed : `${value}${unit ? ` ${unit}` : ""}`;
  return { value, printed, unit, citation: citation(dataset, rows[0], field) };
}
