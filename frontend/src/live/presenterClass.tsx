// The presenter's side of a live class, plugged into the lesson page (lesson/LessonPage.tsx takes
// it as its `classroom`): reading the class's code from the address, following its stream,
// moving the class with the presenter, the class panel, and starting a class.
import { useEffect, useState } from "react";
import { useSystem } from "../explorer/useSystem";
import type { Lesson } from "../lesson/format";
import { picking } from "../lesson/picking";
import type { Classroom, ClassroomView } from "../lesson/LessonPage";
import { knobLabel } from "../lesson/Question";
import { byX } from "../lesson/sketch";
import { type ClassReport, classes } from "./api";
import { ClassPanel } from "./ClassPanel";
import { ClassReportView } from "./ClassReportView";
import { CheckBoard, CheckControls, checkAnswered } from "./CheckTeacher";
import { CODE } from "./code";
import { hasTwoForms } from "./forms";
import { emptyRoom, foldRoom, type Given, roundOf, useClassStream } from "./room";
import { RoundShift, SureAndWrong } from "./RoundShift";
import { keepTeacher, teacherToken } from "./tokens";

function useClass(code: string | null, step: number, lesson: Lesson): ClassroomView {
  const token = code ? teacherToken(code) : null;
  const { value: room, link } = useClassStream(code ?? "", token ? { "X-Teacher-Token": token } : null, foldRoom, emptyRoom);
  const roomStep = room.state?.step;
  // a "which knob" question's choices by their labels, as the students see them
  const { spec } = useSystem(lesson.steps[step - 1].state.system);
  // the class's answers off the projector until the reveal (showing them pulls a class toward the
  // majority, right or wrong): shown as they come only if the teacher asks, never in a second
  // vote; round 1's spread on request
  const [showLive, setShowLive] = useState(false);
  const [showFirst, setShowFirst] = useState<number | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const round = roundOf(room.state, step);
  const revealedHere = (room.state?.revealed.includes(step) || room.state?.ended) ?? false;
  // after the reveal: the server's judgement of the step (both rounds of a step voted twice)
  const [shift, setShift] = useState<{ step: number; report: ClassReport } | null>(null);
  useEffect(() => {
    if (!code || !token || !revealedHere) return;
    let live = true;
    classes.report(code, token).then((r) => live && setShift({ step, report: r }), () => { /* the projector shows the rounds' counts still */ });
    return () => { live = false; };
  }, [code, token, revealedHere, step]);
  // the class moves when the presenter does
  useEffect(() => {
    if (code && token && roomStep !== undefined && roomStep !== step) {
      classes.control(code, token, { step }).catch(() => { /* shown by the panel's next action */ });
    }
  }, [code, token, roomStep, step]);
  if (!code) return { panel: null };
  if (!token) {
    return { panel: <p className="seat-status" role="status">{`Class ${code} was started in another browser: control it from there.`}</p> };
  }
  const q = lesson.steps[step - 1].question;
  const pick = picking(q, spec ? knobLabel(spec) : undefined);
  // (ending a class shows every step's answer, on the phones and here alike)
  const revealed = revealedHere;
  const showingFirst = !revealed && round > 1 && showFirst === step;
  const hidden = !revealed && (round > 1 || !showLive) && !showingFirst;
  const answers = Object.values((showingFirst ? room.first[step] : room.answers[step]) ?? {});
  const values = (gs: Given[]) => gs.flatMap(({ answer: a }) => (a.kind === "point" ? [a.y] : []));
  const sketchesOf = (gs: Given[]) => {
    const drawn = gs.flatMap(({ answer: a }) => (a.kind === "curve" ? [a.ys] : []));
    return { perX: byX(drawn), count: drawn.length };
  };
  const stepReport = shift?.step === step ? shift.report.steps.find((s) => s.step === step) : undefined;
  const unit = spec?.metrics.find((m) => m.name === (lesson.steps[step - 1].state.y ?? spec.y_default))?.unit ?? "";
  const checkOpen = room.state?.ended ? null : (room.state?.check ?? null);
  return {
    cover: checkOpen && lesson.check ? <CheckBoard questions={lesson.check} phase={checkOpen} room={room} twoForms={hasTwoForms(lesson)} /> : undefined,
    panel: (
      <>
        <ClassPanel code={code} token={token} room={room} link={link} step={step} asks={!!q}
          peer={{ round, showLive, setShowLive, showFirst: showingFirst, setShowFirst: (on) => setShowFirst(on ? step : null), openReport: () => setReportOpen(true) }}
          check={lesson.check?.length ? <CheckControls code={code} token={token} open={checkOpen} /> : undefined}
          checking={checkOpen && lesson.check?.length ? checkAnswered(room, checkOpen, lesson.check.length) : null} />
        {reportOpen && <ClassReportView code={code} token={token} lesson={lesson} onClose={() => setReportOpen(false)} />}
      </>
    ),
    live: {
      role: "teacher",
      revealed,
      locked: room.state?.locked.includes(step) ?? false,
      answer: null,
      crowd: hidden ? [] : values(answers),
      // a curve's sketches: drawn only once revealed (lesson/sketchStep.ts)
      sketches: revealed ? sketchesOf(answers) : undefined,
      tally: pick && !hidden ? { choices: pick.choices, counts: pick.choices.map((_, i) => answers.filter(({ answer: a }) => a.kind === "choice" && a.choice === i + 1).length), answer: revealed ? pick.answer : null } : undefined,
      board: !revealed || !stepReport ? undefined : round > 1 ? (
        <RoundShift report={stepReport} unit={unit} first={values(Object.values(room.first[step] ?? {}))} second={values(Object.values(room.answers[step] ?? {}))} />
      ) : (
        <SureAndWrong report={stepReport} />
      ),
    },
  };
}

export const presenterClass: Classroom = {
  isCode: (s) => CODE.test(s),
  useClass,
  start: async (source, step) => {
    const made = await classes.start({ ...source, step });
    keepTeacher(made.code, made.teacher_token);
    return made.code;
  },
};
