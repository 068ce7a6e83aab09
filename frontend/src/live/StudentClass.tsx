// A student's device in a live class, at /c/{code}: join (a display name or none), then the
// lesson's step the class is on (or any open step, when the teacher lets students move on
// their own). Answers go to the class's screen; the reveal comes from the teacher.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { announce } from "../a11y/announcer";
import { allSpecs, apiModels } from "../lesson/access";
import { loadLesson } from "../lesson/lessonFile";
import type { StepAnswer } from "../lesson/progress";
import type { Lesson } from "../lesson/format";
import { picking } from "../lesson/picking";
import { StepView } from "../lesson/StepView";
import { formatValue } from "../format";
import type { ModelClient } from "../runtime/ModelClient";
import { PageError } from "../PageError";
import { type AnswerBody, type ClassInfo, classes } from "./api";
import { flush, RETRY_MS, type Stored, sendAnswer, WAITING_EVENT, waiting } from "./answerOutbox";
import { Countdown } from "./Countdown";
import { deadlineOf, useSecondsLeft } from "./deadline";
import { formIn, formQuestions, hasTwoForms } from "./forms";
import { Confidence, type Sure } from "./PeerVote";
import { type Acknowledged, emptySeat, foldSeat, held, openedSince, placeIn, placeWords, roundOf, type Seat as SeatState, sentAnswer, useClassStream } from "./room";
import { keepStudent, studentOf } from "./tokens";

// a concept check and a second vote are parts of some classes only: loaded when they open
const CheckSeat = lazy(() => import("./CheckSeat").then((m) => ({ default: m.CheckSeat })));
const DiscussionGroup = lazy(() => import("./DiscussionGroup").then((m) => ({ default: m.DiscussionGroup })));

export function StudentClass({ code, client }: { code: string; client: ModelClient }) {
  const [info, setInfo] = useState<{ info?: ClassInfo; lesson?: Lesson; error?: string }>({});
  const [seatToken, setSeatToken] = useState(() => studentOf(code));
  useEffect(() => {
    (async () => {
      const got = await classes.info(code);
      if (got.lesson) {
        const lesson = await loadLesson(got.lesson);
        if (!lesson) throw new Error("this class's lesson is not in this version of Memo Lab");
        return setInfo({ info: got, lesson });
      }
      // a teacher's own file is checked here (its parser loaded only for such a class)
      const { checkLessonWithModels } = await import("../lesson/checkLesson");
      const r = await checkLessonWithModels("the class's lesson", got.lesson_file ?? "", await allSpecs(), apiModels);
      if (!r.ok) throw new Error("the class's lesson has problems; tell your teacher");
      setInfo({ info: got, lesson: r.lesson });
    })().catch((e: Error) => setInfo({ error: e.message }));
  }, [code]);

  useEffect(() => {
    document.title = `Class ${code} · Memo Lab`;
  }, [code]);

  if (info.error) {
    return <PageError title="Cannot open this class" back={{ href: "/learn", label: "All lessons" }}>{`${info.error}.`}</PageError>;
  }
  if (!info.lesson || !info.info) return <p className="loading" aria-busy="true">Opening the class…</p>;
  if (!seatToken && info.info.state.ended) {
    return <PageError title="This class has ended" back={{ href: "/learn", label: "All lessons" }}>{`Class ${code} has ended: it can no longer be joined.`}</PageError>;
  }
  if (!seatToken) return <JoinForm code={code} title={info.lesson.title} onJoined={setSeatToken} />;
  return <Seat code={code} lesson={info.lesson} token={seatToken.token} name={seatToken.name} client={client} />;
}

function JoinForm({ code, title, onJoined }: { code: string; title: string; onJoined: (s: { token: string; id: string; name: string }) => void }) {
  const [name, setName] = useState("");
  const [state, setState] = useState<string | null>(null);
  return (
    <main className="lesson join-class" data-testid="join-class">
      <h1>{`Join class ${code}`}</h1>
      <p>{`Lesson: ${title}`}</p>
      <form onSubmit={(e) => {
        e.preventDefault();
        setState("Joining…");
        classes.join(code, name.trim()).then((j) => {
          const seat = { token: j.student_token, id: j.student_id, name: name.trim() };
          keepStudent(code, seat);
          onJoined(seat);
        }, (err: Error) => setState(`Could not join: ${err.message}`));
      }}>
        <label>
          {"Your name, as the teacher will see it (optional) "}
          <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} autoComplete="nickname" data-testid="student-name" />
        </label>
        <p className="muted">Leave it empty to take part anonymously. No account, no e-mail.</p>
        <button type="submit" data-testid="join">Join</button>
        {state && <p role="status" className={state.startsWith("Could") ? "field-error" : "muted"}>{state}</p>}
      </form>
    </main>
  );
}

