// A memory snapshot kept without its empty pages. Most of the interpreter's memory is zero (about
// 60 % of its 4 KB pages at start-up), so leaving those out keeps 31.5 MB in about 12.5 MB, and
// costs a scan and a copy: gzip kept it in 4.5 MB but took about a second of CPU to keep and half a
// second to restore (measured in Chromium, docs/performance.md), on a phone several times that.
//
// Layout: "MLP1", the memory's length (u32, little-endian), a bitmap of its pages (bit set: the
// page is stored), then the stored pages in order (the last one as long as the memory is).

const PAGE = 4096;
const MAGIC = [0x4d, 0x4c, 0x50, 0x31]; // "MLP1"
const HEAD = 8;

export class SnapshotFormatError extends Error {}

const isEmpty = (mem: Uint8Array, from: number, to: number) => {
  for (let i = from; i < to; i++) if (mem[i] !== 0) return false;
  return true;
};

/** The memory without its empty pages. */
export function packPages(mem: Uint8Array): Uint8Array {
  const pages = Math.ceil(mem.length / PAGE);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  let stored = 0;
  for (let p = 0; p < pages; p++) {
    const from = p * PAGE, to = Math.min(from + PAGE, mem.length);
    if (isEmpty(mem, from, to)) continue;
    bitmap[p >> 3] |= 1 << (p & 7);
    stored += to - from;
  }
  const out = new Uint8Array(HEAD + bitmap.length + stored);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, mem.length, true);
  out.set(bitmap, HEAD);
  let at = HEAD + bitmap.length;
  for (let p = 0; p < pages; p++) {
    if (!(bitmap[p >> 3] & (1 << (p & 7)))) continue;
    const page = mem.subarray(p * PAGE, Math.min((p + 1) * PAGE, mem.length));
    out.set(page, at);
    at += page.length;
  }
  return out;
}

/** The memory back, its empty pages zero; a SnapshotFormatError if `packed` is not one. */
export function unpackPages(packed: Uint8Array): Uint8Array {
  if (packed.length < HEAD || MAGIC.some((b, i) => packed[i] !== b)) throw new SnapshotFormatError("not a kept snapshot");
  const length = new DataView(packed.buffer, packed.byteOffset, packed.byteLength).getUint32(4, true);
  const pages = Math.ceil(length / PAGE);
  const bitmap = packed.subarray(HEAD, HEAD + Math.ceil(pages / 8));
  const mem = new Uint8Array(length);
  let at = HEAD + bitmap.length;
  for (let p = 0; p < pages; p++) {
    if (!(bitmap[p >> 3] & (1 << (p & 7)))) continue;
    const size = Math.min(PAGE, length - p * PAGE);
    if (at + size > packed.length) throw new SnapshotFormatError("a kept snapshot cut short");
    mem.set(packed.subarray(at, at + size), p * PAGE);
    at += size;
  }
  if (at !== packed.length) throw new SnapshotFormatError("a kept snapshot with bytes to spare");
  return mem;
}
