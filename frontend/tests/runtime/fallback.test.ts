import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/client";
import { ASK_AGAIN, askServer, type Http, serverThenWorker } from "../../src/runtime/fallback";
import { WorkerTransport } from "../../src/runtime/transport";
import { FakeWorker, ready } from "./fakeWorker";

function http(fail?: Error): Http {
  const answer = (what: string) => vi.fn(async (...args: unknown[]) => {
    if (fail) throw fail;
    return { what, args };
  });
  return { evaluate: answer("evaluate"), sweep: answer("sweep"), describe: answer("describe") } as unknown as Http;
}

const sweep = { type: "sweep" as const, system: "ffs", knobs: { block_kb: 8 }, x: "block_kb", values: [4, 8] };

describe("askServer", () => {
  it("sends each kind of request to its route with its arguments", async () => {
    const h = http();
    expect(await askServer(h, sweep)).toEqual({ what: "sweep", args: ["ffs", { block_kb: 8 }, "block_kb", [4, 8], undefined] });
    expect(await askServer(h, { type: "evaluate", system: "ffs", knobs: {} })).toEqual({ what: "evaluate", args: ["ffs", {}, undefined] });
    // a user's own fit travels with the request
    const params = { cpu_block_ms: 5 };
    expect(await askServer(h, { type: "evaluate", system: "ffs", knobs: {}, params })).toEqual({ what: "evaluate", args: ["ffs", {}, params] });
    expect(await askServer(h, { type: "describe", system: "ffs" })).toEqual({ what: "describe", args: ["ffs"] });
  });
});

describe("serverThenWorker", () => {
  it("takes the worker's answer when the server cannot be reached", async () => {
    const w = new FakeWorker();
    const t = new WorkerTransport(() => w, false);
    const p = serverThenWorker(http(new TypeError("Failed to fetch")), t, sweep);
    await Promise.resolve();
    expect(w.sent).toHaveLength(0); // nothing is asked of a worker that is not ready
    w.emit(ready);
    await vi.waitFor(() => expect(w.sent).toHaveLength(1));
    w.emit({ type: "result", id: w.sent[0].id, result: "from the worker" });
    expect(await p).toBe("from the worker");
  });

  it("keeps the server's refusal: bad input is not retried", async () => {
    const w = new FakeWorker();
    const t = new WorkerTransport(() => w, false);
    w.emit(ready);
    await expect(serverThenWorker(http(new ApiError(422, "link_quota must be 1..64")), t, sweep)).rejects.toThrow("link_quota");
    expect(w.sent).toHaveLength(0);
  });

  it("with no worker to turn to (a class seat), asks the server again once back online, and gives up in the end", async () => {
    const t = new WorkerTransport(null, false);
    const h = http();
    const down = new TypeError("Failed to fetch");
    (h.sweep as ReturnType<typeof vi.fn>).mockRejectedValueOnce(down).mockRejectedValueOnce(down);
    const p = serverThenWorker(h, t, sweep);
    await vi.waitFor(() => expect(h.sweep).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event("online")); // still down
    await vi.waitFor(() => expect(h.sweep).toHaveBeenCalledTimes(2));
    window.dispatchEvent(new Event("online")); // back
    expect(await p).toEqual({ what: "sweep", args: ["ffs", { block_kb: 8 }, "block_kb", [4, 8], undefined] });
    // down for good: the network error, after ASK_AGAIN.times tries
    const times = ASK_AGAIN.times;
    ASK_AGAIN.times = 2;
    ASK_AGAIN.ms = 1;
    try {
      await expect(serverThenWorker(http(down), t, sweep)).rejects.toThrow("Failed to fetch");
    } finally {
      Object.assign(ASK_AGAIN, { times, ms: 3000 });
    }
  });
});
