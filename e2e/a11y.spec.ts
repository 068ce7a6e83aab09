// Accessibility: axe-core on every page, and the layout from a phone to a projector.
import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// axe is injected as a script, which the app's Content-Security-Policy rightly refuses.
test.use({ bypassCSP: true });

async function pages(page: Page): Promise<string[]> {
  const systems = (await (await page.request.get("/api/models")).json()) as { id: string }[];
  const sources = (await (await page.request.get("/api/sources")).json()) as { id: string }[];
  return ["/", "/models", "/data", "/my", "/learn", ...systems.flatMap((s) => [`/explore/${s.id}`, `/models/${s.id}`]),
    ...sources.map((s) => `/data/${s.id}`),
    // a step with a point question, a choice question, and the presenter view
    "/learn/decnet-link-quota/2", "/learn/decnet-link-quota/4", "/learn/afs-chunksize/3?present=1"];
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  if (path.startsWith("/explore/")) await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  else if (path.startsWith("/models/")) await expect(page.getByTestId("fit-summary")).toBeVisible();
  else if (path.startsWith("/data/")) await expect(page.locator("table").first()).toBeVisible();
  else if (/^\/learn\/.+\/\d/.test(path)) await expect(page.getByTestId("chart")).toBeVisible();
  else await expect(page.locator("main")).toBeVisible();
}

test("no serious or critical axe violations on any page", async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of await pages(page)) {
    await settle(page, path);
    await page.addScriptTag({ path: axePath });
    const result = await page.evaluate(async () => {
      const r = await (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } })
        .axe.run({ resultTypes: ["violations"] });
      return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
    });
    expect(result, path).toEqual([]);
  }
});

for (const [name, width, height] of [["phone", 375, 812], ["projector", 1920, 1080]] as const) {
  test(`layout fits a ${width} px ${name}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    for (const path of await pages(page)) {
      await settle(page, path);
      const overflow = await page.evaluate(() => {
        const doc = document.documentElement;
        const wide = [...document.querySelectorAll("body *")].filter((el) => {
          const r = el.getBoundingClientRect();
          // Elements inside a horizontal scroller (wide tables, equations) may extend; the page itself may not.
          return r.right > doc.clientWidth + 1 && !el.closest(".table-scroll, .model-doc pre");
        }).slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
        return { scroll: doc.scrollWidth - doc.clientWidth, wide };
      });
      expect(overflow, `${path} at ${width}px`).toEqual({ scroll: 0, wide: [] });
    }
    await page.goto("/explore/decnet");
    await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
    await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  });
}
