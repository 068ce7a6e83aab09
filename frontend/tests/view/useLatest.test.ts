// @vitest-environment jsdom
// A view's newest answer: kept while a newer request is on its way, except that a view moving to
// another answerer (the page's models to an edit's: view/answerer.ts) never shows the last one's
// answer as the new one's.
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { EvaluateResult } from "../../src/api/types";
import { useLatest } from "../../src/view/useLatest";

const evaluation = (throughput: number) => ({ system: "lavc", knobs: {}, metrics: { throughput }, bottleneck: "disk", stages: [] }) as unknown as EvaluateResult;

describe("a view that moves to another answerer", () => {
  it("never shows the last answerer's answer as the new one's, even while the new one's is on its way", async () => {
    const page = { name: "page" };
    const edit = { name: "edit" };
    let resolve: (e: EvaluateResult) => void = () => undefined;
    const { result, rerender } = renderHook(({ key, from }: { key: string; from: object }) =>
      useLatest<EvaluateResult>(key, () => (from === page ? { now: evaluation(1) } : { later: new Promise((r) => { resolve = r; }) }), undefined, from),
    { initialProps: { key: "page|a", from: page as object } });
    expect(result.current.value?.metrics.throughput).toBe(1);
    rerender({ key: "edit|a", from: edit });
    expect(result.current.value).toBeNull();
    await act(async () => resolve(evaluation(2)));
    expect(result.current.value?.metrics.throughput).toBe(2);
  });
});

describe("a view asking the same answerer", () => {
  it("keeps its last answer while the next is on its way, and says whose it is", async () => {
    const page = { name: "page" };
    let resolve: (e: EvaluateResult) => void = () => undefined;
    const { result, rerender } = renderHook(({ key }: { key: string }) =>
      useLatest<EvaluateResult>(key, () => (key === "a" ? { now: evaluation(1) } : { later: new Promise((r) => { resolve = r; }) }), undefined, page),
    { initialProps: { key: "a" } });
    expect(result.current.key).toBe("a");
    rerender({ key: "b" });
    expect(result.current.value?.metrics.throughput).toBe(1);
    expect(result.current.key).toBe("a"); // the last answer's, while b's is on its way
    await act(async () => resolve(evaluation(2)));
    expect(result.current.value?.metrics.throughput).toBe(2);
    expect(result.current.key).toBe("b");
  });
});
