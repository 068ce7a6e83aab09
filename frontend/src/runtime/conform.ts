// An answer from code the page does not trust (the sandbox's, which may run anyone's edit),
// checked against the shape its operation's type generates (./shapes.gen.ts, from the models'
// one table): what comes back is a fresh copy with only the fields the type names, every number
// finite, every string, list and record within a bound; anything else refuses the answer whole.

/** A value's type as scripts/ops_shapes.py writes it. */
export type Shape =
  | "number"
  | "integer"
  | "string"
  | "boolean"
  | "null"
  | "unknown"
  | { list: Shape }
  | { tuple: Shape[] }
  | { record: Shape }
  | { union: Shape[] }
  | { ref: string }
  | { object: Record<string, Shape>; optional?: string[] };

/** The bounds no answer the page draws comes near (a curve has at most a thousand points). */
export const LIMITS = { string: 4000, list: 20_000, record: 2_000, depth: 24 };

class Refused extends Error {}

export type Limits = typeof LIMITS;

/** `v` as `shape` says, or null if it is not (`named`: the shapes a { ref } names). */
export function conform<T>(shape: Shape, v: unknown, named: Record<string, Shape>, limits: Limits = LIMITS): T | null {
  try {
    return read(shape, v, { named, limits }, 0) as T;
  } catch (e) {
    if (e instanceof Refused) return null;
    throw e;
  }
}

const refuse = (): never => {
  throw new Refused();
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function read(shape: Shape, v: unknown, at: { named: Record<string, Shape>; limits: Limits }, depth: number): unknown {
  const { named, limits: LIMITS } = at;
  if (depth > LIMITS.depth) return refuse();
  const next = (s: Shape, x: unknown) => read(s, x, at, depth + 1);
  switch (shape) {
    case "number":
      return typeof v === "number" && Number.isFinite(v) ? v : refuse();
    case "integer":
      return Number.isSafeInteger(v) ? v : refuse();
    case "string":
      return typeof v === "string" && v.length <= LIMITS.string ? v : refuse();
    case "boolean":
      return typeof v === "boolean" ? v : refuse();
    case "null":
      return v === null ? null : refuse();
    case "unknown": // (a knob's value: a plain JSON value, never a structure)
      return v === null || typeof v === "boolean" || (typeof v === "string" && v.length <= LIMITS.string) || (typeof v === "number" && Number.isFinite(v)) ? v : refuse();
  }
  if ("ref" in shape) return next(named[shape.ref] ?? refuse(), v);
  if ("union" in shape) {
    for (const s of shape.union) {
      try {
        return next(s, v);
      } catch (e) {
        if (!(e instanceof Refused)) throw e;
      }
    }
    return refuse();
  }
  if ("list" in shape) return Array.isArray(v) && v.length <= LIMITS.list ? v.map((x) => next(shape.list, x)) : refuse();
  if ("tuple" in shape) return Array.isArray(v) && v.length === shape.tuple.length ? v.map((x, i) => next(shape.tuple[i], x)) : refuse();
  if (!isObject(v)) return refuse();
  if ("record" in shape) {
    const entries = Object.entries(v);
    if (entries.length > LIMITS.record) return refuse();
    return Object.fromEntries(entries.map(([k, x]) => [k.length <= LIMITS.string ? k : refuse(), next(shape.record, x)]));
  }
  const optional = new Set(shape.optional ?? []);
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(shape.object)) {
    if (!Object.hasOwn(v, k)) {
      if (optional.has(k)) continue;
      return refuse();
    }
    out[k] = next(s, v[k]);
  }
  return out;
}
