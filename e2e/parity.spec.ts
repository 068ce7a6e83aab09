// The browser's Pyodide and the server's CPython run the same models to the same answers, and
// the trimmed standard library the browser gets is all they need (the full one is never fetched).
import { expect, test } from "./lib/sharedTab";

test("sweeps of every system agree between Pyodide and CPython to 1e-9", async ({ page, request }) => {
  await page.addInitScript(() => {
    const W = window.Worker;
    // Keep a handle on the app's model worker so the test can ask it directly.
    (window as unknown as { Worker: unknown }).Worker = class extends W {
      constructor(...a: ConstructorParameters<typeof Worker>) {
        super(...a);
        (window as unknown as { __w: Worker }).__w = this;
      }
    };
  });
  const stdlibs: string[] = [];
  page.on("request", (r) => {
    if (/\/(stdlib\.[0-9a-f]+|python_stdlib)\.zip$/.test(new URL(r.url()).pathname)) stdlibs.push(new URL(r.url()).pathname);
  });
  await page.goto("/explore/decnet");
  await expect(page.getByTestId("runtime-status")).toHaveAttribute("data-phase", "ready", { timeout: 45_000 });
  const systems = (await (await request.get("/api/models")).json()) as { id: string; x_default: string; knobs: { name: string; choices?: string[] }[] }[];
  expect(systems.length).toBeGreaterThanOrEqual(3);
  for (const s of systems) {
    for (const k of s.knobs.filter((k) => !k.choices)) {
      const server = await (await request.post(`/api/models/${s.id}/sweep`, { data: { knobs: {}, x: k.name } })).json();
      const browser = await page.evaluate(
        ([system, x]) =>
          new Promise<{ result?: unknown; error?: string }>((resolve) => {
            const w = (window as unknown as { __w: Worker }).__w;
            const id = 900000 + Math.floor(Math.random() * 1000);
            const h = (e: MessageEvent) => {
              if (e.data.id !== id || e.data.type !== "answer") return;
              w.removeEventListener("message", h);
              resolve(JSON.parse(e.data.text)); // the models' answer as they wrote it
            };
            w.addEventListener("message", h);
            w.postMessage({ id, type: "sweep", system, knobs: {}, x });
          }),
        [s.id, k.name],
      );
      expect(browser.error, `${s.id} ${k.name}: ${browser.error}`).toBeUndefined();
      const b = browser.result as { x: unknown[]; metrics: Record<string, (number | null)[]>; bottleneck: unknown[] };
      expect(b.x).toEqual(server.x);
      expect(b.bottleneck).toEqual(server.bottleneck);
      // Compared here, reported in one expectation (tens of thousands of them cost a minute).
      const differ = Object.entries(server.metrics as Record<string, (number | null)[]>).flatMap(([m, values]) =>
        values.flatMap((v, i) => {
          const got = b.metrics[m]?.[i];
          const same = v === null ? got === null : typeof got === "number" && Math.abs(got - v) <= 1e-9 * Math.max(1, Math.abs(v));
          return same ? [] : [`${m}[${i}]: server ${v}, browser ${got}`];
        }),
      );
      expect(differ, `${s.id} ${k.name}`).toEqual([]);
    }
  }
  // The worker's own requests are seen: the trimmed library once, the full one never.
  expect(stdlibs).toEqual([expect.stringMatching(/^\/py\/stdlib\.[0-9a-f]+\.zip$/)]);
});
