// Model cards: every system's card opens with its explanation, fit summary and figures.
import { expect, test } from "@playwright/test";

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

test("an unknown model says so", async ({ page }) => {
  await page.goto("/models/nope");
  await expect(page.getByRole("alert")).toContainText("No model card");
});
