// The browser's Pyodide and the server's CPython run the same models to the same answers.
import { expect, test } from "@playwright/test";

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
  await page.goto("/explore/decnet");
  await expect(page.getByTestId("runtime-status")).toHaveAttribute("data-phase", "ready", { timeout: 45_000 });
  const systems = (await (await request.get("/api/models")).json()) as { id: string; x_default: string; knobs: { name: string; choices?: string[] }[] }[];
  expect(systems.length).toBeGreaterThanOrEqual(3);
  for (const s of systems) {
    for (const k of s.knobs.filter((k) => !k.choices)) {
      const server = await (await request.post(`/api/models/${s.id}/sweep`, { data: { knobs: {}, x: k.name } })).json();
      const browser = await page.evaluate(
        ([system, x]) =>
          new Promise<{ type: string; result?: unknown; message?: string }>((resolve) => {
            const w = (window as unknown as { __w: Worker }).__w;
            const id = 900000 + Math.floor(Math.random() * 1000);
            const h = (e: MessageEvent) => {
              if (e.data.id !== id) return;
              w.removeEventListener("message", h);
              resolve(e.data);
            };
            w.addEventListener("message", h);
            w.postMessage({ id, type: "sweep", system, knobs: {}, x });
          }),
        [s.id, k.name],
      );
      expect(browser.type, `${s.id} ${k.name}: ${browser.message}`).toBe("result");
      const b = browser.result as { x: unknown[]; metrics: Record<string, (number | null)[]>; bottleneck: unknown[] };
      expect(b.x).toEqual(server.x);
      expect(b.bottleneck).toEqual(server.bottleneck);
      for (const [m, values] of Object.entries(server.metrics as Record<string, (number | null)[]>)) {
        values.forEach((v, i) => {
          const got = b.metrics[m][i];
          if (v === null) expect(got, `${s.id} ${k.name} ${m}[${i}]`).toBeNull();
          else expect(Math.abs(got! - v), `${s.id} ${k.name} ${m}[${i}]`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(v)));
        });
      }
    }
  }
});
