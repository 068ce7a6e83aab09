// A lesson's steps against the systems they name: every explorer state names a system, knobs
// with allowed values, a numeric x and a metric y; a point question asks at the step's own x, a
// curve question at values its x knob takes; the text asks for no control a step does not have.
import { isChoice, type SystemSpec } from "../api/types.ts";
import { allowed, coerce } from "../state/urlState.ts";
import type { LessonStep } from "./format.ts";
import type { Path } from "./places.ts";
import { unofferedAction } from "./wording.ts";

const list = (xs: string[]) => xs.join(", ");

/** Problems of step `i` (counted from 0) against the systems, as [path, reason]. */
export function checkState(s: LessonStep, i: number, specs: Record<string, SystemSpec>): [Path, string][] {
  const out: [Path, string][] = [];
  const base: Path = ["steps", i, "state"];
  const spec = specs[s.state.system];
  if (!spec) {
    out.push([[...base, "system"], `is not a system of Memo Lab: use one of ${list(Object.keys(specs))}`]);
    return out;
  }
  const checkKnobs = (set: Record<string, string | number>, key: string) => {
    for (const [k, v] of Object.entries(set)) {
      const knob = spec.knobs.find((kk) => kk.name === k);
      if (!knob) out.push([[...base, key, k], `is not a knob of ${spec.id}: its knobs are ${list(spec.knobs.map((kk) => kk.name))}`]);
      else if (coerce(knob, String(v)) === null) out.push([[...base, key, k], `must be ${allowed(knob)}`]);
    }
  };
  checkKnobs(s.state.knobs, "knobs");
  if (s.state.baseline) checkKnobs(s.state.baseline, "baseline");
  const x = s.state.x ?? spec.x_default;
  const xKnob = spec.knobs.find((k) => k.name === x);
  if (!xKnob || isChoice(xKnob))
    out.push([[...base, "x"], `must be a numeric knob of ${spec.id}: one of ${list(spec.knobs.filter((k) => !isChoice(k)).map((k) => k.name))}`]);
  if (s.state.y !== undefined && !spec.metrics.some((m) => m.name === s.state.y))
    out.push([[...base, "y"], `must be a metric of ${spec.id}: one of ${list(spec.metrics.map((m) => m.name))}`]);
  const q = s.question;
  if (q?.predict === "point" && xKnob && !isChoice(xKnob)) {
    if (q.at < xKnob.min || q.at > xKnob.max) out.push([["steps", i, "question", "at"], `must lie on the x axis, from ${xKnob.min} to ${xKnob.max}`]);
    // The marker, the readouts and the reveal all show the step's own setting: ask about it.
    const own = s.state.knobs[x] ?? xKnob.default;
    if (Number(own) !== q.at)
      out.push([["steps", i, "question", "at"], `must be the step's own ${x} (${own}${s.state.knobs[x] === undefined ? ", its default" : ""}): set state.knobs.${x} to ${q.at}, or ask at ${own}`]);
  }
  if (q?.predict === "curve" && xKnob && !isChoice(xKnob)) {
    // each x a value the knob takes (the sketch is compared with the model there)
    q.at.forEach((v, j) => {
      if (coerce(xKnob, String(v)) === null) out.push([["steps", i, "question", "at", j], `must be a value of ${x}: ${allowed(xKnob)}`]);
    });
  }
  if (q?.predict === "knob") {
    q.among.forEach((k, j) => {
      if (!spec.knobs.some((kk) => kk.name === k)) out.push([["steps", i, "question", "among", j], `is not a knob of ${spec.id}: its knobs are ${list(spec.knobs.map((kk) => kk.name))}`]);
    });
  }
  (s.checks ?? []).forEach((c, j) => {
    const path: Path = ["steps", i, "checks", j];
    if (c.metric !== undefined && !spec.metrics.some((m) => m.name === c.metric)) out.push([[...path, "metric"], `must be a metric of ${spec.id}: one of ${list(spec.metrics.map((m) => m.name))}`]);
    if (c.along !== undefined && !spec.knobs.some((kk) => kk.name === c.along && !isChoice(kk))) out.push([[...path, "along"], `must be a numeric knob of ${spec.id}: one of ${list(spec.knobs.filter((kk) => !isChoice(kk)).map((kk) => kk.name))}`]);
    for (const key of ["at", "vs"] as const) {
      for (const k of Object.keys(c[key] ?? {})) {
        if (!spec.knobs.some((kk) => kk.name === k)) out.push([[...path, key, k], `is not a knob of ${spec.id}: its knobs are ${list(spec.knobs.map((kk) => kk.name))}`]);
      }
    }
  });
  for (const [key, words] of [["text", s.text], ["after", s.after], ["question", q?.prompt]] as const) {
    const asked = words ? unofferedAction(words) : null;
    if (asked) out.push([["steps", i, key], `asks for a control a lesson step does not offer ("${asked}"): the step sets the chart itself; show the setting with state or a baseline, or send the reader to the explorer`]);
  }
  return out;
}
