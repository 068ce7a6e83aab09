// Peer instruction's second vote on a student's phone: whom to discuss the step with (their
// group, formed by the server from the round-1 answers so that each group holds different ones)
// and what they answered themselves. Loaded only when a second vote opens.
import { useEffect, useState } from "react";
import { announce } from "../a11y/announcer";
import { useSystem } from "../explorer/useSystem";
import { formatValue } from "../format";
import type { LessonStep } from "../lesson/format";
import { picking } from "../lesson/picking";
import type { StepAnswer } from "../lesson/progress";
import { knobLabel } from "../lesson/Question";
import { type Group, classes } from "./api";
import { stepAnswer } from "./room";

/** An answer in words, as the step shows it (a value in the chart's unit, a choice's words). */
function useWords(step: LessonStep): (a: StepAnswer | null) => string {
  const { spec } = useSystem(step.state.system);
  const pick = picking(step.question, spec ? knobLabel(spec) : undefined);
  const metric = spec?.metrics.find((m) => m.name === (step.state.y ?? spec.y_default));
  const unit = metric?.unit ?? "";
  return (a) => {
    if (a === null) return "nothing yet";
    if (a.kind === "point") return formatValue(a.y, unit);
    if (a.kind === "choice") return pick ? `"${pick.choices[a.choice - 1] ?? a.choice}"` : `choice ${a.choice}`;
    return `a curve from ${formatValue(a.ys[0], unit)} to ${formatValue(a.ys[a.ys.length - 1], unit)}`;
  };
}

/** A group member's round-1 answer: its one value, or an earlier build's field for it. */
const memberAnswer = (m: Group["members"][number]): StepAnswer | null =>
  m.answer ?? (m.value != null || m.choice != null || m.sketch != null ? stepAnswer(m) : null);

/** Round 2 on the phone: the student's round-1 answer and their discussion group. */
export function DiscussionGroup({ code, token, number, step, first }: { code: string; token: string; number: number; step: LessonStep; first: StepAnswer | null }) {
  const [group, setGroup] = useState<Group | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    classes.group(code, token, number).then((g) => live && setGroup(g), (e: Error) => live && setError(e.message));
    return () => { live = false; };
  }, [code, token, number]);
  const words = useWords(step);
  const opening = `Round 2: discuss, then send your answer again (the same or a new one). You answered ${first ? words(first) : "nothing"} in round 1.`;
  const talk = (m: Group["members"][number]) => (m.name ? `Talk with ${m.name}, who answered ${words(memberAnswer(m))}.` : `Talk with someone near you who answered ${words(memberAnswer(m))}: ask the person at your left first.`);
  const alone = first ? "Talk with the people next to you about why you answered as you did." : "You did not vote in round 1: join the people next to you and hear why they answered as they did.";
  // said once the group is known (a screen reader's user hears the second vote open, and whom to
  // talk to, as a sighted student sees it)
  const said = group ? `${opening} ${group.members.length ? group.members.map(talk).join(" ") : alone}` : error ? opening : null;
  useEffect(() => {
    if (said) announce(said);
  }, [said]);
  return (
    <section className="seat-status peer-group" data-testid="peer-group" aria-label="Discuss, then vote again">
      <p><strong>Round 2: discuss, then send your answer again</strong>{` (the same or a new one). You answered ${first ? words(first) : "nothing"} in round 1.`}</p>
      {error && <p className="field-error">{`Could not find your group: ${error}.`}</p>}
      {group && group.members.length === 0 && (
        <p data-testid="group-none">{alone}</p>
      )}
      {group && group.members.length > 0 && (
        <ul className="group-members" data-testid="group-members">
          {group.members.map((m, i) => (
            // (names are the students' own text: rendered as text)
            // biome-ignore lint/suspicious/noArrayIndexKey: members are listed once, in the server's order
            <li key={i}>{talk(m)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
