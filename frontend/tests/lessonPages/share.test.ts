// @vitest-environment node
// A shared lesson travels in the link: it round-trips, and damaged or inflating links are refused.
import { expect, it } from "vitest";
import { decodeLesson, encodeLesson, lessonFragment } from "../../src/lessonPages/share";

it("round-trips a lesson through a link fragment", async () => {
  const text = `id: x\ntitle: Ünïcode ✓\n${"steps: []\n".repeat(50)}`;
  const payload = await encodeLesson(text);
  expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(payload.length).toBeLessThan(text.length);
  expect(lessonFragment(`#lesson=${payload}`)).toBe(payload);
  expect(await decodeLesson(payload)).toBe(text);
});

it("refuses damaged links and ones that inflate past the size limit", async () => {
  await expect(decodeLesson("not base64!")).rejects.toThrow(/damaged/);
  await expect(decodeLesson("AAAA-not-a-lesson")).rejects.toThrow(/damaged/);
  const bomb = await encodeLesson("a".repeat(2_000_000));
  expect(bomb.length).toBeLessThan(10_000);
  await expect(decodeLesson(bomb)).rejects.toThrow(/larger than 64 KB/);
});
