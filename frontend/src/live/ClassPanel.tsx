// The teacher's controls for a live class, on the presenter view: the code and join link large
// (with a QR code), how many have answered this step (the class's choices are drawn large in the
// chart's place: lesson/ChoiceTally.tsx); a time limit for the step with its countdown; reveal for
// everyone, lock, self-pace, reset, download the answers, end the class.
import { type ReactNode, useState } from "react";
import { QrCode } from "../lesson/QrCode";
import { classes } from "./api";
import { codeGroups } from "./code";
import { Countdown } from "./Countdown";
import { deadlineOf, useSecondsLeft } from "./deadline";
import type { Room } from "./room";
import type { Link } from "./stream";

/** The time limits the projector offers for a step (the server takes 0 to 600 s). */
const LIMITS = [30, 60, 90] as const;

/** Peer instruction's controls: the step's round, what the projector shows of the answers. */
export interface PeerControls {
  round: number;
  showLive: boolean;
  setShowLive: (on: boolean) => void;
  /** round 1's spread shown (without the answer) during round 2 */
  showFirst: boolean;
  setShowFirst: (on: boolean) => void;
  openReport: () => void;
}

export function ClassPanel({ code, token, room, link, step, asks, peer, check, checking }: {
  code: string;
  token: string;
  room: Room;
  link: { link: Link; why?: string };
  step: number;
  /** whether the step asks a question (no count of answers where none is asked) */
  asks: boolean;
  peer: PeerControls;
  /** the concept check's controls, when the lesson has a check (CheckTeacher.tsx) */
  check?: ReactNode;
  /** while the concept check is open: its count of answers, shown in the step's place; the
   * lesson's own controls are then withheld (the server refuses them too: classes/rules.py) */
  checking?: string | null;
}) {
  const [error, setError] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  // Names are on the projector only after the teacher says so, warned, for this step alone.
  const [namesFor, setNamesFor] = useState<number | null>(null);
  const namesShown = namesFor === step;
  const state = room.state;
  const joinUrl = `${window.location.origin}/c/${code}`;
  const [first, second] = codeGroups(code);
  const answers = Object.values(room.answers[step] ?? {});
  const students = Object.keys(room.students).length;
  const revealed = state?.revealed.includes(step) ?? false;
  const locked = state?.locked.includes(step) ?? false;
  const act = (body: Parameters<typeof classes.control>[2]) =>
    classes.control(code, token, body).then(() => setError(null), (e: Error) => setError(e.message));
  // the step's time limit, held by the server: counted down here by the server's clock
  const deadline = asks && !revealed && !checking ? deadlineOf(state, step) : null;
  const left = useSecondsLeft(deadline, room.skew);

  if (state?.ended) {
    return (
      <aside className="class-panel" aria-label="Live class" data-testid="class-panel">
        <p><strong>{`Class ${code} has ended.`}</strong> Its answers can be downloaded for 24 hours.</p>
        <button type="button" onClick={() => classes.downloadCsv(code, token).catch((e: Error) => setError(e.message))}>Download the answers (CSV)</button>
        <button type="button" data-testid="open-report" onClick={peer.openReport}>Class report</button>
        {error && <p role="alert" className="field-error">{error}</p>}
      </aside>
    );
  }
  return (
    <aside className="class-panel" aria-label="Live class" data-testid="class-panel">
      <div className="join">
        <QrCode url={joinUrl} size={112} />
      </div>
      <div className="class-main">
      {/* the address whole, the code in it in large type: what is printed works as typed (the
          gap between the code's two groups is drawn, not typed; a typed space is read anyway) */}
      <p className="join-line">
        <span className="muted">Join at </span>
        <a className="join-link" href={joinUrl} data-testid="join-address">
          {`${window.location.host}/c/`}
          <span className="class-code" data-testid="class-code"><span>{first}</span>{second && <span>{second}</span>}</span>
        </a>
      </p>
      {checking ? (
        <p className="answered" data-testid="answered" aria-live="polite">{checking}</p>
      ) : asks ? (
        <p className="answered" data-testid="answered" aria-live="polite">
          {peer.round > 1
            ? `Round 1: ${Object.keys(room.first[step] ?? {}).length} of ${students} answered · Round 2: ${answers.length} of ${students} answered`
            : `${answers.length} of ${students} answered`}
          {link.link !== "live" && <span className="muted">{link.link === "closed" ? ` · ${link.why ?? "disconnected"}` : " · reconnecting…"}</span>}
        </p>
      ) : (
        <p className="joined" data-testid="joined" aria-live="polite">
          {`${students} joined`}
          {link.link !== "live" && <span className="muted">{link.link === "closed" ? ` · ${link.why ?? "disconnected"}` : " · reconnecting…"}</span>}
        </p>
      )}
      {deadline && left !== null && <Countdown deadline={deadline} left={left} big />}
      {!checking && asks && !revealed && (
        // biome-ignore lint/a11y/useSemanticElements: a group of buttons, named; a fieldset would be a form's
        <div className="time-limit" role="group" aria-label="Time limit for this step" data-testid="time-limit">
          <span className="check-label">Time limit:</span>
          {LIMITS.map((s) => (
            <button key={s} type="button" data-testid={`limit-${s}`} aria-pressed={deadline?.seconds === s} onClick={() => act({ step, time_limit: s })}>
              {deadline?.seconds === s ? `${s} s again` : `${s} s`}
            </button>
          ))}
          <button type="button" data-testid="limit-none" aria-pressed={!deadline} onClick={() => act({ step, time_limit: 0 })}>No limit</button>
        </div>
      )}
      {!checking && asks && students > 0 && (namesShown ? (
        <div className="names">
          <button type="button" onClick={() => setNamesFor(null)}>Hide names</button>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls inside itself is reached by keyboard to scroll it */}
          <ul data-testid="answered-names" aria-label="Who has answered" tabIndex={0}>
            {Object.entries(room.students).map(([id, name]) => (
              <li key={id}>{`${name || "anonymous"}${room.answers[step]?.[id] ? " ✓" : ""}`}</li>
            ))}
          </ul>
        </div>
      ) : (
        <button type="button" className="names" data-testid="show-names" onClick={() => {
          if (window.confirm("Show the students' names on this screen? Everyone in the room will see who has answered. They are hidden again on the next step.")) setNamesFor(step);
        }}>Show names…</button>
      ))}
      {check}
      <div className="class-actions">
        {checking ? (
          <p className="muted" data-testid="lesson-held">The lesson's step waits while the check is open: close the check to reveal, lock or reset it.</p>
        ) : (<>
        {asks && !revealed && peer.round === 1 && (
          <button type="button" data-testid="vote-again" onClick={() => act({ step, round: 2 })}>Discuss, then vote again</button>
        )}
        {asks && !revealed && peer.round === 1 && (
          <button type="button" data-testid="show-answers" aria-pressed={peer.showLive} onClick={() => peer.setShowLive(!peer.showLive)}>
            {peer.showLive ? "Hide the answers until the reveal" : "Show answers as they come"}
          </button>
        )}
        {asks && !revealed && peer.round > 1 && (
          <button type="button" data-testid="show-round1" aria-pressed={peer.showFirst} onClick={() => peer.setShowFirst(!peer.showFirst)}>
            {peer.showFirst ? "Hide round 1's answers" : "Show round 1's spread (the right answer stays hidden)"}
          </button>
        )}
        <button type="button" data-testid="reveal-all" onClick={() => act({ step, reveal: !revealed })}>
          {revealed ? "Hide again" : "Reveal for everyone"}
        </button>
        <button type="button" aria-pressed={locked} onClick={() => act({ step, locked: !locked })}>{locked ? "Unlock this step" : "Lock this step"}</button>
        <button type="button" aria-pressed={state?.pace === "self"} onClick={() => act({ pace: state?.pace === "self" ? "teacher" : "self" })}>
          {state?.pace === "self" ? "Students follow me" : "Let students move on their own"}
        </button>
        <button type="button" onClick={() => { if (window.confirm("Clear this step's answers and hide it again? They leave the class's records and its CSV too: download the answers first to keep them.")) act({ step, reset: true }); }}>Reset this step</button>
        </>)}
        <button type="button" onClick={() => classes.downloadCsv(code, token).catch((e: Error) => setError(e.message))}>Download answers</button>
        <button type="button" data-testid="open-report" onClick={peer.openReport}>Class report</button>
        <button type="button" disabled={ending} onClick={() => {
          if (!window.confirm("End the class? Students are told; the answers stay downloadable for 24 hours.")) return;
          setEnding(true);
          classes.end(code, token).catch((e: Error) => { setError(e.message); setEnding(false); });
        }}>End the class</button>
      </div>
      {error && <p role="alert" className="field-error">{error}</p>}
      </div>
    </aside>
  );
}
