// @vitest-environment jsdom
// The projector's join address: what it prints, typed into a phone's address bar as it reads,
// opens the class (the whole address with the code, not the address with the code beside it),
// and the gap drawn between the code's two groups may be typed as a space.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ClassPanel } from "../../src/live/ClassPanel";
import { codeInPath } from "../../src/live/code";
import { emptyRoom } from "../../src/live/room";

afterEach(cleanup);

const peer = { round: 1, showLive: false, setShowLive: () => {}, showFirst: false, setShowFirst: () => {}, openReport: () => {} };

describe("the join address on the projector", () => {
  it("prints the whole address, the code included, and that text typed is the join link", () => {
    const { container } = render(<ClassPanel code="QXY95HZDFU" token="t" room={emptyRoom} link={{ link: "live" }} step={1} asks={false} peer={peer} />);
    const link = container.querySelector<HTMLAnchorElement>(".join-line a")!;
    const printed = link.textContent ?? "";
    expect(printed).toBe(`${window.location.host}/c/QXY95HZDFU`);
    // typed as printed (a browser adds the scheme): the link's own address, and a class's code
    const typed = new URL(`${window.location.protocol}//${printed}`);
    expect(typed.href).toBe(link.href);
    expect(codeInPath(typed.pathname)).toEqual({ ok: true, code: "QXY95HZDFU" });
    // the code in large type is inside the address, not beside it
    expect(link.contains(screen.getByTestId("class-code"))).toBe(true);
  });

  it("reads the code typed with the drawn gap as a space, in lower case, or with a dash", () => {
    for (const path of ["/c/QXY95%20HZDFU", "/c/qxy95 hzdfu", "/c/QXY95-HZDFU/", "/c/QXY95HZDFU"]) {
      expect(codeInPath(path), path).toEqual({ ok: true, code: "QXY95HZDFU" });
    }
    expect(codeInPath("/c/")).toBeNull();
    expect(codeInPath("/c/%E0%A4%A")).toBeNull(); // (an address that does not decode)
  });
});
