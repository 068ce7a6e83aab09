// The URL is the state (ExplorerState, explorerState.ts): parse a query string into knob values
// and chart axes (with a notice for every parameter that was bad and fell back to its default),
// and write state back as a query.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "lz-string";
import { isChoice, type KnobSpec, type KnobValues, type Params, type Spread, type SystemSpec } from "../api/types.ts";
import { defaults, type ExplorerState } from "./explorerState.ts";

// the view's one definition, re-exported for the explorer and the lessons
export { defaults, type ExplorerState } from "./explorerState.ts";

export interface Parsed {
  state: ExplorerState;
  notices: string[];
}

const MAX_PARAM_LENGTH = 64;

export const SLUG = /^[A-Za-z0-9_-]{8,32}$/;

/** What values a knob allows, in the models' own words (perfmodels Knob.allowed). */
export function allowed(k: KnobSpec): string {
  return k.allowed;
}

/** The knob's value from untrusted text, or null when it is not allowed (mirrors perfmodels.knobs). */
export function coerce(k: KnobSpec, raw: string): string | number | null {
  if (raw.length > MAX_PARAM_LENGTH) return null;
  if (isChoice(k)) return k.choices.includes(raw) ? raw : null;
  if (!/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(raw)) return null;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < k.min || n > k.max) return null;
  if (k.scale === "log2" && k.step) {
    // the grid is the minimum times powers of the step (1024, 2048, ... on a block size)
    const p = Math.log(n / k.min) / Math.log(k.step);
    return Math.abs(p - Math.round(p)) < 1e-9 ? (k.integer ? Math.round(n) : n) : null;
  }
  if (k.integer) {
    if (!Number.isInteger(n)) return null;
    if (k.step && (n - k.min) % k.step !== 0) return null;
  }
  return n;
}

const label = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

export function parse(search: string, spec: SystemSpec): Parsed {
  const state = defaults(spec);
  const notices: string[] = [];
  const params = new URLSearchParams(search);
  const numeric = spec.knobs.filter((k) => !isChoice(k)).map((k) => k.name);
  const metrics = spec.metrics.map((m) => m.name);
  for (const [key, raw] of params) {
    if (key === "x") {
      if (numeric.includes(raw)) state.x = raw;
      else notices.push(`x=${label(raw)} is not a numeric knob of this system; showing ${spec.x_default}.`);
    } else if (key === "scenario") {
      if (SLUG.test(raw)) state.scenario = raw;
      else notices.push("The scenario named in this link is not a valid link; it was ignored.");
    } else if (key === "baseline") {
      const b = parseBaseline(raw, spec);
      if (b) state.baseline = b;
      else notices.push("The pinned baseline in this link is not a valid setting; it was dropped.");
    } else if (key === "per") {
      const choices = spec.knobs.filter(isChoice).map((k) => k.name);
      if (raw === "none") state.per = null;
      else if (choices.includes(raw)) state.per = raw;
      else notices.push(`per=${label(raw)} is not a choice knob of this system${choices.length ? ` (${choices.join(", ")})` : ""}; showing the default curves.`);
    } else if (key === "data") {
      const text = raw.length <= MAX_DATA_PARAM ? decompressFromEncodedURIComponent(raw) : null;
      if (text) state.data = text;
      else notices.push("The measurements in this link could not be read; they were dropped.");
    } else if (key === "fitted") {
      const p = parseFitted(raw, spec);
      if (p) {
        state.fitted = p.params;
        state.spread = p.spread;
      }
      else notices.push("The fitted parameters in this link are not valid for this model; showing the memo's calibration.");
    } else if (key === "fit") {
      const names = raw.split(",").filter(Boolean);
      if (raw.length <= MAX_PARAM_LENGTH * 4 && names.length <= 32) state.fit = names;
      else notices.push("The list of what to fit in this link is too long; it was dropped.");
    } else if (key === "bounds") {
      if (raw === "off" || raw === "on") state.bounds = raw === "on";
      else notices.push(`bounds=${label(raw)} must be on or off; showing the bounds.`);
    } else if (key === "y") {
      if (metrics.includes(raw)) state.y = raw;
      else notices.push(`y=${label(raw)} is not a metric of this system; showing ${spec.y_default}.`);
    } else {
      const k = spec.knobs.find((kk) => kk.name === key);
      if (!k) {
        notices.push(`Unknown parameter ${label(key)} was ignored.`);
        continue;
      }
      const v = coerce(k, raw);
      if (v === null) notices.push(`${k.label} must be ${allowed(k)}; got ${label(raw)}. Using ${k.default}.`);
      else state.knobs[k.name] = v;
    }
  }
  return { state, notices };
}

