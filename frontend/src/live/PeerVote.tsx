// Peer instruction on a student's phone: how sure they are (one tap, sent with the answer). A
// step's second vote, whom to discuss it with, is ./DiscussionGroup.tsx.

export type Sure = 1 | 2 | 3;
export const SURE_WORDS: Record<Sure, string> = { 1: "Guessing", 2: "Fairly sure", 3: "Sure" };

/** How sure the student is: three buttons a thumb can hit, one tap each. */
export function Confidence({ sure, onPick, disabled }: { sure: number | null; onPick: (s: Sure) => void; disabled?: boolean }) {
  return (
    <fieldset className="peer-sure" data-testid="confidence" disabled={disabled}>
      <legend>How sure are you?</legend>
      <div className="sure-buttons">
        {([1, 2, 3] as const).map((s) => (
          <button key={s} type="button" aria-pressed={sure === s} data-testid={`confidence-${s}`} onClick={() => onPick(s)}>
            {SURE_WORDS[s]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
