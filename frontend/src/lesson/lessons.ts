// The lessons that ship with Memo Lab: every YAML file in the repository's lessons/ folder,
// checked by the same schema as a teacher's file (the build fails first if one is bad).
import { checkLesson, formatProblem, type Lesson } from "./checkLesson";

const files = import.meta.glob("../../../lessons/*.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

function load(): Lesson[] {
  return Object.entries(files)
    .map(([path, text]) => {
      const r = checkLesson(path.replace(/^.*\/lessons\//, "lessons/"), text);
      if (!r.ok) throw new Error(r.problems.map(formatProblem).join("\n"));
      return r.lesson;
    })
    .sort((a, b) => ORDER.indexOf(a.memo) - ORDER.indexOf(b.memo) || a.title.localeCompare(b.title));
}

// The memos in the order a course would take them.
const ORDER = ["tops20-decnet", "tops20-ofn", "rsx11m-tuning", "bsd-ffs", "lavc", "openafs-chunksize"];

export const lessons: Lesson[] = load();

export const lessonById = (id: string): Lesson | undefined => lessons.find((l) => l.id === id);
