// @vitest-environment node
// An edit in a link: packed and read back whole; a damaged, oversized or malformed one refused; one
// too long for a link read from a saved scenario (up to the server's bound), which the link names.
import { describe, expect, it } from "vitest";
import { packText } from "../../src/packedText";
import { fragmentOf, readFragment } from "../../src/workbench/fragment";
import { decodeEdit, encodeEdit, MAX_LINK_FRAGMENT, MAX_SAVED_EDIT, SHORT_LINK, shareWay } from "../../src/workbench/share";
import { python, ROOT } from "../fixtures/python";

describe("an edit in the link", () => {
  it("travels whole, small for a typical edit", async () => {
    const edit = { module: "perfmodels/afs.py", hunks: [{ at: 92, del: ["DISK_MBPS = 20.0"], ins: ["DISK_MBPS = 5.0  # a slower disk"] }] };
    const payload = await encodeEdit(edit);
    expect(payload.length).toBeLessThan(200);
    expect(await decodeEdit(payload)).toEqual(edit);
    expect(readFragment(fragmentOf({ open: true, edit: payload, saved: null }))).toEqual({ open: true, edit: payload, saved: null });
    expect(readFragment("#edit")).toEqual({ open: true, edit: null, saved: null });
    expect(readFragment("")).toEqual({ open: false, edit: null, saved: null });
  });

  it("refuses what is not an edit", async () => {
    await expect(decodeEdit("not*base64")).rejects.toThrow("damaged");
    await expect(decodeEdit(await packText("{\"m\": 1, \"h\": []}"))).rejects.toThrow("damaged");
    await expect(decodeEdit(await packText("{\"m\": \"x\", \"h\": [[-1, [], []]]}"))).rejects.toThrow("damaged");
    await expect(decodeEdit("A".repeat(MAX_LINK_FRAGMENT + 1))).rejects.toThrow("damaged");
    await expect(decodeEdit(await packText(`{"m": "x", "h": [[0, [], ["${"y".repeat(300_000)}"]]]}`))).rejects.toThrow("too large");
  });
});

/** An edit of many changed lines, each unlike the others, so it packs to about `chars` characters. */
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
    payload = await encodeEdit({ module: "perfmodels/afs.py", hunks: [{ at: 10, del: [], ins }] });
  }
  return { edit: { module: "perfmodels/afs.py", hunks: [{ at: 10, del: [], ins }] }, payload };
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

  it("is read whole from a saved scenario, though a link may not carry it", async () => {
    const { edit, payload } = await longEdit(MAX_LINK_FRAGMENT + 500);
    expect(payload.length).toBeGreaterThan(MAX_LINK_FRAGMENT);
    expect(payload.length).toBeLessThan(MAX_SAVED_EDIT);
    await expect(decodeEdit(payload)).rejects.toThrow("the edit in this link is damaged");
    expect(await decodeEdit(payload, "scenario")).toEqual(edit);
    await expect(decodeEdit("A".repeat(MAX_SAVED_EDIT + 1), "scenario")).rejects.toThrow("the edit in this saved scenario is damaged");
    await expect(decodeEdit(await packText("[]"), "scenario")).rejects.toThrow("the edit in this saved scenario is damaged");
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
