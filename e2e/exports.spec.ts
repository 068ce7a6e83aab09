// Exports that stand alone: the SVG and PNG carry the title, legend, settings and citation;
// the CSV every drawn series under a header of settings and units; names say what they hold.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ExplorerPage } from "./pages/ExplorerPage";

async function save(page: import("@playwright/test").Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button, exact: true }).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

test("CSV, SVG and PNG carry their context, and their names differ by setting", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", "circuit=NI&per=circuit");
  await page.getByRole("button", { name: "Pin as baseline" }).click();
  await expect(page.getByTestId("series-curve")).toHaveCount(2);

  const csv = await save(page, "CSV");
  expect(csv.name).toMatch(/^decnet-throughput_bps-vs-link_quota-[0-9a-f]{8}\.csv$/);
  const lines = csv.bytes.toString("utf8").trim().split("\n");
  expect(lines[0]).toMatch(/^# TOPS-20 DECnet link throughput: Throughput \(bit\/s\) against Link quota \(buffers\)$/);
  expect(lines).toContain("# setting: Circuit NI");
  expect(lines.find((l) => l.startsWith("# memo figures:"))).toBeTruthy();
  const series = new Set(lines.filter((l) => !l.startsWith("#")).slice(1).map((l) => l.split(",")[0]));
  expect([...series]).toEqual(expect.arrayContaining(["model: NI", "model: DTE", "model: CI", "baseline"]));
  expect([...series].some((name) => name.startsWith("memo")), "memo points in the CSV").toBe(true);

  const svg = (await save(page, "SVG"));
  expect(svg.name).toBe(csv.name.replace(/\.csv$/, ".svg"));
  const doc = svg.bytes.toString("utf8");
  // parsed as XML by the browser, as any viewer would
  const texts = await page.evaluate((src) => {
    const d = new DOMParser().parseFromString(src, "image/svg+xml");
    if (d.querySelector("parsererror")) throw new Error("not well-formed SVG");
    return Array.from(d.querySelectorAll("text")).map((t) => t.textContent ?? "");
  }, doc);
  expect(texts[0]).toBe("TOPS-20 DECnet link throughput");
  expect(texts).toEqual(expect.arrayContaining(["model: NI", "model: DTE", "baseline", "memo measurement"]));
  expect(texts.find((t) => t.startsWith("Settings:"))).toContain("Circuit NI");
  expect(texts.find((t) => t.startsWith("Memo figures:"))).toBeTruthy();

  const png = await save(page, "PNG");
  expect(png.name).toBe(csv.name.replace(/\.csv$/, ".png"));
  expect(png.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  const chartHeight = (await ex.chart.boundingBox())!.height;
  expect(png.bytes.readUInt32BE(20) / 2).toBeGreaterThan(chartHeight + 80); // title above, legend and context below

  // another setting, another name
  await ex.select("Circuit").selectOption("CI");
  await expect.poll(() => ex.params().get("circuit")).toBe("CI");
  expect((await save(page, "CSV")).name).not.toBe(csv.name);
});
