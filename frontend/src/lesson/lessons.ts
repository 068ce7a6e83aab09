// The lessons that ship with Memo Lab: every YAML file in the repository's lessons/ folder,
// checked by the same schema as a teacher's file when the app is built (vite.config.ts's
// lessonsAsData: the page receives them parsed, and the build fails first if one is bad).
import type { Lesson } from "./format";

const files = import.meta.glob("../../../lessons/*.yaml", { query: "?lesson", import: "default", eager: true }) as Record<string, Lesson>;

function load(): Lesson[] {
  return Object.values(files)
    .sort((a, b) => ORDER.indexOf(a.memo) - ORDER.indexOf(b.memo) || a.title.localeCompare(b.title));
}

// The memos in the order a course would take them.
const ORDER = ["tops20-decnet", "tops20-ofn", "rsx11m-tuning", "bsd-ffs", "lavc", "openafs-chunksize"];

export const lessons: Lesson[] = load();

export const lessonById = (id: string): Lesson | undefined => lessons.find((l) => l.id === id);
