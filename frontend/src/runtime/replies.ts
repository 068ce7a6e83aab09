// The reply board: the worker's newest answers in memory the page shares with it (a
// SharedArrayBuffer; the page must be cross-origin isolated). Chromium delivers a worker's message
// to the page only after the next frame when the page has just handled input, so an answer taken
// from its message is drawn a frame late. The worker also posts each answer here, and the page
// reads, at once and without waiting, any answer it is still waiting for (a curve computed
// ahead that the knob has just reached), or spins a few milliseconds for one it has just asked.
//
// Layout: Int32 slots 0 the id of the newest answer posted, 1 a sequence number (odd while the
// worker writes: a reader that sees it change reads again), 2 the number of answers held; from
// slot 4, [id, byte offset, byte length] for each; from byte DATA_OFFSET, the answers' UTF-8
// JSON, {"result": ...} or {"error": "..."}. The board keeps the WINDOW newest answers that fit.

export const WINDOW = 8;
const INDEX = 4;
export const DATA_OFFSET = 128;

/** The worker's side: post each answer. */
export class ReplyWriter {
  private ctrl: Int32Array;
  private data: Uint8Array;
  private held: { id: number; bytes: Uint8Array }[] = [];
  private encoder = new TextEncoder();

  constructor(buffer: SharedArrayBuffer) {
    this.ctrl = new Int32Array(buffer, 0, INDEX + 3 * WINDOW);
    this.data = new Uint8Array(buffer, DATA_OFFSET);
  }

  post(id: number, text: string): void {
    // encodeInto refuses shared memory in Chromium: encode, then copy in
    this.held.push({ id, bytes: this.encoder.encode(text) });
    if (this.held.length > WINDOW) this.held.shift();
    let size = this.held.reduce((n, h) => n + h.bytes.length, 0);
    while (size > this.data.length && this.held.length) size -= this.held.shift()!.bytes.length;
    const { ctrl, data } = this;
    Atomics.add(ctrl, 1, 1); // odd: being written
    let at = 0;
    this.held.forEach((h, k) => {
      data.set(h.bytes, at);
      ctrl[INDEX + 3 * k] = h.id;
      ctrl[INDEX + 3 * k + 1] = at;
      ctrl[INDEX + 3 * k + 2] = h.bytes.length;
      at += h.bytes.length;
    });
    Atomics.store(ctrl, 2, this.held.length);
    Atomics.store(ctrl, 0, id);
    Atomics.add(ctrl, 1, 1); // even: whole again
    Atomics.notify(ctrl, 0);
  }
}

export type Posted = { result?: unknown; error?: string };

/** The page's side: read answers off the board. */
export class ReplyReader {
  private ctrl: Int32Array;
  private data: Uint8Array;
  private decoder = new TextDecoder();

  constructor(buffer: SharedArrayBuffer) {
    this.ctrl = new Int32Array(buffer, 0, INDEX + 3 * WINDOW);
    this.data = new Uint8Array(buffer, DATA_OFFSET);
  }

  /** The id of the newest answer posted (ids rise: every request up to it is answered). */
  get newest(): number {
    return Atomics.load(this.ctrl, 0);
  }

  /** The board's answers to the requests `wanted` picks, or null if the worker kept writing
   * while this read (rare: the caller tries again later or takes the message). */
  read(wanted: (id: number) => boolean): Map<number, Posted> | null {
    const { ctrl, data } = this;
    for (let attempt = 0; attempt < 4; attempt++) {
      const seq = Atomics.load(ctrl, 1);
      if (seq % 2 === 1) continue;
      const copies: [number, Uint8Array][] = [];
      const n = Atomics.load(ctrl, 2);
      for (let k = 0; k < n; k++) {
        const id = ctrl[INDEX + 3 * k];
        if (!wanted(id)) continue;
        const at = ctrl[INDEX + 3 * k + 1];
        // TextDecoder refuses views of shared memory: a private copy
        copies.push([id, data.slice(at, at + ctrl[INDEX + 3 * k + 2])]);
      }
      if (Atomics.load(ctrl, 1) !== seq) continue;
      return new Map(copies.map(([id, bytes]) => [id, JSON.parse(this.decoder.decode(bytes)) as Posted]));
    }
    return null;
  }
}
