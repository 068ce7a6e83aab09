// A class code as typed from the projector, and the alphabet and length shared with the server.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CODE, CODE_ALPHABET, CODE_LENGTH, codeGroups, readCode } from "../../src/live/code";
import { ROOT } from "../fixtures/python";

describe("reading a typed class code", () => {
  it("takes spaces, dashes and lowercase", () => {
    for (const t of ["53S4CVK7PX", "53s4c vk7px", "53S4C-VK7PX", " 53 s4 cv k7 px ", "53S4C–VK7PX"]) expect(readCode(t)).toEqual({ ok: true, code: "53S4CVK7PX" });
  });

  it("still reads the six characters of a class started before codes grew", () => {
    for (const t of ["53S4CV", "53s 4cv", "53S-4CV"]) expect(readCode(t)).toEqual({ ok: true, code: "53S4CV" });
    expect(CODE.test("53S4CV") && CODE.test("53S4CVK7PX")).toBe(true);
    expect(CODE.test("53S4CVK") || CODE.test("53S4CVK7PXY")).toBe(false);
  });

  it("names a character the alphabet leaves out, and a wrong length", () => {
    expect(readCode("53S 4C0")).toEqual({ ok: false, problem: expect.stringContaining("never use “0”") });
    expect(readCode("ILOVE1")).toEqual({ ok: false, problem: expect.stringMatching(/“I” or “L” or “O” or “1”/) });
    expect(readCode("53S4CVK7PXY")).toEqual({ ok: false, problem: "A code has 10 characters; this has 11." });
    expect(readCode("53S!CV")).toEqual({ ok: false, problem: expect.stringContaining("only letters and digits") });
    expect(readCode("53S")).toEqual({ ok: false, problem: null }); // still typing
    expect(readCode("53S4CVK")).toEqual({ ok: false, problem: null }); // still typing, past the old length
  });

  it("shows a long code in two groups of five", () => {
    expect(codeGroups("53S4CVK7PX")).toEqual(["53S4C", "VK7PX"]);
    expect(codeGroups("53S4CV")).toEqual(["53S4CV"]);
  });

  it("uses the server's alphabet and length", () => {
    expect(readFileSync(`${ROOT}backend/app/codes.py`, "utf8")).toContain(`ALPHABET = "${CODE_ALPHABET}"`);
    expect(readFileSync(`${ROOT}backend/app/classes/door.py`, "utf8")).toMatch(new RegExp(`^CODE_LENGTH = ${CODE_LENGTH}\\b`, "m"));
  });
});
