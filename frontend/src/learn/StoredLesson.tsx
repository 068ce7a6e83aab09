// /l/{slug}/{step}: a teacher's lesson stored on the server (a short link that works typed or
// scanned), checked exactly like a file opened from disk before anything of it is shown.
import { useEffect, useState } from "react";
import type { ModelClient } from "../runtime/ModelClient";
import { PageError } from "../PageError";
import { allSpecs, apiModels } from "./LessonIndex";
import { LessonPage } from "./LessonPage";
import { checkLessonWithModels, formatProblem, type Lesson, type LessonProblem } from "./schema";
import { storedLessons } from "./stored";

export function StoredLesson({ slug, client, initialStep }: { slug: string; client: ModelClient; initialStep: number }) {
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
      <PageError title="This lesson has problems" back={{ href: "/learn", label: "All lessons" }} testId="lesson-problems">
        <ul>{s.problems.map((p) => <li key={formatProblem(p)}><code>{formatProblem(p)}</code></li>)}</ul>
      </PageError>
    );
  }
  if (!s.lesson || !s.text) return <p className="loading" aria-busy="true">Opening the lesson…</p>;
  return <LessonPage lesson={s.lesson} lessonKey={`stored:${slug}`} base={`/l/${slug}`} hash="" client={client} initialStep={initialStep} source={{ lesson_file: s.text }} />;
}
