// The lessons' folders: learn/ (the pages of lessons alone) and live/ (live classes) both build on
// lesson/ (the format, its checks, the step player) and never on each other; lesson/ on neither.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "../fixtures/python";

const src = `${ROOT}frontend/src/`;
const importsOf = (folder: string) =>
  readdirSync(`${src}${folder}`).flatMap((f) =>
    [...readFileSync(`${src}${folder}/${f}`, "utf8").matchAll(/from "(\.\.\/[a-z]+)\//g)].map((m) => `${folder}/${f} -> ${m[1].slice(3)}`),
  );

describe("learn and live depend on lesson, not on each other", () => {
  it("holds for every file", () => {
    const crossing = [
      ...importsOf("learn").filter((i) => i.endsWith("-> live")),
      ...importsOf("live").filter((i) => i.endsWith("-> learn")),
      ...importsOf("lesson").filter((i) => i.endsWith("-> learn") || i.endsWith("-> live")),
    ];
    expect(crossing).toEqual([]);
    expect(importsOf("live").some((i) => i.endsWith("-> lesson"))).toBe(true);
    expect(importsOf("learn").some((i) => i.endsWith("-> lesson"))).toBe(true);
  });
});
