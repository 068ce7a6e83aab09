// /learn: the lessons that ship with Memo Lab, the learner's progress in each, and a teacher's
// own lesson file opened from disk (checked like the built-in ones, problems shown in place).
import { useState } from "react";
import { api } from "../api/client";
import type { SystemSpec } from "../api/types";
import { lessons } from "./lessons";
import { progressOf, resetAll } from "./progress";
import { storedLessons } from "./stored";
import { checkLessonWithModels, formatProblem, MAX_LESSON_BYTES, type LessonProblem, type ModelAccess } from "./schema";
import { encodeLesson } from "./share";

export async function allSpecs(): Promise<Record<string, SystemSpec>> {
  const list = await api.systems();
  return Object.fromEntries(list.map((s) => [s.id, s]));
}

/** The models and datasets for checking a lesson file in the browser, through the API. */
export const apiModels: ModelAccess = {
  evaluateMany: (asks) => Promise.all(asks.map(([system, knobs]) => api.evaluate(system, knobs).then((r) => r.metrics))),
  sweepMany: (asks) => Promise.all(asks.map(([system, knobs, x]) => api.sweep(system, knobs, x))),
  dataset: (id) => api.dataset(id).catch(() => null),
};

export function LessonIndex() {
  const [, bump] = useState(0);
  document.title = "Lessons · Memo Lab";
  return (
    <main className="learn-index">
      <h1>Lessons</h1>
      <p>
        Short guided lessons, one per memo. Each step sets up the explorer and often asks you to predict the curve
        before you see it. Your answers stay in this browser.
      </p>
      <JoinByCode />
      <ul className="lesson-list">
        {lessons.map((l) => {
          const p = progressOf(l.id);
          return (
            <li key={l.id} data-testid={`lesson-${l.id}`}>
              <h2><a href={`/learn/${l.id}/1`}>{l.title}</a></h2>
              <p>{l.summary}</p>
              <p className="muted">
                {`${l.steps.length} steps · ${p.seen.length ? `${p.seen.filter((n) => n <= l.steps.length).length} seen, ${Object.keys(p.answers).length} answered` : "not started"} · `}
                <a href={`/learn/${l.id}/1?present=1`}>Present</a>{" · "}
                <a href={`/learn/${l.id}/notes`}>Teacher's notes</a>
              </p>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => { if (window.confirm("Forget your answers and progress in every lesson?")) { resetAll(); bump((n) => n + 1); } }}>
        Reset all progress
      </button>
      <OpenLessonFile />
    </main>
  );
}

function OpenLessonFile() {
  const [problems, setProblems] = useState<LessonProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const open = async (file: File) => {
    setProblems([]);
    if (file.size > MAX_LESSON_BYTES) {
      setProblems([{ file: file.name, line: 1, column: 1, message: `the file is larger than ${MAX_LESSON_BYTES / 1024} KB` }]);
      return;
    }
    setBusy(true);
    try {
      const text = await file.text();
      const r = await checkLessonWithModels(file.name, text, await allSpecs(), apiModels);
      if (!r.ok) {
        setProblems(r.problems);
        return;
      }
      // A short link from the server (its QR code is small, it can be typed); offline, or if the
      // server refuses, the whole lesson travels in the link instead.
      try {
        const made = await storedLessons.store(text);
        window.location.assign(`${made.url}/1`);
      } catch {
        window.location.assign(`/learn/shared/1#lesson=${await encodeLesson(text)}`);
      }
    } catch (e) {
      setProblems([{ file: file.name, line: 1, column: 1, message: (e as Error).message }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="open-lesson" aria-labelledby="open-h">
      <h2 id="open-h">Your own lesson</h2>
      <p>
        Write a lesson as a YAML file, open it here, and share the short link it gets (or start a live class on it
        from its presenter view). Start from the <a href="/lesson-template.yaml" download="my-lesson.yaml" data-testid="lesson-template">lesson
        template</a>: its comments explain every field. If the file has problems, each is listed with its line and what
        is expected there.
      </p>
      <label>
        {"Open a lesson file "}
        <input type="file" accept=".yaml,.yml,text/yaml,application/yaml" disabled={busy}
          onChange={(e) => { const f = e.target.files?.[0]; if (f) void open(f); }} />
      </label>
      {problems.length > 0 && (
        <div className="notices" role="alert" data-testid="lesson-problems">
          <p>This lesson file cannot be used:</p>
          <ul>{problems.map((p) => <li key={formatProblem(p)}><code>{formatProblem(p)}</code></li>)}</ul>
        </div>
      )}
    </section>
  );
}

/** A class's code typed from the projector: to its join page (/c/{code}). */
function JoinByCode() {
  const [code, setCode] = useState("");
  const clean = code.trim().toUpperCase();
  const ok = /^[A-Z0-9]{6}$/.test(clean);
  return (
    <form className="join-by-code" onSubmit={(e) => { e.preventDefault(); if (ok) window.location.assign(`/c/${clean}`); }}>
      <label>
        {"In a class? Type the code on the screen: "}
        <input value={code} onChange={(e) => setCode(e.target.value)} maxLength={6} autoCapitalize="characters" autoComplete="off" spellCheck={false} size={8} data-testid="class-code-input" />
      </label>{" "}
      <button type="submit" disabled={!ok}>Join the class</button>
    </form>
  );
}