function Seat({ code, lesson, token, name, client }: { code: string; lesson: Lesson; token: string; name: string; client: ModelClient }) {
  const headers = useMemo(() => ({ "X-Student-Token": token }), [token]);
  const { value: seat, link, dispatch, resync } = useClassStream<SeatState, Acknowledged>(code, headers, foldSeat, emptySeat);
  const [own, setOwn] = useState<number | null>(null); // self-paced: the step this student chose
  const took = useCallback((s: Stored) => dispatch({ type: "mine", step: s.step, resets: s.resets, round: s.round, confidence: s.body.confidence ?? undefined, phase: s.body.phase ?? undefined, answer: sentAnswer(s.body) }), [dispatch]);
  // a refused answer may have arrived before the refusal (its reply lost): read the class afresh
  const outbox = useAnswerOutbox(code, took, resync);
  const state = seat.state;
  useEffect(() => {
    document.body.classList.add("class-seat"); // (a phone's seat: styles/lessons.css)
    return () => document.body.classList.remove("class-seat");
  }, []);
  // a step opened again since (reset, unlocked, hidden again) makes the news of an earlier
  // answer's refusal old: forget it (a lock or a reveal learnt late, on reconnecting, does not:
  // they are what refused it)
  const before = useRef(state);
  const { forget } = outbox;
  useEffect(() => {
    if (before.current && state) for (const step of openedSince(before.current, state)) forget(step);
    before.current = state;
  }, [state, forget]);
  if (link.link === "closed" && !state) {
    return <PageError title="Cannot follow this class" back={{ href: "/learn", label: "All lessons" }}>{`${link.why ?? "The class could not be reached"}.`}</PageError>;
  }
  if (!state) return <p className="loading" aria-busy="true">Joining the class…</p>;
  // the teacher opened the concept check: every phone answers it, whatever the lesson's step
  if (state.check && lesson.check?.length && !state.ended) {
    const form = formIn(seat.me?.forms, state.check, hasTwoForms(lesson));
    return <Suspense fallback={<p className="loading" aria-busy="true">Opening the concept check…</p>}><CheckSeat code={code} token={token} name={name} questions={formQuestions(lesson, seat.me?.forms, state.check)} form={hasTwoForms(lesson) ? form : null} phase={state.check} held={seat.checks[state.check]} online={link.link === "live"} client={client} took={took} /></Suspense>;
  }
  return <LessonSeat code={code} lesson={lesson} token={token} name={name} client={client} seat={seat} state={state} link={link} took={took} outbox={outbox} own={own} setOwn={setOwn} />;
}

/** The lesson's step on a student's device (the check aside): its own component, so that a
 * step's countdown (a ticking hook) runs only where a step is shown. */
