// The lessons' folders: lessonPages/ (the pages of lessons alone) and live/ (live classes) both
// build on lesson/ (the format, its checks, the step player) and never on each other; lesson/ on
// neither; and live/ never on scenarios/ (what both need, such as the outbox, sits above both).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "../fixtures/python";

const src = `${ROOT}frontend/src/`;
const importsOf = (folder: string) =>
  readdirSync(`${src}${folder}`).flatMap((f) =>
    [...readFileSync(`${src}${folder}/${f}`, "utf8").matchAll(/from "(\.\.\/[A-Za-z]+)\//g)].map((m) => `${folder}/${f} -> ${m[1].slice(3)}`),
  );

describe("lessonPages and live depend on lesson, not on each other", () => {
  it("holds for every file", () => {
    const crossing = [
      ...importsOf("lessonPages").filter((i) => i.endsWith("-> live")),
      ...importsOf("live").filter((i) => i.endsWith("-> lessonPages") || i.endsWith("-> scenarios")),
      ...importsOf("lesson").filter((i) => i.endsWith("-> lessonPages") || i.endsWith("-> live")),
    ];
    expect(crossing).toEqual([]);
    expect(importsOf("live").some((i) => i.endsWith("-> lesson"))).toBe(true);
    expect(importsOf("lessonPages").some((i) => i.endsWith("-> lesson"))).toBe(true);
  });
});
