import { describe, expect, it } from "vitest";
import { fromGrid, toGrid } from "../../src/explorer/tableText";

describe("a table as text and as cells", () => {
  it("reads the delimiter the models read, keeps notes, quoted cells and each row's line", () => {
    const g = toGrid("# my disk\nblock_size\tThroughput (KB/s)\n\n4096\t380\n8192\t520\n");
    expect(g.delimiter).toBe("\t");
    expect(g.notes).toEqual(["# my disk"]);
    expect(g.rows).toEqual([["block_size", "Throughput (KB/s)"], ["4096", "380"], ["8192", "520"]]);
    expect(g.lines).toEqual([2, 4, 5]);
    expect(toGrid('a;b\n1;2\n').delimiter).toBe(";");
    expect(toGrid('name,note\nx,"a, b ""c"""\n').rows[1]).toEqual(["x", 'a, b "c"']);
  });

  it("writes cells back as text that reads as the same cells, short rows padded", () => {
    const g = toGrid('block_size,operation,throughput_kBps\n4096,read\n8192,write,330\n');
    expect(g.rows[1]).toEqual(["4096", "read", ""]);
    const again = toGrid(fromGrid({ ...g, rows: [...g.rows, ["16384", "say, \"hi\"", "400"]] }));
    expect(again.rows.at(-1)).toEqual(["16384", 'say, "hi"', "400"]);
    expect(fromGrid(g)).toBe("block_size,operation,throughput_kBps\n4096,read,\n8192,write,330\n");
  });
});
