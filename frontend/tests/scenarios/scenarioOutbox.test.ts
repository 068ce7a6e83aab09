// @vitest-environment jsdom
// Scenarios saved offline wait in this browser; flush sends them when the connection is back,
// keeps them while it is not, and sets aside ones the server refuses.
import { beforeEach, expect, it, vi } from "vitest";

const saveScenario = vi.fn();
vi.mock("../../src/api/client", async (orig) => ({
  ...(await orig<typeof import("../../src/api/client")>()),
  api: { saveScenario: (...a: unknown[]) => saveScenario(...a) },
}));

// The suite's files share one module graph (isolate: false): a file before this one that drew
// the save dialog has the outbox already loaded with the real client, so it is loaded afresh here
vi.resetModules();
const { ApiError } = await import("../../src/api/client");
const { enqueue, flush, pending } = await import("../../src/scenarios/scenarioOutbox");
const { loadMine } = await import("../../src/scenarios/myScenarios");

const body = (title: string) => ({ system: "decnet", knobs: {}, x: "link_quota", y: "throughput_bps", baseline: null, title, notes: "", public: false });
const created = (slug: string) => ({ slug, url: `/s/${slug}`, delete_token: "t".repeat(32), scenario: { created_at: "2026-11-22T00:00:00Z" } });

beforeEach(() => {
  localStorage.clear();
  saveScenario.mockReset();
});

it("keeps scenarios while offline and saves them, oldest first, once online", async () => {
  enqueue(body("one"));
  enqueue(body("two"));
  saveScenario.mockRejectedValue(new TypeError("Failed to fetch"));
  await flush();
  expect(pending().map((p) => p.body.title)).toEqual(["one", "two"]);
  expect(saveScenario).toHaveBeenCalledTimes(1); // stops at the first sign the connection is down

  saveScenario.mockReset();
  saveScenario.mockResolvedValueOnce(created("slug-one-aaaaaaaa")).mockResolvedValueOnce(created("slug-two-bbbbbbbb"));
  await flush();
  expect(pending()).toEqual([]);
  expect(saveScenario.mock.calls.map((c) => (c[0] as { title: string }).title)).toEqual(["one", "two"]);
  expect(loadMine().map((m) => m.slug).sort()).toEqual(["slug-one-aaaaaaaa", "slug-two-bbbbbbbb"]);
});

it("sets aside a scenario the server refuses, and goes on with the rest", async () => {
  enqueue(body("bad"));
  enqueue(body("good"));
  saveScenario.mockRejectedValueOnce(new ApiError(422, "title too long")).mockResolvedValueOnce(created("slug-good-cccccccc"));
  await flush();
  expect(pending()).toEqual([expect.objectContaining({ refused: "title too long" })]);
  expect(loadMine().map((m) => m.slug)).toEqual(["slug-good-cccccccc"]);
});

it("bounds what can wait", () => {
  for (let i = 0; i < 20; i++) enqueue(body(String(i)));
  expect(() => enqueue(body("one too many"))).toThrow(/at most 20/);
});
