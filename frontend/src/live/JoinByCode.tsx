// A class's code typed from the projector (on /learn): to its join page (/c/{code}).
import { useState } from "react";
import { CODE_LENGTH, readCode } from "./code";

/** A class's code typed from the projector: to its join page (/c/{code}). */
export function JoinByCode() {
  const [code, setCode] = useState("");
  const [tried, setTried] = useState(false);
  const read = readCode(code);
  const problem = !read.ok ? read.problem ?? (tried && code.trim() ? `A code has ${CODE_LENGTH} characters.` : null) : null;
  return (
    <form className="join-by-code" noValidate onSubmit={(e) => { e.preventDefault(); setTried(true); if (read.ok) window.location.assign(`/c/${read.code}`); }}>
      <label>
        {"In a class? Type the code on the screen: "}
        <input value={code} onChange={(e) => setCode(e.target.value)} maxLength={20} autoCapitalize="characters" autoComplete="off" spellCheck={false} size={13}
          aria-invalid={problem !== null} aria-describedby={problem ? "code-problem" : undefined} data-testid="class-code-input" />
      </label>{" "}
      <button type="submit">Join the class</button>
      {problem && <span id="code-problem" className="field-error" role="alert" data-testid="code-problem">{problem}</span>}
    </form>
  );
}
