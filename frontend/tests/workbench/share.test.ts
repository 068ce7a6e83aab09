// @vitest-environment node
// An edit in a link: every edited file packed and read back whole; a link of one module made
// before edits spanned files still read; a damaged, oversized or malformed one refused; one too
// long for a link read from a saved scenario (up to the server's bound), which the link names.
import { describe, expect, it } from "vitest";
import { packText } from "../../src/packedText";
import { fragmentOf, readFragment } from "../../src/state/fragment";
import { decodeEdits, encodeEdits, MAX_LINK_FRAGMENT, MAX_SAVED_EDIT, SHORT_LINK, shareWay } from "../../src/workbench/share";
import { python, ROOT } from "../fixtures/python";

const SLOWER_DISK = { module: "perfmodels/afs.py", hunks: [{ at: 92, del: ["DISK_MBPS = 20.0"], ins: ["DISK_MBPS = 5.0  # a slower disk"] }] };
const SLOWER_MVA = { module: "perfmodels/mva.py", hunks: [{ at: 40, del: [], ins: ["    demands = [2 * d for d in demands]"] }] };

describe("an edit in the link", () => {
  it("travels whole, small for a typical edit", async () => {
    const payload = await encodeEdits([SLOWER_DISK]);
    expect(payload.length).toBeLessThan(200);
    expect(await decodeEdits(payload)).toEqual([SLOWER_DISK]);
    expect(readFragment(fragmentOf({ open: true, edit: payload, saved: null }))).toEqual({ open: true, edit: payload, saved: null });
    expect(readFragment("#edit")).toEqual({ open: true, edit: null, saved: null });
    expect(readFragment("")).toEqual({ open: false, edit: null, saved: null });
  });

  it("carries every edited file, each with its own hunks, in order", async () => {
    const lavc = { module: "perfmodels/lavc.py", hunks: [{ at: 3, del: ["a", "b"], ins: [] }, { at: 9, del: ["c"], ins: ["d", "e"] }] };
    const payload = await encodeEdits([lavc, SLOWER_MVA]);
    expect(payload.length).toBeLessThan(300);
    expect(await decodeEdits(payload)).toEqual([lavc, SLOWER_MVA]);
  });

  it("reads a link of one module, as links were written before an edit could span files", async () => {
    const old = await packText(JSON.stringify({ m: SLOWER_DISK.module, h: SLOWER_DISK.hunks.map((h) => [h.at, h.del, h.ins]) }));
    expect(await decodeEdits(old)).toEqual([SLOWER_DISK]);
  });

  it("refuses what is not an edit", async () => {
    await expect(decodeEdits("not*base64")).rejects.toThrow("damaged");
    for (const doc of [
      { m: 1, h: [] },
      { m: "x", h: [[-1, [], []]] },
      { m: "x" },
      { f: [] },
      { f: [["perfmodels/mva.py"]] },
      { f: [["perfmodels/mva.py", [[0, [1], []]]]] },
      { f: [["perfmodels/mva.py", []], ["perfmodels/mva.py", []]] },
      { f: Array.from({ length: 17 }, (_, i) => [`perfmodels/m${i}.py`, []]) },
      { f: [["p".repeat(101), []]] },
      [1, 2],
      null,
    ]) {
      await expect(decodeEdits(await packText(JSON.stringify(doc))), JSON.stringify(doc)).rejects.toThrow("damaged");
    }
    await expect(decodeEdits("A".repeat(MAX_LINK_FRAGMENT + 1))).rejects.toThrow("damaged");
    await expect(decodeEdits(await packText(`{"f": [["x", [[0, [], ["${"y".repeat(300_000)}"]]]]]}`))).rejects.toThrow("too large");
  });
});

/** An edit of LAVC's module by many changed lines, each unlike the others, so it packs to about
 * `chars` characters, with a line of mva.py beside it (an edit across files). */
async function longEdit(chars: number) {
  let seed = 7;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed.toString(36);
  };
  const ins: string[] = [];
  let payload = "";
  while (payload.length < chars) {
    for (let i = 0; i < 50; i++) ins.push(`K_${word()} = ${word().length}.${word().slice(0, 3).replace(/[a-z]/g, "")}0  # ${word()} ${word()}`);
    payload = await encodeEdits([{ module: "perfmodels/lavc.py", hunks: [{ at: 10, del: [], ins }] }, SLOWER_MVA]);
  }
  return { edits: [{ module: "perfmodels/lavc.py", hunks: [{ at: 10, del: [], ins }] }, SLOWER_MVA], payload };
}

describe("an edit too long for a link", () => {
  it("is shared as a short link, a long link, or a saved scenario, by its packed length", () => {
    expect(shareWay(120)).toBe("short link");
    expect(shareWay(SHORT_LINK)).toBe("short link");
    expect(shareWay(SHORT_LINK + 1)).toBe("long link");
    expect(shareWay(MAX_LINK_FRAGMENT)).toBe("long link");
    expect(shareWay(MAX_LINK_FRAGMENT + 1)).toBe("scenario");
    expect(shareWay(MAX_SAVED_EDIT)).toBe("scenario");
    expect(shareWay(MAX_SAVED_EDIT + 1)).toBe("too long");
  });

  it("is read whole from a saved scenario, every file of it, though a link may not carry it", async () => {
    const { edits, payload } = await longEdit(MAX_LINK_FRAGMENT + 500);
    expect(payload.length).toBeGreaterThan(MAX_LINK_FRAGMENT);
    expect(payload.length).toBeLessThan(MAX_SAVED_EDIT);
    await expect(decodeEdits(payload)).rejects.toThrow("the edit in this link is damaged");
    expect(await decodeEdits(payload, "scenario")).toEqual(edits);
    await expect(decodeEdits("A".repeat(MAX_SAVED_EDIT + 1), "scenario")).rejects.toThrow("the edit in this saved scenario is damaged");
    await expect(decodeEdits(await packText("[]"), "scenario")).rejects.toThrow("the edit in this saved scenario is damaged");
  });

  it("is bounded as the server bounds it", () => {
    const server = python<number>(`import sys; sys.path.insert(0, ${JSON.stringify(`${ROOT}backend`)}); from app.api.schemas import MAX_EDIT_CHARS; print(MAX_EDIT_CHARS)`);
    expect(MAX_SAVED_EDIT).toBe(server);
  });

  it("is named in the link by its saved scenario", () => {
    const f = { open: true, edit: null, saved: "abcdEFGH12_-" };
    expect(fragmentOf(f)).toBe("#saved-model=abcdEFGH12_-");
    expect(readFragment(fragmentOf(f))).toEqual(f);
    // an edit in the link itself wins; a name that is no scenario's link opens the original
    expect(readFragment("#model=AAAA&saved-model=abcdEFGH12")).toEqual({ open: true, edit: "AAAA", saved: null });
    expect(readFragment("#saved-model=no%20such!")).toEqual({ open: true, edit: null, saved: null });
  });
});
