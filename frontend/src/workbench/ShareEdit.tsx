// How the edit can be shared, said beside it: a short one travels in the address (copy it); a
// long one would make a link that chats and mail cut, and one over the limit cannot travel in a
// link at all: saving it as a scenario gives a short link (the scenario keeps the edit, which a
// visitor's browser runs only in its sandbox, when asked).
import type { ReactNode } from "react";
import { MAX_LINK_FRAGMENT, SHORT_LINK, shareWay } from "./share";

const n = (v: number) => v.toLocaleString("en");

export function ShareEdit({ packed, saved, save }: {
  /** the edit packed as a link carries it (null: no edit) */
  packed: string | null;
  /** the address names a saved scenario holding this very edit */
  saved: boolean;
  /** the "save as a scenario" control */
  save: ReactNode;
}) {
  if (packed === null) return null;
  const way = shareWay(packed.length);
  const copy = (
    <button type="button" data-testid="copy-edit-link" onClick={() => void navigator.clipboard?.writeText(window.location.href)}>Copy the link</button>
  );
  let said: string;
  if (saved) said = "This edit is kept in a saved scenario; the address names it, so its link is short.";
  else if (way === "short link") said = `The address holds your edit (${n(packed.length)} characters): copy it to share the edited model.`;
  else if (way === "long link")
    said = `Your edit makes a long link (${n(packed.length)} characters; mail and chats may cut links over ${n(SHORT_LINK)}). Save it as a scenario for a short link.`;
  else if (way === "scenario")
    said = `This edit is too long to travel in a link (${n(packed.length)} characters packed, over ${n(MAX_LINK_FRAGMENT)}); the address keeps the last edit that fitted. Save it as a scenario to share it.`;
  else said = `This edit is too long to share (${n(packed.length)} characters packed), even in a saved scenario; the address keeps the last edit that fitted.`;
  const short = saved || way === "short link";
  return (
    <section className="share-edit" aria-label="Share the edit" data-testid="share-edit" data-way={saved ? "saved" : way}>
      <p data-testid={way === "scenario" || way === "too long" ? "edit-too-long" : undefined}>{said}</p>
      <p className="share-edit-actions">
        {short && copy}
        {/* kept mounted once saved: its dialog shows the new link */}
        {way !== "too long" && save}
      </p>
    </section>
  );
}
