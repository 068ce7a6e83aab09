// What the runtime hands back: an answer available now (drawn in the same frame as the knob
// move) or later.
export type Answer<T> = { now: T } | { later: Promise<T> };

/** The answer as a promise, whichever way it came. */
export const settled = <T,>(a: Answer<T>): Promise<T> => ("later" in a ? a.later : Promise.resolve(a.now));
