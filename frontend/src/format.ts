// Numbers and units, formatted one way everywhere (readouts, axes, tooltips, tables, cards,
// reveals): SI prefixes for big numbers (binary ones for bytes, as the memos write 8k for 8192
// bytes), at most 3 significant digits once a prefix is used, 4 otherwise, and the unit once.

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumSignificantDigits: 3 });
const plain = new Intl.NumberFormat("en", { maximumSignificantDigits: 4 });
const three = new Intl.NumberFormat("en", { maximumSignificantDigits: 3 });

// A unit that already carries a magnitude ("K/sec", "Mbit/s", "KW") takes no second prefix.
const PREFIXED = /^(K|M|G|k)(?=[A-Za-z/ ]|$)|^(KB|MB|GB)/;
const BINARY = [
  [1024 ** 3, "G"],
  [1024 ** 2, "M"],
  [1024, "K"],
] as const;

function number(v: number, unit: string): string {
  const a = Math.abs(v);
  // whole kilobytes read as such from 1K; other sizes from 4K (1,412 bytes stays as the memo wrote it)
  if (unit === "bytes" && (a >= 4096 || (a >= 1024 && a % 1024 === 0))) {
    const [size, prefix] = BINARY.find(([s]) => a >= s)!;
    return `${three.format(v / size)}${prefix}`;
  }
  if (a >= 10_000 && !PREFIXED.test(unit)) return compact.format(v);
  return plain.format(v);
}

// A unit that counts things ("users", "lookups", "OFNs"), not a rate or a short symbol ("ms").
const COUNTED = /^[A-Za-z]{2,}s$/;

export function formatValue(v: number, unit = ""): string {
  if (!Number.isFinite(v)) return "–"; // no finite value: a saturated resource, say
  const n = number(v, unit);
  if (!unit) return n;
  if (unit === "%") return `${n}%`;
  // "1 user", "1 lookup": one of a counted thing is singular (as printed: "1", not "1.000")
  return `${n} ${n === "1" && COUNTED.test(unit) ? unit.slice(0, -1) : unit}`;
}

/** "Link quota (buffers)", but "Users", not "Users (users)": the unit once. */
export function withUnit(label: string, unit: string): string {
  if (!unit || label.toLowerCase() === unit.toLowerCase()) return label;
  return `${label} (${unit})`;
}

/** "1 dataset", "3 datasets". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

/** How a knob's values read to a person: a log2 knob in bytes shows the bytes (13 is 8K bytes). */
export interface KnobDisplay {
  unit: string;
  text: (v: number) => string;
  /** the number alone, for an axis tick */
  tick: (v: number) => string;
  /** the axis is logarithmic in what is shown */
  log: boolean;
}

export function knobDisplay(k: { unit: string; scale?: string | null }): KnobDisplay {
  if (k.unit === "log2 bytes") {
    return { unit: "bytes", text: (v) => formatValue(2 ** v, "bytes"), tick: (v) => number(2 ** v, "bytes"), log: true };
  }
  return { unit: k.unit, text: (v) => formatValue(v, k.unit), tick: (v) => (Number.isFinite(v) ? number(v, k.unit) : "–"), log: k.scale === "log2" };
}

/** A knob's setting as text: "Link quota 16 buffers", "Circuit CI", "Chunksize 8K bytes". */
export function formatSetting(label: string, value: unknown, unit = ""): string {
  // a knob named for its unit reads once ("50 users", not "Users 50 users")
  if (typeof value === "number" && unit && label.toLowerCase() === unit.toLowerCase()) return knobDisplay({ unit }).text(value);
  if (typeof value === "number") return `${label} ${knobDisplay({ unit }).text(value)}`;
  return `${label} ${String(value)}${unit ? ` ${unit}` : ""}`;
}

/** "1 setting", "6 settings", "87,114 events". */
export const counted = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
