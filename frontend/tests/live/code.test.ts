// A class code as typed from the projector, and the alphabet shared with the server.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, readCode } from "../../src/live/code";
import { ROOT } from "../fixtures/python";

describe("reading a typed class code", () => {
  it("takes spaces, dashes and lowercase", () => {
    for (const t of ["53S4CV", "53s 4cv", "53S-4CV", " 53 s4 cv ", "53S–4CV"]) expect(readCode(t)).toEqual({ ok: true, code: "53S4CV" });
  });

  it("names a character the alphabet leaves out, and a wrong length", () => {
    expect(readCode("53S 4C0")).toEqual({ ok: false, problem: expect.stringContaining("never use “0”") });
    expect(readCode("ILOVE1")).toEqual({ ok: false, problem: expect.stringMatching(/“I” or “L” or “O” or “1”/) });
    expect(readCode("53S4CVX")).toEqual({ ok: false, problem: "A code has 6 characters; this has 7." });
    expect(readCode("53S!CV")).toEqual({ ok: false, problem: expect.stringContaining("only letters and digits") });
    expect(readCode("53S")).toEqual({ ok: false, problem: null }); // still typing
  });

  it("uses the server's alphabet", () => {
    const py = readFileSync(`${ROOT}backend/app/codes.py`, "utf8");
    expect(py).toContain(`ALPHABET = "${CODE_ALPHABET}"`);
  });
});
