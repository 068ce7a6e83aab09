// One shipped lesson loaded on its own by its id (a class's seat): the same lesson as the list's,
// and nothing for an id that names no file or is not a name at all.
import { describe, expect, it } from "vitest";
import { loadLesson } from "../../src/lesson/lessonFile";
import { lessons } from "../../src/lesson/lessons";

describe("loadLesson", () => {
  it("gives each shipped lesson by its id, the same as the list's", async () => {
    expect(lessons.length).toBeGreaterThan(3);
    for (const l of lessons) expect(await loadLesson(l.id)).toEqual(l);
  });
  it("gives nothing for an unknown id or one that is not a name", async () => {
    expect(await loadLesson("no-such-lesson")).toBeUndefined();
    expect(await loadLesson("../lessons/decnet-link-quota")).toBeUndefined();
    expect(await loadLesson("")).toBeUndefined();
  });
});
