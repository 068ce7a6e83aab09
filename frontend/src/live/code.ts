// A class's code as people type it from the projector: spaces, dashes and lowercase are fine;
// the characters the code alphabet leaves out (so none can be misread) are named if typed.
// The alphabet and the length are the server's (backend/app/codes.py ALPHABET,
// backend/app/classes/door.py CODE_LENGTH; a test holds them equal). A class started before
// codes grew to 10 characters keeps its 6, so both lengths are read.
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 10;
export const OLD_CODE_LENGTH = 6;
export const CODE = new RegExp(`^[${CODE_ALPHABET}]{${OLD_CODE_LENGTH}}(?:[${CODE_ALPHABET}]{${CODE_LENGTH - OLD_CODE_LENGTH}})?$`);

export type ReadCode = { ok: true; code: string } | { ok: false; problem: string | null };

export function readCode(text: string): ReadCode {
  const t = text.replace(/[\s\-–—_.·]/g, "").toUpperCase();
  if (!t) return { ok: false, problem: null };
  const left = [...new Set([...t].filter((c) => /[01OIL]/.test(c)))];
  if (left.length) return { ok: false, problem: `Codes never use ${left.map((c) => `“${c}”`).join(" or ")}: they leave out 0, O, 1, I and L so that none is misread. Check the code on the screen.` };
  const other = [...new Set([...t].filter((c) => !CODE_ALPHABET.includes(c)))];
  if (other.length) return { ok: false, problem: `A code has only letters and digits (not ${other.map((c) => `“${c}”`).join(", ")}).` };
  if (t.length === CODE_LENGTH || t.length === OLD_CODE_LENGTH) return { ok: true, code: t };
  if (t.length < CODE_LENGTH) return { ok: false, problem: null }; // still typing
  return { ok: false, problem: `A code has ${CODE_LENGTH} characters; this has ${t.length}.` };
}

/** The code as shown on the projector: a long one in two groups of five, easier to read out
 * and to copy (typed with or without the gap, it reads the same). */
export function codeGroups(code: string): string[] {
  return code.length === CODE_LENGTH ? [code.slice(0, 5), code.slice(5)] : [code];
}

/** The class code in a seat's address (/c/{code}), as a person may type it off the projector:
 * lowercase, a dash, or the gap between its groups typed as a space (%20 in the address). */
export function codeInPath(path: string): ReadCode | null {
  let p = path;
  try {
    p = decodeURIComponent(path);
  } catch {
    return null;
  }
  const joining = /^\/c\/([A-Za-z0-9 -]{6,24})\/?$/.exec(p);
  return joining ? readCode(joining[1]) : null;
}
