import { describe, expect, it } from "vitest";
import { Lanes, Superseded } from "../../src/runtime/lanes";

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("Lanes", () => {
  it("runs one task at a time per lane, and lanes independently", async () => {
    const lanes = new Lanes();
    const started: string[] = [];
    const a = deferred<string>();
    const b = deferred<string>();
    const first = lanes.run("detail", () => {
      started.push("a");
      return a.promise;
    });
    const second = lanes.run("detail", () => {
      started.push("b");
      return b.promise;
    });
    const other = lanes.run("baseline", async () => {
      started.push("c");
      return "c";
    });
    expect(started).toEqual(["a", "c"]);
    a.resolve("A");
    expect(await first).toBe("A");
    await tick();
    expect(started).toEqual(["a", "c", "b"]);
    b.resolve("B");
    expect(await second).toBe("B");
    expect(await other).toBe("c");
  });

  it("lets the newest queued task replace an older one that has not started", async () => {
    const lanes = new Lanes();
    const running = deferred<number>();
    const ran: number[] = [];
    const p1 = lanes.run("l", () => running.promise);
    const p2 = lanes.run("l", async () => {
      ran.push(2);
      return 2;
    });
    const p3 = lanes.run("l", async () => {
      ran.push(3);
      return 3;
    });
    await expect(p2).rejects.toBeInstanceOf(Superseded);
    running.resolve(1);
    expect(await p1).toBe(1);
    expect(await p3).toBe(3);
    expect(ran).toEqual([3]);
  });

  it("frees the lane after a failure, thrown or rejected", async () => {
    const lanes = new Lanes();
    await expect(lanes.run("l", () => Promise.reject(new Error("worker said no")))).rejects.toThrow("worker said no");
    await expect(lanes.run("l", () => {
      throw new Error("threw");
    })).rejects.toThrow("threw");
    expect(await lanes.run("l", async () => "next")).toBe("next");
  });
});
