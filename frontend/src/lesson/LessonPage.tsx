// A lesson, one step at a time at /learn/{lesson}/{step}; ?present=1 is the presenter view:
// large type, the chart filling the screen, keys to move between steps and a QR code of the
// step's own link for students to follow on their devices.
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import type { ModelClient } from "../runtime/ModelClient";
import { markSeen, resetLesson } from "./progress";
import { QrCode } from "./QrCode";
import type { Lesson } from "./format";
import { type LiveStep, StepView } from "./StepView";

/** What the lesson page asks of a live class when one is plugged in (live/presenterClass.tsx):
 * the page knows nothing of classes beyond this. */
export interface ClassroomView {
  /** the class's panel beside the title (or why this browser cannot control the class) */
  panel: ReactNode;
  /** the step as the class has it (its reveal, its answers) */
  live?: LiveStep;
  /** shown in the step's place while the class does something else (its concept check) */
  cover?: ReactNode;
}

export interface Classroom {
  /** whether an address's ?class= value is a class code */
  isCode(s: string): boolean;
  /** the class this presenter runs (a hook: called on every render) */
  useClass(code: string | null, step: number, lesson: Lesson): ClassroomView;
  /** start a class on the lesson, opened on `step` (the presenter's, so a student who joins at
   * once is where the projector is); its code */
  start(source: { lesson: string } | { lesson_file: string }, step: number): Promise<string>;
}

interface Where {
  step: number;
  present: boolean;
  /** a live class this presenter runs (its code; the teacher token stays in storage) */
  live: string | null;
}

const NEXT = new Set(["ArrowRight", "PageDown", " "]);
const PREV = new Set(["ArrowLeft", "PageUp"]);

/** Whether a key press belongs to the focused control rather than to step navigation. Space is
 * "next" on a projector even on a focused button (the last one clicked, say "Lock this step"):
 * buttons still take Enter. */
function ownedByControl(e: KeyboardEvent): boolean {
  const t = e.target;
  if (!(t instanceof Element)) return false;
  return !!t.closest("input, select, textarea, [role=slider], [role=radio], [contenteditable=true]");
}

