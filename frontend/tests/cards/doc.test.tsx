// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Doc, splitDeveloperNotes } from "../../src/cards/doc";

const text = `Mechanism. Exact MVA (\`mva.py\`) gives the rate.

Parameters. Fitted (params/decnet.json, by \`python -m calibration decnet\`): the per-message
cost \`host_msg_ms\` and <b>not HTML</b>.

    X = N / (Z + R)
`;

describe("a model card's explanation", () => {
  it("takes file names and commands out of the text, for the developers' part", () => {
    const { main, notes } = splitDeveloperNotes(text);
    expect(main).not.toMatch(/mva\.py|params\/|python -m/);
    expect(main).toContain("Exact MVA gives the rate.");
    expect(notes).toEqual(["`mva.py`", "params/decnet.json, by `python -m calibration decnet`"]);
  });

  it("shows code as code and everything else as text, equations preformatted", () => {
    const { container } = render(<Doc text={text} />);
    expect(container.querySelector("code")?.textContent).toBe("host_msg_ms");
    expect(container.textContent).not.toContain("`");
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toContain("<b>not HTML</b>");
    expect(container.querySelector("pre")?.textContent).toContain("X = N / (Z + R)");
  });
});
