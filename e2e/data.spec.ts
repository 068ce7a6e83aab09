// The Data pages: every document reachable, its tables readable, sortable, cited, downloadable.
import { expect, test } from "./lib/sharedTab";

test("the data index lists all six source documents", async ({ page }) => {
  await page.goto("/data");
  const items = page.locator(".sources li");
  await expect(items).toHaveCount(6);
  await expect(page.getByRole("link", { name: /A Fast File System for UNIX/ })).toBeVisible();
});

test("a document's page shows its tables with citations, CSV and chart links", async ({ page, request }) => {
  await page.goto("/data/tops20-decnet");
  const table = page.getByTestId("table-decnet-throughput");
  await expect(table.getByRole("row")).toHaveCount(19);
  await table.getByRole("cell", { name: "434726" }).focus();
  await expect(page.getByTestId("citation-decnet-throughput")).toContainText("CI table");
  await table.getByRole("button", { name: /^Bps/ }).click();
  await expect(table.getByRole("row").nth(1)).toContainText("50252");
  await page.keyboard.press("Tab");
  const csv = page.getByRole("link", { name: "Download decnet-throughput.csv" });
  const res = await request.get((await csv.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect((await res.text()).split("\n")[0]).toContain("circuit,row,test,run,bps");
  await page.getByRole("link", { name: /Chart: TOPS-20 DECnet/ }).click();
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
});

test("an unknown document says so", async ({ page }) => {
  await page.goto("/data/nope");
  await expect(page.getByRole("alert")).toContainText("Unknown source document");
});