export function LessonPage({ lesson, lessonKey, base, hash, client, initialStep, source, classroom }: {
  lesson: Lesson;
  /** where progress is kept */
  lessonKey: string;
  /** the lesson's path, e.g. /learn/decnet-link-quota */
  base: string;
  /** kept on every step link (a shared lesson travels in it) */
  hash: string;
  client: ModelClient;
  initialStep: number;
  /** what a live class on this lesson is started from */
  source?: { lesson: string } | { lesson_file: string };
  /** live classes, where this page may run one */
  classroom?: Classroom;
}) {
  const total = lesson.steps.length;
  const read = (): Where => {
    const m = /\/(\d+)\/?$/.exec(window.location.pathname);
    const n = m ? Number(m[1]) : initialStep;
    const q = new URLSearchParams(window.location.search);
    const live = (q.get("class") ?? "").toUpperCase();
    return { step: Math.min(Math.max(1, n), total), present: q.get("present") === "1", live: classroom?.isCode(live) ? live : null };
  };
  const [where, setWhere] = useState<Where>(read);
  const hrefOf = useCallback(
    (w: Where) => {
      const q = new URLSearchParams();
      if (w.present) q.set("present", "1");
      if (w.live) q.set("class", w.live);
      const qs = q.toString();
      return `${base}/${w.step}${qs ? `?${qs}` : ""}${hash}`;
    },
    [base, hash],
  );
  const go = useCallback(
    (w: Where) => {
      window.history.pushState(null, "", hrefOf(w));
      setWhere(w);
    },
    [hrefOf],
  );

  // The canonical address (a step out of range, or no step, becomes a real one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival; later moves write the address themselves
  useEffect(() => {
    window.history.replaceState(null, "", hrefOf(where));
    const onPop = () => setWhere(read());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  useEffect(() => markSeen(lessonKey, where.step), [lessonKey, where.step]);

  useEffect(() => {
    document.body.classList.toggle("presenting", where.present);
    return () => document.body.classList.remove("presenting");
  }, [where.present]);

  useEffect(() => {
    if (!where.present) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || ownedByControl(e)) return;
      const back = PREV.has(e.key) || (e.key === " " && e.shiftKey);
      const fwd = !back && NEXT.has(e.key);
      let step = where.step;
      if (back) step -= 1;
      else if (fwd) step += 1;
      else if (e.key === "Home") step = 1;
      else if (e.key === "End") step = total;
      else return;
      e.preventDefault();
      // a focused button would take the Space's key-up as a click: it lets go of the focus
      if (e.key === " " && document.activeElement instanceof HTMLElement && document.activeElement.closest("button, a")) document.activeElement.blur();
      step = Math.min(Math.max(1, step), total);
      if (step !== where.step) go({ ...where, step });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [where, total, go]);

  // A live class, where one is plugged in: its panel, and the step as the class has it.
  const noClass = useCallback((): ClassroomView => ({ panel: null }), []);
  const cls = (classroom?.useClass ?? noClass)(where.live, where.step, lesson);
  const [starting, setStarting] = useState<string | null>(null);
  const startClass = async () => {
    setStarting("Starting a class…");
    try {
      if (!classroom) throw new Error("live classes are not available here");
      const code = await classroom.start(source ?? { lesson: lesson.id }, where.step);
      setStarting(null);
      go({ ...where, present: true, live: code });
    } catch (e) {
      setStarting(`Could not start a class: ${(e as Error).message}`);
    }
  };

  // The steps answered in this presenter view: an answer given before (on the plain lesson page,
  // or an earlier presentation) is the teacher's own rehearsal, and a step opens unanswered here
  // rather than revealed to the room; one answered while presenting stays answered, back and forth.
  const [rehearsed, setRehearsed] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    if (!where.present) setRehearsed(new Set());
  }, [where.present]);
  const here = where.step;
  const own = useMemo(() => ({ shown: !where.present || rehearsed.has(here), answered: () => setRehearsed((s) => new Set(s).add(here)) }), [where.present, rehearsed, here]);

  const step = lesson.steps[where.step - 1];
  const live = where.live ? cls.live : undefined;
  const link = (w: Where, label: string, rel?: string) => (
    <a href={hrefOf(w)} rel={rel} onClick={(e) => { if (e.button === 0 && !e.metaKey && !e.ctrlKey) { e.preventDefault(); go(w); } }}>{label}</a>
  );
  const studentUrl = `${window.location.origin}${base}/${where.step}${hash}`;
  const shortUrl = `${window.location.host}${base}/${where.step}`;

  return (
    <main className={where.present ? "lesson presenting" : "lesson"} data-testid="lesson" data-step={where.step}>
      <header className="lesson-head">
        <div>
          {!where.present && <p className="crumbs"><a href="/learn">Lessons</a>{` · ${lesson.title}`}</p>}
          <p className="step-count" data-testid="step-count">{`Step ${where.step} of ${total}`}{where.present ? ` · ${lesson.title}` : ""}</p>
          <h1>{step.title}</h1>
        </div>
        {where.present && where.live && cls.panel}
        {where.present && !where.live && (
          // Beside the title, never over the chart: students scan it to follow on their devices.
          <aside className="follow" aria-label="Follow on your device" data-testid="follow">
            <QrCode url={studentUrl} size={132} />
            <div>
              <p><a href={studentUrl} data-testid="short-link">{shortUrl}</a></p>
              <p className="muted">Space or → next · ← previous</p>
              {/* in view on a projector: the class starts from the top of the screen */}
              {classroom && (
                <button type="button" data-testid="start-class" onClick={startClass} disabled={starting === "Starting a class…"}>Start a live class</button>
              )}
              {starting && <p role="status" className={starting.startsWith("Could") ? "field-error" : "muted"}>{starting}</p>}
            </div>
          </aside>
        )}
      </header>
      {where.live && cls.cover ? cls.cover : <StepView key={where.step} step={step} number={where.step} lessonKey={lessonKey} client={client} present={where.present} live={live} own={own} />}
      <nav className="step-nav" aria-label="Lesson steps">
        {where.step > 1 ? link({ ...where, step: where.step - 1 }, "← Previous", "prev") : <span className="muted">← Previous</span>}
        <ol className="step-dots">
          {lesson.steps.map((s, i) => (
            <li key={s.title}>
              <a href={hrefOf({ ...where, step: i + 1 })} aria-current={i + 1 === where.step ? "step" : undefined} title={s.title}
                onClick={(e) => { e.preventDefault(); go({ ...where, step: i + 1 }); }}>{i + 1}</a>
            </li>
          ))}
        </ol>
        {where.step < total ? link({ ...where, step: where.step + 1 }, "Next →", "next") : <a href="/learn">All lessons</a>}
        {where.present ? (
          <button type="button" onClick={() => go({ ...where, present: false, live: null })}>Leave presenter view</button>
        ) : (
          <>
            <button type="button" onClick={() => go({ ...where, present: true })}>Present</button>
            <button type="button" onClick={() => { if (window.confirm("Forget your answers and progress in this lesson?")) { resetLesson(lessonKey); window.location.reload(); } }}>
              Reset this lesson
            </button>
          </>
        )}
      </nav>
    </main>
  );
}
