// /learn/shared/{step}#lesson=...: a teacher's lesson carried in the link, checked exactly like
// a file opened from disk before anything of it is shown.
import { useEffect, useState } from "react";
import type { ModelClient } from "../runtime/ModelClient";
import { allSpecs, apiModels } from "../lesson/access";
import { type Classroom, LessonPage } from "../lesson/LessonPage";
import { checkLessonWithModels, type Lesson, type LessonProblem } from "../lesson/checkLesson";
import { ProblemList } from "./LessonIndex";
import { decodeLesson, lessonFragment } from "./share";
import { PageError } from "../PageError";

export function SharedLesson({ client, classroom }: { client: ModelClient; classroom?: Classroom }) {
  const [s, set] = useState<{ lesson?: Lesson; text?: string; problems?: LessonProblem[]; error?: string }>({});
  const payload = lessonFragment(window.location.hash);
  useEffect(() => {
    if (!payload) return;
    (async () => {
      const text = await decodeLesson(payload);
      const r = await checkLessonWithModels("the linked lesson", text, await allSpecs(), apiModels);
      set(r.ok ? { lesson: r.lesson, text } : { problems: r.problems });
    })().catch((e: Error) => set({ error: e.message }));
  }, [payload]);
  if (!payload || s.error) {
    return (
      <PageError title="Cannot open this lesson" back={{ href: "/learn", label: "All lessons" }}>
        {s.error ? `The link could not be read: ${s.error}.` : "This link carries no lesson."}
      </PageError>
    );
  }
  if (s.problems) {
    return (
      <PageError title="This lesson has problems" back={{ href: "/learn", label: "All lessons" }}>
        <ProblemList problems={s.problems} />
      </PageError>
    );
  }
  if (!s.lesson) return <p className="loading" aria-busy="true">Opening the lesson…</p>;
  return <LessonPage lesson={s.lesson} lessonKey={`shared:${s.lesson.id}`} base="/learn/shared" hash={`#lesson=${payload}`} client={client} initialStep={1} source={s.text ? { lesson_file: s.text } : undefined} classroom={classroom} />;
}
