// One shipped lesson by its id, loaded on its own: a class's seat needs its class's lesson and
// none of the others (each lesson file is a chunk of its own; the build holds a lesson's id
// equal to its file's name, vite.config.ts's lessonsAsData).
import type { Lesson } from "./format";

const files = import.meta.glob("../../../lessons/*.yaml", { query: "?lesson", import: "default" }) as Record<string, () => Promise<Lesson>>;

export async function loadLesson(id: string): Promise<Lesson | undefined> {
  return /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(id) ? files[`../../../lessons/${id}.yaml`]?.() : undefined;
}
