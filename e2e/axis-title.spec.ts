// The y axis's title on a 375x812 phone is drawn whole inside the chart's svg: DECnet lesson
// step 2's, and an explorer's longest (LAVC's boot member CPU demand, which ran off the top of
// the 250 px chart on one line and now takes two).
import { expect, type Page, test } from "@playwright/test";

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

async function titleInside(page: Page, text: string) {
  const svg = page.getByTestId("chart");
  const title = svg.locator(".y-axis .axis-label");
  await expect(title).toBeVisible();
  // its words whole, on one line or two
  const words = await title.evaluate((el) => {
    const lines = [...el.querySelectorAll("tspan")].map((t) => t.textContent);
    return lines.length ? lines.join(" ") : el.textContent;
  });
  expect(words).toBe(text);
  const s = (await svg.boundingBox())!;
  const t = (await title.boundingBox())!;
  expect(t.x, "the title's left inside the svg").toBeGreaterThanOrEqual(s.x);
  expect(t.y, "the title's top inside the svg").toBeGreaterThanOrEqual(s.y);
  expect(t.y + t.height, "the title's bottom inside the svg").toBeLessThanOrEqual(s.y + s.height);
  // clear of the tick labels to its right
  const ticks = await svg.locator(".y-axis g text").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
  expect(Math.min(...ticks), "the ticks right of the title").toBeGreaterThanOrEqual(t.x + t.width);
}

test("DECnet step 2's y axis title is whole on a phone", async ({ page }) => {
  await page.goto("/learn/decnet-link-quota/2");
  await expect(page.getByTestId("prediction-handle")).toBeVisible();
  await titleInside(page, "Throughput (bit/s)");
});

test("a y axis title longer than a phone's chart is tall is whole, on two lines", async ({ page }) => {
  await page.goto("/explore/lavc?y=cpu_demand_percent");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await titleInside(page, "Boot member CPU demand (offered) (%)");
  await expect(page.getByTestId("chart").locator(".y-axis .axis-label tspan")).toHaveCount(2);
});
