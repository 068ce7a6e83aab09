// The page's one queue of spoken news (a live class's join, step, answer and reveal; a lesson's
// reveal): what a screen reader should say, in the order it happened. Announcements.tsx shows it
// as a log region that exists from the first render (a live region mounted together with its
// text is often not read at all).

export interface Announcement {
  id: number;
  text: string;
}

/** How many past announcements stay in the region (a screen reader's user can read them back). */
export const KEPT = 5;

let items: Announcement[] = [];
let next = 1;
const listeners = new Set<() => void>();

/** Queue a sentence to be read; the same sentence twice in a row is said once. */
export function announce(text: string): void {
  const t = text.trim();
  if (!t || items[items.length - 1]?.text === t) return;
  items = [...items, { id: next++, text: t }].slice(-KEPT);
  for (const l of listeners) l();
}

export function announcements(): Announcement[] {
  return items;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: start from an empty queue. */
export function clearAnnouncements(): void {
  items = [];
  for (const l of listeners) l();
}
