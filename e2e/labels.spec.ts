// Labels apart (issue 39): on every explorer, the atlas and a lesson's presenter view, at a phone's, a
// projector's and a desktop's width, no label of the chart overlaps another label, an axis or its
// tick labels, the class's histogram or the band around a curve, and no bound's line strikes
// one through; named things (a capacity, a
// bound, a knee, a saturation point, a region) keep their labels inside the plot, and the bounds'
// lines are kept to it.
import type { Page } from "@playwright/test";
import { expect, test } from "./lib/sharedTab";
import { resized } from "./lib/resize";

/** Every clash on the chart, in words ("'capacity 10,030 K/sec' over 'network alone'"). */
async function clashes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const svg = document.querySelector("svg[data-testid=chart]") as SVGSVGElement;
    const o = svg.getBoundingClientRect();
    const box = (el: Element) => el.getBoundingClientRect();
    const shown = (el: Element) => (el.textContent ?? "").trim() !== "" && box(el).width > 0;
    const hit = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const name = (el: Element) => `'${el.textContent}'`;
    const labels = [...svg.querySelectorAll("[data-testid=chart-label], [data-testid=end-label]")].filter(shown);
    const out: string[] = [];
    labels.forEach((a, i) => {
      for (const b of labels.slice(i + 1)) if (hit(box(a), box(b))) out.push(`${name(a)} over ${name(b)}`);
    });
    const plot = box(svg.querySelector("[data-testid=curve-reader]")!);
    const axisTexts = [...svg.querySelectorAll(".axis text")].filter(shown);
    const xAxis = box(svg.querySelector(".x-axis > line")!);
    const spread = svg.querySelector("[data-testid=class-spread]");
    const bands = [...svg.querySelectorAll("[data-testid=uncertainty-band]")] as SVGPathElement[];
    for (const l of labels) {
      const b = box(l);
      for (const t of axisTexts) if (hit(b, box(t))) out.push(`${name(l)} over the axis's ${name(t)}`);
      if (b.bottom > xAxis.top + 0.5 && b.top < xAxis.bottom + 6 && b.left < xAxis.right && b.right > xAxis.left) out.push(`${name(l)} on the x axis`);
      if (spread && hit(b, box(spread))) out.push(`${name(l)} over the class's histogram`);
      // a band's fill, sampled across the label's box (in the chart's own coordinates)
      for (const band of bands) {
        const p = svg.createSVGPoint();
        let inFill = false;
        for (let i = 1; i < 8 && !inFill; i++) for (let j = 1; j < 4 && !inFill; j++) {
          p.x = b.left - o.left + (i / 8) * b.width;
          p.y = b.top - o.top + (j / 4) * b.height;
          inFill = band.isPointInFill(p);
        }
        if (inFill) out.push(`${name(l)} over the band`);
      }
      // a label of the plot's things stays in its columns (the curves' end labels are beside it)
      if (l.getAttribute("data-testid") === "chart-label" && (b.left < plot.left - 0.5 || b.right > plot.right + 0.5)) out.push(`${name(l)} outside the plot's columns`);
    }
    // no label is struck through by a bound's line: the line sampled every 2 px across each box
    for (const line of svg.querySelectorAll("[data-testid=bound-line] path") as NodeListOf<SVGPathElement>) {
      const length = line.getTotalLength();
      const pts = Array.from({ length: Math.ceil(length / 2) + 1 }, (_, i) => line.getPointAtLength(Math.min(length, i * 2)));
      for (const l of labels) {
        const b = box(l);
        const [x0, y0, x1, y1] = [b.left - o.left, b.top - o.top, b.right - o.left, b.bottom - o.top];
        if (pts.some((p) => p.x > x0 + 0.5 && p.x < x1 - 0.5 && p.y > y0 + 0.5 && p.y < y1 - 0.5 && p.y >= plot.top - o.top && p.y <= plot.bottom - o.top)) {
          out.push(`${name(l)} struck through by a bound line (${(line.parentElement as Element).getAttribute("data-name")})`);
        }
      }
    }
    // the bounds' lines are kept to the plot
    const reader = svg.querySelector("[data-testid=curve-reader]")!;
    const [top, bottom] = [Number(reader.getAttribute("y")), Number(reader.getAttribute("y")) + Number(reader.getAttribute("height"))];
    for (const line of svg.querySelectorAll("[data-testid=bound-line] path")) {
      const id = /url\(#(.+)\)/.exec(line.getAttribute("clip-path") ?? "")?.[1];
      const rect = id ? document.getElementById(id)?.querySelector("rect") : null;
      const [y0, y1] = rect ? [Number(rect.getAttribute("y")), Number(rect.getAttribute("y")) + Number(rect.getAttribute("height"))] : [Number.NaN, Number.NaN];
      if (!(y0 >= top - 0.5 && y1 <= bottom + 0.5)) out.push(`a bound line (${(line.parentElement as Element).getAttribute("data-name")}) not kept to the plot`);
    }
    return out;
  });
}

