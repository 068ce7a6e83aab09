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

/** The bounds no answer the page draws comes near (a curve has at most a thousand points; no
 * count, time, rate or size of these machines reaches a million million). */
export const LIMITS = { string: 4000, list: 20_000, record: 2_000, depth: 24, magnitude: 1e12 };

/** Why an answer was refused: where in it, and what was there. */
class Refused extends Error {}

export type Limits = typeof LIMITS;

/** `v` as `shape` says, or null if it is not (`named`: the shapes a { ref } names). */
export function conform<T>(shape: Shape, v: unknown, named: Record<string, Shape>, limits: Limits = LIMITS): T | null {
  const r = attempt<T>(shape, v, named, limits);
  return "value" in r ? r.value : null;
}

/** Why `v` is not as `shape` says, in words (where in it, and what is there), or null if it is. */
export function refusal(shape: Shape, v: unknown, named: Record<string, Shape>, limits: Limits = LIMITS): string | null {
  const r = attempt(shape, v, named, limits);
  return "why" in r ? r.why : null;
}

function attempt<T>(shape: Shape, v: unknown, named: Record<string, Shape>, limits: Limits): { value: T } | { why: string } {
  try {
    return { value: read(shape, v, { named, limits }, 0, "") as T };
  } catch (e) {
    if (e instanceof Refused) return { why: e.message };
    throw e;
  }
}

const refuse = (where: string, why: string): never => {
  throw new Refused(`${where || "the answer"}: ${why}`);
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** A shape in words, as the refusal names what belongs where. */
const words = (s: Shape): string =>
  typeof s === "string"
    ? { number: "a number", integer: "a whole number", string: "a text", boolean: "true or false", null: "null", unknown: "a plain value" }[s]
    : "list" in s || "tuple" in s ? "a list" : "union" in s ? s.union.map(words).join(" or ") : "an object";
const what = (v: unknown) =>
  v === null ? "null" : v === undefined ? "nothing" : Array.isArray(v) ? "a list" : typeof v === "string" ? "a text" : typeof v === "object" ? "an object" : `${typeof v} ${String(v).slice(0, 20)}`;

function read(shape: Shape, v: unknown, at: { named: Record<string, Shape>; limits: Limits }, depth: number, where: string): unknown {
  const { named, limits: LIMITS } = at;
  if (depth > LIMITS.depth) return refuse(where, `nested deeper than ${LIMITS.depth} levels`);
  const next = (s: Shape, x: unknown, w: string) => read(s, x, at, depth + 1, w);
  const wrong = (want: string) => refuse(where, `${what(v)} where ${want} belongs`);
  const long = (kind: string, n: number, unit: string, most: number) =>
    refuse(where, `${kind} of ${n.toLocaleString("en")} ${unit} (at most ${most.toLocaleString("en")})`);
  switch (shape) {
    case "number":
    case "integer":
      if (typeof v !== "number" || !Number.isFinite(v) || (shape === "integer" && !Number.isSafeInteger(v))) return wrong(words(shape));
      return Math.abs(v) <= LIMITS.magnitude ? v : refuse(where, `a number of ${v.toPrecision(3)} (at most ${LIMITS.magnitude.toPrecision(1)} in size)`);
    case "string":
      if (typeof v !== "string") return wrong("a text");
      return v.length <= LIMITS.string ? v : long("a text", v.length, "characters", LIMITS.string);
    case "boolean":
      return typeof v === "boolean" ? v : wrong("true or false");
    case "null":
      return v === null ? null : wrong("null");
    case "unknown": // (a knob's value: a plain JSON value, never a structure)
      return v === null || typeof v === "boolean" || (typeof v === "string" && v.length <= LIMITS.string) || (typeof v === "number" && Number.isFinite(v))
        ? v
        : wrong("a plain value");
  }
  if ("ref" in shape) return next(named[shape.ref] ?? refuse(where, `no type ${shape.ref}`), v, where);
  if ("union" in shape) {
    const whys: string[] = [];
    for (const s of shape.union) {
      try {
        return next(s, v, where);
      } catch (e) {
        if (!(e instanceof Refused)) throw e;
        whys.push(e.message);
      }
    }
    // the kind the value is, refused for what is in it (a text too long), says more than the
    // kinds it is not
    const mismatch = `${where || "the answer"}: ${what(v)} where `;
    const inside = whys.filter((w) => !w.startsWith(mismatch));
    if (inside.length === 1) throw new Refused(inside[0]);
    return wrong([...new Set(shape.union.map(words))].join(" or "));
  }
  if ("list" in shape) {
    if (!Array.isArray(v)) return wrong("a list");
    return v.length <= LIMITS.list ? v.map((x, i) => next(shape.list, x, `${where}[${i}]`)) : long("a list", v.length, "items", LIMITS.list);
  }
  if ("tuple" in shape) {
    if (!Array.isArray(v) || v.length !== shape.tuple.length) return wrong(`a list of ${shape.tuple.length}`);
    return v.map((x, i) => next(shape.tuple[i], x, `${where}[${i}]`));
  }
  if (!isObject(v)) return wrong("an object");
  const field = (k: string) => (where ? `${where}.${k.slice(0, 40)}` : k.slice(0, 40));
  if ("record" in shape) {
    const entries = Object.entries(v);
    if (entries.length > LIMITS.record) return long("an object", entries.length, "entries", LIMITS.record);
    return Object.fromEntries(entries.map(([k, x]) => [k.length <= LIMITS.string ? k : refuse(where, "a name too long"), next(shape.record, x, field(k))]));
  }
  const optional = new Set(shape.optional ?? []);
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(shape.object)) {
    if (!Object.hasOwn(v, k)) {
      if (optional.has(k)) continue;
      return refuse(field(k), "missing");
    }
    out[k] = next(s, v[k], field(k));
  }
  return out;
}
