// The presenter's side of a live class, plugged into the lesson page (lesson/LessonPage.tsx takes
// it as its `classroom`): reading the class's code from the address, following its stream,
// moving the class with the presenter, the class panel, and starting a class.
import { useEffect } from "react";
import { useSystem } from "../explorer/useSystem";
import { type Lesson, picking } from "../lesson/format";
import type { Classroom, ClassroomView } from "../lesson/LessonPage";
import { knobLabel } from "../lesson/Question";
import { classes } from "./api";
import { ClassPanel } from "./ClassPanel";
import { CODE } from "./code";
import { emptyRoom, foldRoom, useClassStream } from "./room";
import { keepTeacher, teacherToken } from "./tokens";

function useClass(code: string | null, step: number, lesson: Lesson): ClassroomView {
  const token = code ? teacherToken(code) : null;
  const { value: room, link } = useClassStream(code ?? "", token ? { "X-Teacher-Token": token } : null, foldRoom, emptyRoom);
  const roomStep = room.state?.step;
  // a "which knob" question's choices by their labels, as the students see them
  const { spec } = useSystem(lesson.steps[step - 1].state.system);
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
  const answers = Object.values(room.answers[step] ?? {});
  // (ending a class shows every step's answer, on the phones and here alike)
  const revealed = (room.state?.revealed.includes(step) || room.state?.ended) ?? false;
  return {
    panel: (
      <ClassPanel code={code} token={token} room={room} link={link} step={step} asks={!!q} />
    ),
    live: {
      role: "teacher",
      revealed,
      locked: room.state?.locked.includes(step) ?? false,
      answer: null,
      crowd: answers.flatMap((a) => (a.value !== undefined ? [a.value] : [])),
      tally: pick ? { choices: pick.choices, counts: pick.choices.map((_, i) => answers.filter((a) => a.choice === i + 1).length), answer: revealed ? pick.answer : null } : undefined,
    },
  };
}

export const presenterClass: Classroom = {
  isCode: (s) => CODE.test(s),
  useClass,
  start: async (source) => {
    const made = await classes.start(source);
    keepTeacher(made.code, made.teacher_token);
    return made.code;
  },
};
