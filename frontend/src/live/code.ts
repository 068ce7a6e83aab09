// A class's code as people type it from the projector: spaces, dashes and lowercase are fine;
// the characters the code alphabet leaves out (so none can be misread) are named if typed.
// The alphabet is the server's (backend/app/codes.py ALPHABET; a test holds them equal).
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;
export const CODE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export type ReadCode = { ok: true; code: string } | { ok: false; problem: string | null };

export function readCode(text: string): ReadCode {
  const t = text.replace(/[\s\-–—_.·]/g, "").toUpperCase();
  if (!t) return { ok: false, problem: null };
  const left = [...new Set([...t].filter((c) => /[01OIL]/.test(c)))];
  if (left.length) return { ok: false, problem: `Codes never use ${left.map((c) => `“${c}”`).join(" or ")}: they leave out 0, O, 1, I and L so that none is misread. Check the code on the screen.` };
  const other = [...new Set([...t].filter((c) => !CODE_ALPHABET.includes(c)))];
  if (other.length) return { ok: false, problem: `A code has only letters and digits (not ${other.map((c) => `“${c}”`).join(", ")}).` };
  if (t.length < CODE_LENGTH) return { ok: false, problem: null }; // still typing
  if (t.length > CODE_LENGTH) return { ok: false, problem: `A code has ${CODE_LENGTH} characters; this has ${t.length}.` };
  return { ok: true, code: t };
}
