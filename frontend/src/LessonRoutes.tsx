// The lesson pages, loaded as their own chunk, and where the lessons (learn/) meet the live
// classes (live/): the lesson index, a built-in lesson's steps, and a lesson shared by link or
// stored on the server (/l/{slug}); a student's seat (/c/{code}) is live/StudentRoute. Both folders
// depend on the shared lesson/ (the format, the step player), never on each other.
import type { ModelClient } from "./runtime/ModelClient";
import { LessonIndex } from "./lessonPages/LessonIndex";
import { SharedLesson } from "./lessonPages/SharedLesson";
import { StoredLesson } from "./lessonPages/StoredLesson";
import { TeacherNotes } from "./lessonPages/TeacherNotes";
import { LessonPage } from "./lesson/LessonPage";
import { lessonById } from "./lesson/lessons";
import { JoinByCode } from "./live/JoinByCode";
import { presenterClass } from "./live/presenterClass";
import { PageError } from "./PageError";

export default function LessonRoutes({ path, client }: { path: string; client: () => ModelClient }) {
  if (/^\/learn\/?$/.test(path)) return <LessonIndex join={<JoinByCode />} />;
  const stored = /^\/l\/([A-Za-z0-9_-]{8,32})(?:\/(\d+|notes))?\/?$/.exec(path);
  if (stored) {
    if (stored[2] === "notes") return <StoredLesson slug={stored[1]} client={null} initialStep={1} />;
    return <StoredLesson slug={stored[1]} client={client()} initialStep={stored[2] ? Number(stored[2]) : 1} classroom={presenterClass} />;
  }
  if (/^\/learn\/shared(\/\d+)?\/?$/.test(path)) return <SharedLesson client={client()} classroom={presenterClass} />;
  const notes = /^\/learn\/([a-z0-9_-]+)\/notes\/?$/.exec(path);
  const noted = notes ? lessonById(notes[1]) : undefined;
  if (noted) return <TeacherNotes lesson={noted} base={`/learn/${noted.id}`} />;
  const m = /^\/learn\/([a-z0-9_-]+)(?:\/(\d+))?\/?$/.exec(path);
  const lesson = m ? lessonById(m[1]) : undefined;
  if (!m || !lesson) {
    return (
      <PageError title="No such lesson" back={{ href: "/learn", label: "All lessons" }}>There is no lesson at this address.</PageError>
    );
  }
  return <LessonPage lesson={lesson} lessonKey={lesson.id} base={`/learn/${lesson.id}`} hash="" client={client()} initialStep={m[2] ? Number(m[2]) : 1} classroom={presenterClass} />;
}
