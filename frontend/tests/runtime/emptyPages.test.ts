import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packPages, SnapshotFormatError, unpackPages } from "../../src/runtime/emptyPages";

const PAGE = 4096;

/** Memory of `pages` pages (the last maybe partial), some empty, some with a few bytes set. */
const memory = fc
  .record({
    pages: fc.integer({ min: 0, max: 40 }),
    tail: fc.integer({ min: 0, max: PAGE - 1 }),
    writes: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { maxLength: 30 }),
  })
  .map(({ pages, tail, writes }) => {
    const mem = new Uint8Array(pages * PAGE + tail);
    for (const [at, v] of writes) if (mem.length) mem[at % mem.length] = v;
    return mem;
  });

describe("a snapshot kept without its empty pages", () => {
  it("gives back exactly the memory it was made from", () => {
    fc.assert(
      fc.property(memory, (mem) => {
        // (compared as bytes: a matcher's deep equality on a typed array walks it slowly)
        expect(Buffer.from(unpackPages(packPages(mem))).equals(Buffer.from(mem))).toBe(true);
      }),
    );
  });

  it("stores only the pages that hold something", () => {
    const mem = new Uint8Array(10 * PAGE + 100);
    mem[3 * PAGE + 17] = 1; // page 3
    mem[10 * PAGE + 99] = 2; // the partial last page
    const packed = packPages(mem);
    expect(packed.length).toBe(8 + 2 + PAGE + 100); // head, an 11-bit bitmap, two pages
    expect(packPages(new Uint8Array(64 * PAGE)).length).toBe(8 + 8); // nothing but the head and bitmap
  });

  it("refuses what is not one, cut short or with bytes to spare", () => {
    const mem = new Uint8Array(3 * PAGE).fill(7);
    const packed = packPages(mem);
    expect(() => unpackPages(new Uint8Array([1, 2, 3]))).toThrow(SnapshotFormatError);
    expect(() => unpackPages(new Uint8Array(packed.length).fill(0x1f))).toThrow(SnapshotFormatError); // gzip's or anything else's bytes
    expect(() => unpackPages(packed.subarray(0, packed.length - 1))).toThrow(SnapshotFormatError);
    const longer = new Uint8Array(packed.length + 1);
    longer.set(packed);
    expect(() => unpackPages(longer)).toThrow(SnapshotFormatError);
  });
});
