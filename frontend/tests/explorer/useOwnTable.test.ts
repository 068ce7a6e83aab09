// @vitest-environment jsdom
// A user's table is read with the knobs on screen: read again once the knobs rest after a move
// (so "Held at the settings on screen" says the settings on screen), quietly, without "reading".
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { KnobValues, OwnTable } from "../../src/api/types";
import { useOwnTable } from "../../src/explorer/useOwnTable";
import type { ModelClient } from "../../src/runtime/ModelClient";

describe("a user's table and the knobs on screen", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("is read again with the new knobs once they rest, and only new text says it is being read", async () => {
    const asked: KnobValues[] = [];
    const client = {
      own: (call: { knobs: KnobValues }) => {
        asked.push(call.knobs);
        return Promise.resolve({ rows: [], problems: [], held: call.knobs } as unknown as OwnTable);
      },
    } as unknown as ModelClient;
    const { result, rerender } = renderHook(({ knobs }: { knobs: KnobValues }) => useOwnTable(client, "lavc", "users,cpu\n10,5", knobs),
      { initialProps: { knobs: { locks_per_user: 0.54 } as KnobValues } });
    expect(result.current.reading).toBe(true);
    await act(async () => vi.advanceTimersByTime(250));
    expect(result.current.table?.held).toEqual({ locks_per_user: 0.54 });

    rerender({ knobs: { locks_per_user: 0.55 } });
    rerender({ knobs: { locks_per_user: 0.56 } }); // a run of presses: one reading, at rest
    expect(result.current.reading).toBe(false);
    await act(async () => vi.advanceTimersByTime(250));
    expect(asked).toEqual([{ locks_per_user: 0.54 }, { locks_per_user: 0.56 }]);
    expect(result.current.table?.held).toEqual({ locks_per_user: 0.56 });
  });
});
