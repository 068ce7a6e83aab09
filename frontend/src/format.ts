// Number formatting for readouts, axes and tooltips.

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumSignificantDigits: 3 });
const plain = new Intl.NumberFormat("en", { maximumSignificantDigits: 4 });

export function formatValue(v: number, unit = ""): string {
  if (!Number.isFinite(v)) return "–"; // no finite value: a saturated resource, say
  const n = Math.abs(v) >= 10_000 ? compact.format(v) : plain.format(v);
  if (!unit) return n;
  return unit === "%" ? `${n}%` : `${n} ${unit}`;
}

/** A knob's setting as text: "Link quota 16 buffers", "Circuit CI". */
export function formatSetting(label: string, value: unknown, unit = ""): string {
  return `${label} ${typeof value === "number" ? formatValue(value, unit) : `${String(value)}${unit ? ` ${unit}` : ""}`}`;
}
