// @vitest-environment node
// An edit in a link: every edited file packed and read back whole; a link of one module made
// before edits spanned files still read; a damaged, oversized or malformed one refused.
import { describe, expect, it } from "vitest";
import { packText } from "../../src/packedText";
import { fragmentOf, readFragment } from "../../src/workbench/fragment";
import { decodeEdits, encodeEdits, MAX_LINK_FRAGMENT } from "../../src/workbench/share";

const SLOWER_DISK = { module: "perfmodels/afs.py", hunks: [{ at: 92, del: ["DISK_MBPS = 20.0"], ins: ["DISK_MBPS = 5.0  # a slower disk"] }] };
const SLOWER_MVA = { module: "perfmodels/mva.py", hunks: [{ at: 40, del: [], ins: ["    demands = [2 * d for d in demands]"] }] };

describe("an edit in the link", () => {
  it("travels whole, small for a typical edit", async () => {
    const payload = await encodeEdits([SLOWER_DISK]);
    expect(payload.length).toBeLessThan(200);
    expect(await decodeEdits(payload)).toEqual([SLOWER_DISK]);
    expect(readFragment(fragmentOf({ open: true, edit: payload }))).toEqual({ open: true, edit: payload });
    expect(readFragment("#edit")).toEqual({ open: true, edit: null });
    expect(readFragment("")).toEqual({ open: false, edit: null });
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
