// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/client";
import { ASK_AGAIN, askServer, type Http, serverThenWorker } from "../../src/runtime/fallback";
import { WorkerTransport } from "../../src/runtime/transport";
import { FakeWorker, ready, result } from "./fakeWorker";

// The server as the page's model client sees it: every model call (a route's name and body, as
// api.model posts it) answered with what was asked; a description by its own GET.
function http(fail?: Error, answer?: (call: Record<string, unknown>) => unknown): Http {
  const reply = (what: string) => vi.fn(async (asked: unknown) => {
    if (fail) throw fail;
    return answer ? answer(asked as Record<string, unknown>) : { what, asked };
  });
  return { model: reply("model"), describe: reply("describe") } as unknown as Http;
}

const sweep = { type: "sweep" as const, system: "ffs", knobs: { block_kb: 8 }, x: "block_kb", values: [4, 8] };

describe("askServer", () => {
  it("sends a request to the route of its operation's name, the request as its body", async () => {
    const h = http();
    expect(await askServer(h, sweep)).toEqual({ what: "model", asked: sweep });
    // a user's own fit travels with the request
    const params = { cpu_block_ms: 5 };
    const evaluate = { type: "evaluate" as const, system: "ffs", knobs: {}, params };
    expect(await askServer(h, evaluate)).toEqual({ what: "model", asked: evaluate });
    const sensitivity = { type: "sensitivity" as const, system: "ffs", knobs: {}, metric: "throughput_kBps" };
    expect(await askServer(h, sensitivity)).toEqual({ what: "model", asked: sensitivity });
    // a curve's band alone (its route: the curve, asked first, is not sent again)
    const band = { ...sweep, type: "band" as const };
    expect(await askServer(h, band)).toEqual({ what: "model", asked: band });
  });

  it("asks the routes that take another shape in theirs", async () => {
    const h = http();
    expect(await askServer(h, { type: "describe", system: "ffs" })).toEqual({ what: "describe", asked: "ffs" });
    // a curve without its band is asked as it is
    expect(await askServer(h, { ...sweep, band: false })).toEqual({ what: "model", asked: { ...sweep, band: false } });
  });

  it("fits a user's text by reading it first, and gives the rows their lines and left-out errors", async () => {
    const row = { knobs: { block_kb: 4 }, metrics: { throughput_kBps: 300 } };
    const h = http(undefined, (asked) =>
      asked.type === "table"
        ? { problems: [], rows: [{ ...row, line: 2 }] }
        : { rows: [{ line: 1, metric: "throughput_kBps", left_out_percent: 7 }] },
    );
    const fit = await askServer(h, { type: "fit", system: "ffs", text: "t", knobs: {}, fit: ["cpu_block_ms"] });
    expect(fit.rows[0].line).toBe(2);
    expect(h.model).toHaveBeenCalledWith({ type: "table", system: "ffs", text: "t", knobs: {} });
    expect(h.model).toHaveBeenLastCalledWith({ type: "fit", system: "ffs", rows: [row], fit: ["cpu_block_ms"], knobs: {} });
    const left = await askServer(h, { type: "left_out", system: "ffs", text: "t", knobs: {}, best: { cpu_block_ms: 5 } });
    expect(left).toEqual({ "2 throughput_kBps": 7 });
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
    w.emit(result(w.sent[0].id, "from the worker"));
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
    (h.model as ReturnType<typeof vi.fn>).mockRejectedValueOnce(down).mockRejectedValueOnce(down);
    const p = serverThenWorker(h, t, sweep);
    await vi.waitFor(() => expect(h.model).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event("online")); // still down
    await vi.waitFor(() => expect(h.model).toHaveBeenCalledTimes(2));
    window.dispatchEvent(new Event("online")); // back
    expect(await p).toEqual({ what: "model", asked: sweep });
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
