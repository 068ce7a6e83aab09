// /learn: the lessons that ship with Memo Lab, the learner's progress in each, and a teacher's
// own lesson file opened from disk (checked like the built-in ones, problems shown in place).
import { type ReactNode, useState } from "react";
import { lessons } from "../lesson/lessons";
import { progressOf, resetAll } from "../lesson/progress";
import { storedLessons } from "./stored";
import { allSpecs, apiModels } from "../lesson/access";
import { checkLessonWithModels, formatProblem, MAX_LESSON_BYTES, type LessonProblem } from "../lesson/checkLesson";
import { encodeLesson } from "./share";
import { QrCode } from "../lesson/QrCode";
import { plural } from "../format";

/** `join`: where a class's code is typed (live/JoinByCode.tsx), given by the routes. */
export function LessonIndex({ join }: { join?: ReactNode }) {
  const [, bump] = useState(0); // a change to this browser's storage (progress, own lessons): read it again
  document.title = "Lessons · Memo Lab";
  return (
    <main className="learn-index">
      <h1>Lessons</h1>
      <p>
        Short guided lessons, one per memo. Each step sets up the explorer and often asks you to predict the curve
        before you see it. Your answers stay in this browser.
      </p>
      {join}
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
      <OwnLessons onChange={() => bump((n) => n + 1)} />
      <OpenLessonFile onStored={() => bump((n) => n + 1)} />
    </main>
  );
}

function OpenLessonFile({ onStored }: { onStored: () => void }) {
  const [problems, setProblems] = useState<LessonProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ url: string; slug: string; title: string } | null>(null);
  const open = async (file: File) => {
    setProblems([]);
    setMade(null);
    if (file.size > MAX_LESSON_BYTES) {
      setProblems([{ file: file.name, line: 1, column: 1, message: `the file is larger than ${MAX_LESSON_BYTES / 1024} KB: split it into two lessons` }]);
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
        const stored = await storedLessons.store(text, r.lesson.title);
        setMade({ url: stored.url, slug: stored.slug, title: r.lesson.title });
        onStored();
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
        template</a>: its comments explain every field and mark the required ones; the knobs and metrics each system
        offers are listed on its <a href="/models">model card</a>. If the file has problems, all of them are listed
        with their line and what to write there.
      </p>
      <label>
        {"Open a lesson file "}
        <input type="file" accept=".yaml,.yml,text/yaml,application/yaml" disabled={busy}
          // the chosen file's name stays shown beside the button; cleared only as the chooser opens,
          // so choosing the same file again (after fixing it) still counts as a change
          onClick={(e) => { e.currentTarget.value = ""; }}
          onChange={(e) => { const f = e.target.files?.[0]; if (f) void open(f); }} />
      </label>
      {busy && <p className="muted" role="status">Checking the lesson against the models…</p>}
      {problems.length > 0 && <ProblemList problems={problems} />}
      {made && <LessonLink {...made} />}
    </section>
  );
}

/** Every problem of a lesson file, each with its place and what to write there. */
export function ProblemList({ problems }: { problems: LessonProblem[] }) {
  return (
    <div className="notices" role="alert" data-testid="lesson-problems">
      <p>{`This lesson file cannot be used yet: ${plural(problems.length, "problem")} to fix.`}</p>
      <ul className="lesson-problem-list">
        {problems.map((p) => (
          <li key={formatProblem(p)} data-testid="lesson-problem">
            <strong>{`Line ${p.line}: `}</strong>{p.message}{" "}<code className="muted">{`${p.file}:${p.line}:${p.column}`}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A stored lesson's short link, to copy or scan, with where to go from it. */
function LessonLink({ url, slug, title }: { url: string; slug: string; title: string }) {
  const full = `${window.location.origin}${url}`;
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className="lesson-made" role="status" data-testid="lesson-made">
      <h3>{`“${title}” is ready`}</h3>
      <div className="lesson-made-row">
        <QrCode url={`${full}/1`} size={132} />
        <div>
          <p>This is its link: share it, or type it on any device.</p>
          <p className="lesson-link"><a href={`${url}/1`} data-testid="lesson-link">{full}</a></p>
          <button type="button" onClick={() => {
            if (!navigator.clipboard) return setCopied("Select the link and copy it.");
            navigator.clipboard.writeText(full).then(() => setCopied("Copied."), () => setCopied("Select the link and copy it."));
          }}>Copy the link</button>{" "}
          {copied && <span className="muted" aria-live="polite">{copied}</span>}
          <p><a href={`${url}/1`}>Open it</a>{" · "}<a href={`${url}/1?present=1`}>Present it</a>{" · "}<a href={`${url}/notes`}>Teacher's notes</a></p>
          <p className="muted">{`It is listed under “Your lessons” in this browser, which can delete it (${slug}).`}</p>
        </div>
      </div>
    </div>
  );
}

/** The lessons this browser stored on the server: open, present, read the notes, delete. */
function OwnLessons({ onChange }: { onChange: () => void }) {
  const mine = storedLessons.mine();
  const [error, setError] = useState<string | null>(null);
  if (!mine.length) return null;
  return (
    <section className="own-lessons" aria-labelledby="own-h" data-testid="own-lessons">
      <h2 id="own-h">Your lessons</h2>
      <p className="muted">Stored on the server under a short link; only this browser can delete them.</p>
      <ul className="lesson-list">
        {mine.map((l) => (
          <li key={l.slug} data-testid="own-lesson">
            <h3><a href={`/l/${l.slug}/1`}>{l.title}</a></h3>
            <p className="muted">
              <a href={`/l/${l.slug}/1`}>{`${window.location.host}/l/${l.slug}`}</a>{" · "}
              <a href={`/l/${l.slug}/1?present=1`}>Present</a>{" · "}
              <a href={`/l/${l.slug}/notes`}>Teacher's notes</a>{" · "}
              <button type="button" className="link-button" onClick={() => {
                if (!window.confirm(`Delete “${l.title}”? Its link stops working for everyone.`)) return;
                storedLessons.remove(l.slug).then(() => { setError(null); onChange(); }, (e: Error) => setError(`Could not delete it: ${e.message}`));
              }}>Delete</button>
            </p>
          </li>
        ))}
      </ul>
      {error && <p role="alert" className="field-error">{error}</p>}
    </section>
  );
}