const SYSTEMS = ["decnet", "ofn", "rsx-swap", "rsx-qio", "ffs", "lavc", "afs"];
const SIZES: [number, number][] = [[375, 812], [1280, 800], [1920, 1080]];

/** At another width: the chart measures its box in a ResizeObserver and draws again (two frames),
 * and the labels are laid out anew. */

// Each explorer opened once and looked at a phone's, a projector's and a desktop's width in turn,
// with its bounds (drawn unless turned off) and then with them turned off on the page (opening it
// anew at each width and for each setting cost the suite a minute of page loads).
for (const system of SYSTEMS) {
  test(`no chart label overlaps another, an axis, a tick label or a band: ${system}, bounds on and off, at ${SIZES.map(([w]) => w).join(", ")} px`, async ({ page }) => {
    await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
    await page.goto(`/explore/${system}`);
    await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
    // (a view without bounds has no toggle: the one look is all there is)
    const toggle = page.getByTestId("bounds-toggle");
    const hasBounds = (await toggle.count()) > 0;
    for (const bounds of hasBounds ? ["on", "off"] : ["on"]) {
      if (bounds === "off") {
        await toggle.uncheck();
        await expect(page.getByTestId("bound-line")).toHaveCount(0);
      } else if (hasBounds) await expect(toggle).toBeChecked();
      // the band arrives after the curve: the layout is the one with both
      await page.waitForTimeout(400);
      for (const [width, height] of bounds === "on" ? SIZES : [...SIZES].reverse()) {
        await resized(page, width, height);
        expect(await clashes(page), `${system}, bounds ${bounds}, at ${width} px`).toEqual([]);
      }
    }
  });
}

test("the named places of DECnet, AFS and LAVC keep their words: labelled where issue 39 found them clashing", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/explore/afs?bounds=1");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("limit-line").getByTestId("chart-label")).toHaveText(/^capacity/);
  await expect(page.locator("[data-testid=bound-line][data-name=network] [data-testid=chart-label]")).toHaveText("network alone");
  expect(await clashes(page)).toEqual([]);
});

test(`a lesson's presenter view keeps its chart labels apart (${SIZES.map(([w]) => w).join(", ")} px)`, async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of ["/learn/decnet-link-quota/1?present=1", "/learn/lavc-capacity/3?present=1", "/learn/afs-chunksize/5?present=1", "/learn/ffs-block-size/6?present=1", "/learn/rsx11m-tuning/1?present=1"]) {
    await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
    await page.goto(path);
    await expect(page.getByTestId("lesson")).toBeVisible();
    await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
    await page.waitForTimeout(400);
    for (const [width, height] of SIZES) {
      await resized(page, width, height);
      expect(await clashes(page), `${path} at ${width} px`).toEqual([]);
    }
  }
});

test(`the atlas keeps its seven curves' names apart, each on the plot at a desktop's width (${SIZES.map(([w]) => w).join(", ")} px)`, async ({ page }) => {
  await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
  await page.goto("/atlas");
  await expect(page.getByTestId("atlas-curve")).toHaveCount(7);
  for (const [width, height] of SIZES) {
    await resized(page, width, height);
    expect(await clashes(page), `/atlas at ${width} px`).toEqual([]);
  }
  // at 1920 px every curve is named on the plot, with its capacity
  await expect(page.locator("[data-testid=atlas-curve] [data-testid=chart-label]")).toHaveCount(7);
  await expect(page.locator("[data-system=decnet] [data-testid=chart-label]")).toHaveText(/^DECnet: \d/);
});
