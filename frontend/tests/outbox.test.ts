// @vitest-environment jsdom
// The one outbox both users build on (scenarios saved offline, a student's answers): what it keeps
// is read back as untrusted, an empty box leaves nothing behind, and a round of sending settles
// each entry by its outcome, stops while offline, and never runs twice at once.
import { beforeEach, expect, it, vi } from "vitest";
import { ApiError } from "../src/api/client";
import { isOffline, outbox } from "../src/outbox";

type Item = { id: string; refused?: string };
const box = () => outbox<Item>("test.box", { name: "test:box", detail: "B" }, (r) => (typeof (r as Item)?.id === "string" ? (r as Item) : null), (a, b) => a.id === b.id);

beforeEach(() => localStorage.clear());

it("reads back only its own entries, and leaves nothing in storage once empty", () => {
  localStorage.setItem("test.box", JSON.stringify([{ id: "a" }, 7, null, { id: 3 }]));
  expect(box().read()).toEqual([{ id: "a" }]);
  const heard = vi.fn();
  window.addEventListener("test:box", (e) => heard((e as CustomEvent).detail), { once: true });
  box().write([]);
  expect(localStorage.getItem("test.box")).toBeNull();
  expect(heard).toHaveBeenCalledWith("B");
});

it("sends oldest first: a sent entry leaves, a refused one becomes what the user makes of it, offline stops", async () => {
  box().write([{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }]);
  const send = vi.fn(async (i: Item) => {
    if (i.id === "b") throw new ApiError(422, "no");
    if (i.id === "c") throw new TypeError("Failed to fetch");
  });
  await box().flush(send, (i, why) => ({ ...i, refused: why }));
  expect(send.mock.calls.map((c) => c[0].id)).toEqual(["a", "b", "c"]);
  expect(box().read()).toEqual([{ id: "b", refused: "no" }, { id: "c" }, { id: "d" }]);
  expect([new TypeError("x"), new ApiError(503, "away"), new ApiError(409, "closed")].map(isOffline)).toEqual([true, true, false]);
});

it("runs one round at a time", async () => {
  box().write([{ id: "a" }]);
  let release = () => {};
  const send = vi.fn(() => new Promise<void>((r) => { release = r; }));
  const first = box().flush(send, () => null);
  await box().flush(send, () => null);
  release();
  await first;
  expect(send).toHaveBeenCalledTimes(1);
  expect(box().read()).toEqual([]);
});
