// A typed prediction: numbers as people write them; nonsense refused with a reason.
import { describe, expect, it } from "vitest";
import { readPrediction } from "../../src/lesson/typed";

const bps = { unit: "bit/s", share: false, top: 300_000 };
const share = { unit: "%", share: true, top: 5 };

describe("reading a typed prediction", () => {
  it("reads plain numbers, thousands separators, K/M suffixes and a percent sign", () => {
    expect(readPrediction("250000", bps)).toEqual({ ok: true, value: 250_000 });
    expect(readPrediction(" 250,000 ", bps)).toEqual({ ok: true, value: 250_000 });
    expect(readPrediction("250K", bps)).toEqual({ ok: true, value: 250_000 });
    expect(readPrediction("1.5M", bps)).toEqual({ ok: true, value: 1_500_000 });
    expect(readPrediction("2.5e5", bps)).toEqual({ ok: true, value: 250_000 });
    expect(readPrediction("40 %", share)).toEqual({ ok: true, value: 40 });
  });

  it("holds an empty box without a complaint, and refuses it", () => {
    expect(readPrediction("", bps)).toEqual({ ok: false, reason: null });
  });

  it("refuses nonsense with the reason", () => {
    expect(readPrediction("abc", bps)).toEqual({ ok: false, reason: expect.stringContaining("is not a number") });
    expect(readPrediction("1e309", bps)).toEqual({ ok: false, reason: expect.stringContaining("too large") });
    expect(readPrediction("-5", bps)).toEqual({ ok: false, reason: "A prediction is zero or more." });
    expect(readPrediction("99999999", share)).toEqual({ ok: false, reason: expect.stringContaining("from 0 to 100 %") });
    expect(readPrediction("100", share)).toEqual({ ok: true, value: 100 });
    expect(readPrediction("300000001", bps)).toEqual({ ok: false, reason: expect.stringContaining("more than 1,000 times the chart's top") });
    expect(readPrediction("1,2,3", bps).ok).toBe(false);
  });
});