function LessonSeat({ code, lesson, token, name, client, seat, state, link, took, outbox, own, setOwn }: {
  code: string;
  lesson: Lesson;
  token: string;
  name: string;
  client: ModelClient;
  seat: SeatState;
  state: NonNullable<SeatState["state"]>;
  link: { link: string; why?: string };
  took: (s: Stored) => void;
  outbox: ReturnType<typeof useAnswerOutbox>;
  /** self-paced: the step this student chose (kept while the check is open) */
  own: number | null;
  setOwn: (n: number) => void;
}) {
  // how sure the student said they are, by step and round, until the class holds it with the answer
  const [picked, setPicked] = useState<Record<string, Sure>>({});
  const number = state.pace === "self" ? Math.min(own ?? state.step, lesson.steps.length) : state.step;
  const step = lesson.steps[number - 1];
  const q = step.question;
  // only what the class acknowledged: never an answer still waiting, or one it refused
  const answer = seat.answers[number] ?? null;
  const spread = seat.spreads[number];
  const revealed = state.revealed.includes(number);
  // a time limit the server holds: at zero the step is closed here as it is on the server
  const deadline = q && !revealed ? deadlineOf(state, number) : null;
  const left = useSecondsLeft(deadline, seat.skew);
  const timeUp = left === 0;
  const lockedByTeacher = state.locked.includes(number);
  const locked = lockedByTeacher || timeUp;
  // (a new answer waiting on this device answers the invitation)
  const cleared = outbox.steps.includes(number) ? undefined : seat.cleared[number];
  const refused = outbox.refused.find((r) => r.step === number);
  const round = roundOf(state, number) as 1 | 2;
  const sure = picked[`${number}/${round}`] ?? seat.sure[number] ?? null;
  const open = !!q && !revealed && !locked && !state.ended;
  // an answer with how sure, in its round: a device that kept it offline into round 2 is refused
  const send = async (a: StepAnswer, how: Sure | null) => {
    const body: AnswerBody = { answer: a, round, ...(how ? { confidence: how } : {}) };
    const got = await sendAnswer(code, token, number, body, state.resets?.[String(number)] ?? 0);
    if (got === "waiting") return "waiting" as const;
    took(got);
    outbox.forget(number); // (a refusal of an earlier answer is old news)
    return "sent" as const;
  };
  const refusedElsewhere = outbox.refused.filter((r) => r.step !== number);
  // where the student's answer stood in the class's, in the chart's unit (StepView knows it)
  const place = (unit: string, label?: (knob: string) => string): string | null => {
    if (!q || !revealed || !spread) return null;
    const pick = picking(q, label);
    if (pick) return pick.choices.map((c, i) => `${c}: ${spread.choices[String(i + 1)] ?? 0}`).join(" · ");
    if (q.predict === "curve") return answer ? `${spread.count} in the class sketched this curve: the shaded band holds the middle half of their sketches at each point, the line their median.` : `You did not answer this one; ${spread.count} in the class did.`;
    if (answer?.kind !== "point") return `You did not answer this one; ${spread.count} in the class did.`;
    const p = placeIn(spread.values, answer.y, spread.count);
    // a step voted twice: where this student started, and the class's round 2 they are placed in
    const was = seat.first[number];
    const moved = was?.kind === "point" ? `In round 1 you answered ${formatValue(was.y, unit)}; in round 2 ${formatValue(answer.y, unit)}. ` : "";
    return `${moved}${placeWords(p)}; the class's median was ${p.exact ? "" : "about "}${p.median === null ? "none" : formatValue(p.median, unit)}.`;
  };
  const status = state.ended
    ? "The class has ended. Thank you!"
    : link.link !== "live"
      ? "Reconnecting to the class…"
      : q && lockedByTeacher && !revealed
        ? answer ? "Your teacher has closed answers for now; yours is kept as sent." : "Your teacher has closed answers for this step for now."
        : q && timeUp && !revealed
          ? answer ? "Time is up: answers to this step are closed. The class keeps yours as sent." : "Time is up: answers to this step are closed. The class has no answer from you for it."
          : null;
  const clearedText = cleared === "answer"
    ? "Your teacher cleared this step's answers: yours is no longer with the class. Send a new answer."
    : "Your teacher restarted this step: send your answer.";
  return (
    <main className="lesson seat" data-testid="seat" data-step={number} data-round={roundOf(state, number)} data-held={held(answer)} data-sure={seat.sure[number] ?? ""} data-locked={locked ? (lockedByTeacher ? "teacher" : "time") : ""}>
      <SeatNews joined={`You are in class ${code}${name ? ` as ${name}` : ""}.`}
        step={`Step ${number} of ${lesson.steps.length}: ${step.title}.${q ? ` ${q.prompt}` : ""}`} status={status}
        pace={state.pace === "self" ? "Your teacher lets you move through the steps on your own: use Previous and Next." : "Your teacher leads the class again: your screen follows the teacher's step."}
        cleared={cleared && !revealed && !locked ? clearedText : null} />
      <header className="lesson-head">
        <div>
          <p className="step-count" data-testid="step-count">{`Class ${code} · step ${number} of ${lesson.steps.length}${name ? ` · ${name}` : ""}`}</p>
          <h1>{step.title}</h1>
        </div>
      </header>
      {deadline && left !== null && !state.ended && <Countdown deadline={deadline} left={left} />}
      {status && <p className="seat-status" data-testid={state.ended ? "class-ended" : lockedByTeacher && !revealed ? "locked" : timeUp && !revealed ? "time-up" : "link-status"}>{status}</p>}
      {state.pace === "self" && !state.ended && <p className="seat-status" data-testid="self-paced">You move through the steps on your own: Previous and Next are below.</p>}
      {cleared && q && !revealed && !locked && !state.ended && <p className="seat-status notice" data-testid="answer-cleared">{clearedText}</p>}
      {!state.ended && q && !revealed && !locked && <p className="seat-status" data-testid="waiting-reveal">Your teacher reveals the answer for everyone at once.</p>}
      {outbox.steps.includes(number) && (
        <p className="seat-status notice" role="status" data-testid="answer-waiting">
          {`Offline: your answer is kept on this device and will be sent when the connection returns${locked || revealed ? " (answers to this step are closed just now: it is taken only if they open again)" : ""}.`}
        </p>
      )}
      {refusedElsewhere.map((r) => (
        <p key={r.step} className="field-error" role="alert" data-testid="answer-refused-elsewhere">
          {`Your answer to step ${r.step}, kept while offline, was not taken: ${r.why}.`}
        </p>
      ))}
      {refused && (
        <p className="field-error" role="alert" data-testid="answer-refused">
          {`Your answer to this step, kept while offline, was not taken: ${refused.why}. ${answer ? "The class keeps the answer you sent before, shown here." : "The class has no answer from you for it."}`}
        </p>
      )}
      {round > 1 && open && <Suspense fallback={null}><DiscussionGroup code={code} token={token} number={number} step={step} first={seat.first[number] ?? null} /></Suspense>}
      {/* a reset, a second vote, or a refusal of an answer kept here, starts the step afresh: no
          draft is left showing a value the class does not hold */}
      <StepView key={`${number}/${state.resets?.[String(number)] ?? 0}/${round}/${outbox.refusals}`} step={step} number={number} lessonKey={`class:${code}`} client={client} present={false}
        live={{
          role: "student",
          revealed: revealed || state.ended,
          locked,
          answer,
          waiting: outbox.steps.includes(number),
          submit: (a) => send(a, sure),
          crowd: spread?.values ?? [],
          sketches: spread?.sketches ? { perX: spread.sketches, count: spread.count } : undefined,
          place,
          // one tap says how sure; with an answer held, it goes to the class at once
          extra: open ? (
            <Confidence sure={sure} onPick={(how) => {
              setPicked((p) => ({ ...p, [`${number}/${round}`]: how }));
              if (answer) send(answer, how).catch(() => { /* the answer stays as held; the next send carries it */ });
            }} />
          ) : undefined,
        }} />
      {state.pace === "self" && (
        <nav className="step-nav" aria-label="Lesson steps">
          <button type="button" disabled={number <= 1} onClick={() => setOwn(number - 1)}>← Previous</button>
          <button type="button" disabled={number >= lesson.steps.length} onClick={() => setOwn(number + 1)}>Next →</button>
        </nav>
      )}
    </main>
  );
}


