// The region that reads the page's announcements (announcer.ts) aloud: a polite log, present
// from the first render and never emptied, so each new sentence is read once, in order.
import { useSyncExternalStore } from "react";
import { announcements, subscribe } from "./announcer";

export function Announcements() {
  const items = useSyncExternalStore(subscribe, announcements);
  return (
    <div className="visually-hidden" role="log" aria-live="polite" aria-label="Announcements" data-testid="announcements">
      {items.map((a) => <p key={a.id}>{a.text}</p>)}
    </div>
  );
}
