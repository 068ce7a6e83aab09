// Exports that stand alone: the SVG and PNG carry the title, legend, settings and citation;
// the CSV every drawn series under a header of settings and units; names say what they hold.
import { readFileSync } from "node:fs";
import { expect, test } from "./lib/sharedTab";
import LZString from "lz-string";
import { ExplorerPage } from "./pages/ExplorerPage";

async function save(page: import("@playwright/test").Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button, exact: true }).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

/** The text elements of an SVG document that do not lie wholly inside its viewBox, as a browser
 * draws it on a blank page of its own (no app stylesheet or policy in the way). */
async function textsOutside(page: import("@playwright/test").Page, src: string): Promise<string[]> {
  const blank = await page.context().newPage();
  await blank.setContent(`<!doctype html><html><body style="margin:0">${src}</body></html>`);
  const found = await blank.evaluate(() => {
    const svg = document.querySelector("svg")!;
    const [, , w, h] = svg.getAttribute("viewBox")!.split(" ").map(Number);
    const out: string[] = [];
    for (const t of svg.querySelectorAll("text")) {
      if (!(t.textContent ?? "").trim() || (t as SVGGraphicsElement).closest("[display=none], .pointer-area, .hover-mark")) continue;
      const b = (t as SVGGraphicsElement).getBoundingClientRect();
      const o = svg.getBoundingClientRect();
      if (b.width === 0) continue;
      if (b.left - o.left < -0.5 || b.right - o.left > w + 0.5 || b.top - o.top < -0.5 || b.bottom - o.top > h + 0.5) out.push(`${t.textContent} (${Math.round(b.left - o.left)}..${Math.round(b.right - o.left)} of ${w})`);
    }
    return out;
  });
  await blank.close();
  return found;
}

test("at any width the exported SVG keeps every text inside it, the end labels included", async ({ page }) => {
  const ex = new ExplorerPage(page);
  for (const width of [1280, 640]) {
    await page.setViewportSize({ width, height: 900 });
    await ex.open("ffs", "per=bus");
    await expect(page.getByTestId("series-curve")).toHaveCount(1);
    const { bytes } = await save(page, "SVG");
    expect(await textsOutside(page, bytes.toString("utf8")), `${width} px`).toEqual([]);
  }
});

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
  expect(texts.find((t) => t.startsWith("Baseline (dashed):"))).toContain("Circuit NI");
  // the whole link, on lines of its own, wrapped to the chart's width
  const link = await page.evaluate((src) => {
    const d = new DOMParser().parseFromString(src, "image/svg+xml");
    return Array.from(d.querySelectorAll("text.export-url")).map((t) => t.textContent ?? "").join("");
  }, doc);
  expect(link).toBe(page.url());
  const drawsCapacity = (await page.locator("[data-testid=chart] [data-testid=limit-line]").count()) > 0;
  expect(texts.includes("capacity")).toBe(drawsCapacity); // the legend lists only what is drawn
  expect(await textsOutside(page, doc)).toEqual([]);

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

const { compressToEncodedURIComponent } = LZString;

/** An image's width and height: a PNG's from its header (drawn at twice the size), an SVG's from its root. */
function sizeOf(name: string, bytes: Buffer): { w: number; h: number } {
  if (name.endsWith(".png")) return { w: bytes.readUInt32BE(16), h: bytes.readUInt32BE(20) };
  const m = /<svg[^>]* width="([\d.]+)" height="([\d.]+)"/.exec(bytes.toString("utf8"))!;
  return { w: Number(m[1]), h: Number(m[2]) };
}

// Exports that fit a page (issue 39): the footer wraps to the chart's width, so the chart sets the
// image's width, and no image is more than 2.2 times as wide as it is tall: every explorer with a
// baseline and one curve per choice, on a desktop and a projector, and FFS with a fit of your own.
const PER: Record<string, string> = { decnet: "circuit", ofn: "method", "rsx-swap": "disk", "rsx-qio": "device", ffs: "bus", lavc: "disk", afs: "client" };
// Each explorer opened once, its image saved at a desktop's width and again, resized, at a
// projector's (opening it anew at each width cost the suite half a minute of page loads).
test("every explorer's SVG and PNG, with a baseline and per-curves, fit a page (1920x1080 and 1280x800)", async ({ page }) => {
  test.setTimeout(180_000);
  const ex = new ExplorerPage(page);
  for (const [system, per] of Object.entries(PER)) {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await ex.open(system, `per=${per}`, { folded: true });
    await page.getByRole("button", { name: "Pin as baseline" }).click();
    await expect.poll(() => ex.params().get("baseline")).toBeTruthy();
    for (const [width, height] of [[1920, 1080], [1280, 800]]) {
      await page.setViewportSize({ width, height });
      // the chart measures its box in a ResizeObserver and draws again at the new width
      await expect.poll(async () => Math.round((await ex.chart.boundingBox())!.width)).toBeLessThanOrEqual(width);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const chartWidth = (await ex.chart.boundingBox())!.width;
      for (const button of ["SVG", "PNG"]) {
        const file = await save(page, button);
        const { w, h } = sizeOf(file.name, file.bytes);
        const scale = button === "PNG" ? 2 : 1;
        expect(w / scale, `${system} ${button} at ${width} px: as wide as the chart`).toBeCloseTo(chartWidth, 0);
        expect(w / h, `${system} ${button} ${w}x${h} at ${width} px`).toBeLessThanOrEqual(2.2);
      }
    }
  }
});

test("FFS with a baseline and a fit of your own exports an image that fits a page", async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/explore/ffs?bus=MASSBUS&fitted=cpu_block_ms%3A5.3&data=${compressToEncodedURIComponent("block_size (KB),Throughput (KB/s)\n4,380\n8,520\n16,610\n")}`);
  await expect(page.getByTestId("fitted-curve")).toHaveAttribute("d", /^M/);
  await page.getByRole("button", { name: "Pin as baseline" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("baseline")).toBeTruthy();
  for (const button of ["SVG", "PNG"]) {
    const file = await save(page, button);
    const { w, h } = sizeOf(file.name, file.bytes);
    expect(w / h, `${button} ${w}x${h}`).toBeLessThanOrEqual(2.2);
  }
});