export function serialize(state: ExplorerState, spec: SystemSpec): string {
  const params = new URLSearchParams();
  for (const k of spec.knobs) params.set(k.name, String(state.knobs[k.name] ?? k.default));
  params.set("x", state.x);
  params.set("y", state.y);
  // "per" only where it differs from the system's default view ("none": one curve there)
  if (state.per !== (spec.per_default ?? null)) params.set("per", state.per ?? "none");
  if (state.baseline) params.set("baseline", encodeKnobs(state.baseline, spec));
  if (state.scenario) params.set("scenario", state.scenario);
  const data = state.data ? compressToEncodedURIComponent(state.data) : null;
  if (data && data.length <= MAX_DATA_PARAM) params.set("data", data);
  if (state.fitted) {
    const part = ([k, v]: [string, number]) => [k, v, ...(state.spread?.[k] ?? [])].join(":");
    params.set("fitted", Object.entries(state.fitted).map(part).join(";"));
  }
  if (state.fit) params.set("fit", state.fit.join(","));
  if (!state.bounds) params.set("bounds", "off");
  return params.toString();
}

/** Whether a table is small enough to travel in a link (larger ones are saved with a scenario). */
export function dataFitsUrl(text: string): boolean {
  return compressToEncodedURIComponent(text).length <= MAX_DATA_PARAM;
}

// A table's text, compressed, at most this long in a link (about 8 KB of a typical table).
const MAX_DATA_PARAM = 6000;

/** "name:value[:low:high];..." of the system's fitted parameters (with the range a table leaves
 * open), each within its bounds; null if any is not. */
function parseFitted(raw: string, spec: SystemSpec): { params: Params; spread: Spread | null } | null {
  if (raw.length > MAX_BASELINE_LENGTH) return null;
  const params: Params = {};
  const spread: Spread = {};
  for (const part of raw.split(";")) {
    const [name, ...texts] = part.split(":");
    const p = (spec.params ?? []).find((q) => q.name === name); // a description cached before params existed has none
    const vs = texts.map((t) => (t.trim() === "" ? Number.NaN : Number(t)));
    if (!p || (vs.length !== 1 && vs.length !== 3) || vs.some((v) => !Number.isFinite(v) || v < p.min || v > p.max)) return null;
    params[p.name] = vs[0];
    if (vs.length === 3) {
      if (vs[1] > vs[2]) return null;
      spread[p.name] = [vs[1], vs[2]];
    }
  }
  return { params, spread: Object.keys(spread).length ? spread : null };
}

/** A knob set as one URL value: "name:value;name:value" (values URL-encoded by the caller). */
export function encodeKnobs(knobs: KnobValues, spec: SystemSpec): string {
  return spec.knobs.map((k) => `${k.name}:${String(knobs[k.name] ?? k.default)}`).join(";");
}

const MAX_BASELINE_LENGTH = 1024;

function parseBaseline(raw: string, spec: SystemSpec): KnobValues | null {
  if (raw.length > MAX_BASELINE_LENGTH) return null;
  const out: KnobValues = { ...defaults(spec).knobs };
  for (const part of raw.split(";")) {
    const i = part.indexOf(":");
    if (i < 0) return null;
    const k = spec.knobs.find((kk) => kk.name === part.slice(0, i));
    const v = k ? coerce(k, part.slice(i + 1)) : null;
    if (!k || v === null) return null;
    out[k.name] = v;
  }
  return out;
}
