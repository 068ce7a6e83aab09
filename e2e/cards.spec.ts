// Model cards: every system's card opens with its explanation, fit summary and figures.
import { expect, test } from "./lib/sharedTab";

test("every model has a card with its mechanism, bars and fit chart", async ({ page, request }) => {
  const systems = (await (await request.get("/api/models")).json()) as { id: string; title: string }[];
  await page.goto("/models");
  for (const s of systems) await expect(page.getByRole("link", { name: new RegExp(s.title) })).toBeVisible();
  await page.goto("/models/decnet");
  await expect(page.getByRole("heading", { name: /model card/ })).toBeVisible();
  await expect(page.locator(".model-doc")).toContainText("Mechanism");
  await expect(page.getByTestId("fit-summary")).toContainText("5 fitted parameters for 12 distinct figures");
  await expect(page.getByTestId("fit-summary").locator(".verdict.miss")).toHaveCount(0);
  const n = (await (await request.get("/api/models/decnet/card")).json()).figures.length;
  await expect(page.getByTestId("fit-point")).toHaveCount(n);
  await page.getByTestId("fit-point").first().focus();
  await expect(page.locator(".fit-chart figcaption")).toContainText("memo");
});

test("every card reads for a student: no backticks, paths or commands in the text, terms explained, the fit chart whole", async ({ page, request }) => {
  const systems = (await (await request.get("/api/models")).json()) as { id: string }[];
  for (const s of systems) {
    await page.goto(`/models/${s.id}`);
    await expect(page.locator(".model-doc")).toContainText("Not captured");
    const main = await page.locator("main").evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelector("[data-testid=for-developers]")?.remove();
      return copy.textContent ?? "";
    });
    expect(main, s.id).not.toMatch(/`|params\/|python -m|npm run|\.py\b|\.json\b/);
    expect(main, s.id).toContain("the bar:");
    expect(main, s.id).toContain("naive rival");
    await expect(page.getByTestId("for-developers"), s.id).toContainText("For developers");
    // the fit chart's drawing lies inside its box: nothing cut at the top or sides
    const fit = page.getByTestId("fit-chart");
    if (await fit.count()) {
      const inside = await fit.evaluate((svg) => {
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll("circle, text")].every((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= box.top - 0.5 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
        });
      });
      expect(inside, `${s.id}: fit chart whole`).toBe(true);
    }
  }
});

test("an unknown model says so", async ({ page }) => {
  await page.goto("/models/nope");
  await expect(page.getByRole("alert")).toContainText("No model card");
});

test("a card shows how its model fared on outside measurements, and where its hardware's figures come from", async ({ page, request }) => {
  const card = await (await request.get("/api/models/ffs/card")).json();
  expect(card.validation.length).toBeGreaterThan(0);
  await page.goto("/models/ffs");
  const table = page.getByTestId("validation-summary");
  const first = card.validation[0];
  await expect(table).toContainText("Kridle and Marshall Kirk McKusick");
  await expect(table.locator("tbody tr").first()).toContainText(`${first.model_median_abs}% (${first.model_max_abs}%)`);
  await expect(table.locator("tbody tr").first()).toContainText(`${first.baseline_median_abs}% (${first.baseline_max_abs}%)`);
  const hardware = page.getByTestId("hardware-sources");
  await hardware.locator("summary").click();
  await expect(hardware).toContainText("Fujitsu M2351A Eagle");
  await expect(hardware).toContainText("3,961 RPM");
  // each source says what it does not describe
  await expect(page.getByTestId("validation-caveats")).toContainText("Kridle and McKusick (1983): the size of a write call");
  // a system no outside study has measured says so
  await page.goto("/models/afs");
  await expect(page.getByTestId("no-validation")).toContainText("untested");
});
