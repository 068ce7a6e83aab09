// How a figure is cited everywhere in the app: document, locator (table or section, row), column.
import type { Dataset, Field } from "../api/types.ts";

export function citation(dataset: Dataset, row: Record<string, unknown>, field: Field): string {
  return `${dataset.source.title}: ${String(row.locator ?? "")}, column ${field.title}`;
}
