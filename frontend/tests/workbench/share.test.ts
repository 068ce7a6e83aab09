// @vitest-environment node
// An edit in a link: packed and read back whole; a damaged, oversized or malformed one refused.
import { describe, expect, it } from "vitest";
import { packText } from "../../src/packedText";
import { fragmentOf, readFragment } from "../../src/workbench/fragment";
import { decodeEdit, encodeEdit, MAX_LINK_FRAGMENT } from "../../src/workbench/share";

describe("an edit in the link", () => {
  it("travels whole, small for a typical edit", async () => {
    const edit = { module: "perfmodels/afs.py", hunks: [{ at: 92, del: ["DISK_MBPS = 20.0"], ins: ["DISK_MBPS = 5.0  # a slower disk"] }] };
    const payload = await encodeEdit(edit);
    expect(payload.length).toBeLessThan(200);
    expect(await decodeEdit(payload)).toEqual(edit);
    expect(readFragment(fragmentOf({ open: true, edit: payload }))).toEqual({ open: true, edit: payload });
    expect(readFragment("#edit")).toEqual({ open: true, edit: null });
    expect(readFragment("")).toEqual({ open: false, edit: null });
  });

  it("refuses what is not an edit", async () => {
    await expect(decodeEdit("not*base64")).rejects.toThrow("damaged");
    await expect(decodeEdit(await packText("{\"m\": 1, \"h\": []}"))).rejects.toThrow("damaged");
    await expect(decodeEdit(await packText("{\"m\": \"x\", \"h\": [[-1, [], []]]}"))).rejects.toThrow("damaged");
    await expect(decodeEdit("A".repeat(MAX_LINK_FRAGMENT + 1))).rejects.toThrow("damaged");
    await expect(decodeEdit(await packText(`{"m": "x", "h": [[0, [], ["${"y".repeat(300_000)}"]]]}`))).rejects.toThrow("too large");
  });
});