/** Says what happens in the class as it happens, through the page's one announcement queue: that
 * the student is in, each step as the class reaches it, and the class's state (answers closed,
 * reconnecting, ended). The answer sent and the reveal are said where they happen (StepView,
 * Question). Draws nothing. */
function SeatNews({ joined, step, status, pace, cleared }: { joined: string; step: string; status: string | null; pace: string; cleared: string | null }) {
  const first = useRef(true);
  const paced = useRef(pace);
  useEffect(() => {
    announce(first.current ? `${joined} ${step}` : step);
    first.current = false;
  }, [joined, step]);
  useEffect(() => {
    if (status) announce(status);
  }, [status]);
  useEffect(() => {
    if (cleared) announce(cleared);
  }, [cleared]);
  // (the pace the class had on joining is no news)
  useEffect(() => {
    if (paced.current !== pace) announce(pace);
    paced.current = pace;
  }, [pace]);
  return null;
}

/** The lesson steps whose answers wait on this device (the concept check's: CheckSeat). */
const lessonWaiting = (code: string) => waiting(code).flatMap((w) => (w.body.phase ? [] : [w.step]));

/** The answers this device keeps while offline (answerOutbox.ts): sent again when the browser is
 * back online and every few seconds while any waits (a server that was away answers again);
 * each one taken is folded in as the class's (`took`) and said; one the class refused meanwhile
 * is shown with the reason (the newest per step), and the class is read afresh (`resync`). */
function useAnswerOutbox(code: string, took: (s: Stored) => void, resync: () => void) {
  const [steps, setSteps] = useState(() => lessonWaiting(code));
  const [refused, setRefused] = useState<{ step: number; why: string }[]>([]);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const seen = () => {
      const now = lessonWaiting(code);
      setSteps(now);
      // a new answer waiting for a step replaces the news of its refusal
      setRefused((r) => r.filter((x) => !now.includes(x.step)));
    };
    const send = () => {
      if (!waiting(code).length) return;
      void flush(code).then(({ sent, refused: no }) => {
        for (const s of sent) took(s);
        if (sent.length) {
          setRefused((r) => r.filter((x) => !sent.some((s) => s.step === x.step)));
          announce(`Back online: your answer${sent.length > 1 ? "s were" : " was"} sent to the class's screen.`);
        }
        if (no.length) {
          setRefused((r) => [...r.filter((x) => !no.some((n) => n.step === x.step)), ...no]);
          setRefusals((n) => n + 1);
          resync();
        }
      });
    };
    window.addEventListener(WAITING_EVENT, seen);
    window.addEventListener("online", send);
    const every = setInterval(send, RETRY_MS);
    send();
    return () => {
      window.removeEventListener(WAITING_EVENT, seen);
      window.removeEventListener("online", send);
      clearInterval(every);
    };
  }, [code, took, resync]);
  const forget = useCallback((step: number) => setRefused((r) => r.filter((x) => x.step !== step)), []);
  return { steps, refused, refusals, forget };
}
