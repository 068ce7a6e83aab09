// /l/{slug}/{step}: a teacher's lesson stored on the server (a short link that works typed or
// scanned), checked exactly like a file opened from disk before anything of it is shown.
import { useEffect, useState } from "react";
import type { ModelClient } from "../runtime/ModelClient";
import { PageError } from "../PageError";
import { allSpecs, apiModels } from "../lesson/access";
import { type Classroom, LessonPage } from "../lesson/LessonPage";
import { checkLessonWithModels, type Lesson, type LessonProblem } from "../lesson/checkLesson";
import { ProblemList } from "./LessonIndex";
import { TeacherNotes } from "./TeacherNotes";
import { storedLessons } from "./stored";

/** The lesson's steps, or (no model client) its teacher's notes at /l/{slug}/notes. */
export function StoredLesson({ slug, client, initialStep, classroom }: { slug: string; client: ModelClient | null; initialStep: number; classroom?: Classroom }) {
  const [s, set] = useState<{ lesson?: Lesson; text?: string; problems?: LessonProblem[]; error?: string }>({});
  useEffect(() => {
    (async () => {
      const text = await storedLessons.read(slug);
      const r = await checkLessonWithModels("the lesson", text, await allSpecs(), apiModels);
      set(r.ok ? { lesson: r.lesson, text } : { problems: r.problems });
    })().catch((e: Error) => set({ error: e.message }));
  }, [slug]);
  if (s.error) {
    return <PageError title="Cannot open this lesson" back={{ href: "/learn", label: "All lessons" }}>{`${s.error}.`}</PageError>;
  }
  if (s.problems) {
    return (
      <PageError title="This lesson has problems" back={{ href: "/learn", label: "All lessons" }}>
        <ProblemList problems={s.problems} />
      </PageError>
    );
  }
  if (!s.lesson || !s.text) return <p className="loading" aria-busy="true">Opening the lesson…</p>;
  if (!client) return <TeacherNotes lesson={s.lesson} base={`/l/${slug}`} />;
  return <LessonPage lesson={s.lesson} lessonKey={`stored:${slug}`} base={`/l/${slug}`} hash="" client={client} initialStep={initialStep} source={{ lesson_file: s.text }} classroom={classroom} />;
}
