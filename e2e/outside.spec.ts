// Other studies' measurements on the explorer: FFS set to a machine the memo never measured
// (a VAX-11/780 with an Emulex SC780 and a Fujitsu Eagle) draws what Kridle and McKusick measured
// there, beside the model, named and counted; the CSV carries them.
import { readFileSync } from "node:fs";
import { expect, test } from "./lib/sharedTab";

test("FFS on another machine of the era draws the other study's measurements at that setting", async ({ page, request }) => {
  const outside = await (await request.get("/api/validation/ffs")).json();
  const here = outside.rows.filter((r: { knobs: Record<string, unknown> }) =>
    r.knobs.cpu === "VAX-11/780" && r.knobs.controller === "Emulex SC780" && r.knobs.operation === "read");
  expect(here.map((r: { values: { throughput_kBps: number } }) => r.values.throughput_kBps).sort()).toEqual([490, 560]);
  await page.goto("/explore/ffs?cpu=VAX-11%2F780&disk=Fujitsu+Eagle&controller=Emulex+SC780&operation=read");
  const points = page.getByTestId("outside-point");
  await expect(points).toHaveCount(2);
  await expect(points.first()).toHaveAttribute("aria-label", /Measured by Kridle and McKusick \(1983\): .* at Block size/);
  await expect(page.getByTestId("legend-outside")).toContainText(`2 at this setting; ${outside.rows.length - 2} at others`);
  // the memo's own machine: none of theirs is at its setting, and the legend says where they are
  await page.goto("/explore/ffs");
  await expect(page.getByTestId("legend-outside")).toContainText(`0 at this setting; ${outside.rows.length} at others`);
  await expect(points).toHaveCount(0);
  await page.goto("/explore/ffs?cpu=VAX-11%2F780&disk=Fujitsu+Eagle&controller=Emulex+SC780&operation=read");
  await expect(points).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "CSV" }).click()]);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.split("\n").filter((l) => l.startsWith("other study")).length).toBe(2);
});
