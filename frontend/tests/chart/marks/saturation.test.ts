import { describe, expect, it } from "vitest";
import { kneeMark, kneeWords } from "../../../src/chart/marks/knee";
import { saturationMark, saturationWords } from "../../../src/chart/marks/saturation";
import { formatValue } from "../../../src/format";
import { axes } from "./scene";

// DECnet on the CI: the knee N* at 31.84 buffers (the sending CPU 83 % busy there), the sending
// CPU 95.4 % busy from 44 (perfmodels' sweep).
const knee = { x: 31.84, y: 800, resource: "sending CPU", nStar: true };
const sat = { x: 44, y: 940, resource: "sending CPU", utilization: 0.9536 };
const wide = { ...axes, xDomain: [2, 64] as [number, number] };

describe("the saturation point", () => {
  it("says 'saturates at' the model's saturation point, never the knee, with how busy it is", () => {
    const m = saturationMark(wide, sat);
    expect(saturationWords(wide, sat)[0]).toBe("sending CPU saturates at 44 buffers");
    expect(m.legend?.map((l) => l.text)).toEqual(["the sending CPU saturates at 44 buffers: the model has it 95.3 % busy there (saturated: at least 95 %)"]);
    expect(m.sentences?.map((s) => s.text)).toEqual(["The sending CPU saturates at 44 buffers (940 bit/s): the model has it 95.3 % busy there."]);
    expect(m.sound).toEqual({ chimes: [44] });
    for (const text of [...saturationWords(wide, sat), ...(m.legend ?? []).map((l) => l.text)]) expect(text).not.toContain("31.84");
  });
  it("a resource full from the axis's start is 'already saturated at' it: a condition, not an event along the axis", () => {
    expect(saturationWords(wide, { ...sat, x: 2, utilization: 1 })[0]).toBe("sending CPU already saturated at 2 buffers");
  });
  it("never reads 95 % for a share under it", () => {
    expect(saturationMark(wide, { ...sat, utilization: 0.9999 }).legend?.[0].text).toContain("99.9 % busy");
  });
});

describe("the knee", () => {
  it("at N*: 'knee N* = …: beyond it the … sets the pace', short of saturated, never 'saturates'", () => {
    const m = kneeMark(wide, knee, sat);
    expect(kneeWords(wide, knee)).toEqual(["knee N* = 31.84 buffers: beyond it the sending CPU sets the pace", "knee N* = 31.84 buffers", "knee N*"]);
    expect(m.legend?.[0].text).toBe("knee N* = 31.84 buffers: where the asymptotes meet; beyond it the sending CPU sets the pace, short of saturated");
    const words = [...kneeWords(wide, knee), ...(m.legend ?? []).map((l) => l.text), ...(m.sentences ?? []).map((s) => s.text)];
    for (const w of words) expect(w).not.toMatch(/saturates|fully busy|capacity/);
  });
  it("along another knob than the population (LAVC's locks at 86 users): the resource sets the pace from there, not called N*", () => {
    const locks = { ...wide, xLabel: "Locks per user", xUnit: "locks/s", xText: (v: number) => formatValue(v, "locks/s"), xDomain: [0, 5] as [number, number] };
    const lavc = { x: 1.253, y: 88, resource: "boot CPU", nStar: false };
    expect(kneeWords(locks, lavc)[0]).toBe("the boot CPU sets the pace from 1.253 locks/s");
    expect(kneeMark(locks, lavc, null).sentences?.[0].text).toContain("No resource saturates (95 % busy) along this axis.");
  });
});
