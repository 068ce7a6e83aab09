// What the chart explains on every system: capacity lines and saturation points where the
// metric has a capacity, a readout that follows the pointer and the keys, one curve per choice,
// a dashed baseline that survives moving x, and the chart in view while knobs move (reset and the
// page around the chart: chart-page.spec.ts).
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./lib/sharedTab";
import { knobsAxesCsvAndReload } from "./lib/explorerWalk";
import { resized } from "./lib/resize";
import { ExplorerPage } from "./pages/ExplorerPage";

interface Spec {
  id: string;
  knobs: { name: string; label: string; choices?: string[]; default: string | number }[];
  metrics: { name: string; label: string }[];
  x_default: string;
  y_default: string;
  per_default: string | null;
}

async function specs(request: APIRequestContext): Promise<Spec[]> {
  return (await (await request.get("/api/models")).json()) as Spec[];
}

// One test a system, each opening its explorer once and walking every check on that page (each
// page load starts Python anew: the checks as tests of their own opened every system six times),
// going back to the memo's settings with the page's own Reset between them. The list is the
// server's (checked first), and the walks must meet capacities, saturation points and choices.
const SYSTEMS = ["decnet", "ofn", "rsx-swap", "rsx-qio", "ffs", "lavc", "afs"];

test("the systems walked here are the server's, and among them are capacities, saturation points and choices to check", async ({ request }) => {
  const all = await specs(request);
  expect(all.map((s) => s.id).sort()).toEqual([...SYSTEMS].sort());
  let lines = 0;
  let points = 0;
  for (const s of all) {
    const sweep = await (await request.post(`/api/models/${s.id}/sweep`, { data: { knobs: {}, x: s.x_default } })).json();
    if (sweep.saturation !== null) points++;
    lines += Object.keys(sweep.limits ?? {}).length;
  }
  // the walk below must see some of each, or it checks nothing
  expect(lines).toBeGreaterThan(3);
  expect(points).toBeGreaterThan(0);
  expect(all.filter((s) => s.knobs.some((k) => k.choices)).length).toBeGreaterThan(2);
});

for (const id of SYSTEMS) {
  test(`the chart of ${id}: capacities, the knee and saturation where the model puts them; the readout by pointer and keys; one curve per choice; a pinned baseline; on a phone, in view while the last knob moves; every knob by keyboard, the axes, the CSV and a reload`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const s = (await specs(request)).find((one) => one.id === id)!;
    const ex = new ExplorerPage(page);
    // opened on a phone first: the chart stays in view while its last knob is used
    await page.setViewportSize({ width: 375, height: 812 });
    await ex.open(s.id);
    const fresh = new URL(page.url()).search;
    const reset = async () => {
      if (new URL(page.url()).search === fresh) return;
      await page.getByTestId("reset-knobs").click();
      await expect.poll(() => new URL(page.url()).search, s.id).toBe(fresh);
    };
    await inViewWhileTheLastKnobMoves(page, s, 812);
    await reset();
    await resized(page, 1280, 900);
    await readout(page, s);
    await capacities(page, request, s);
    await reset();
    await onePerChoice(page, s);
    await reset();
    await pinnedBaseline(page, s);
    await reset();
    await ex.unfold();
    await knobsAxesCsvAndReload(page, s);
  });
}

/** Every metric with a capacity draws it; the knee and the saturation point are marked exactly
 * where the model puts them (the memo's settings). */
async function capacities(page: Page, request: APIRequestContext, s: Spec) {
  const ex = new ExplorerPage(page);
  const sweep = await (await request.post(`/api/models/${s.id}/sweep`, { data: { knobs: {}, x: s.x_default } })).json();
  for (const m of s.metrics) {
    const limit: (number | null)[] | undefined = sweep.limits?.[m.name];
    if (!limit) continue;
    await page.getByRole("combobox", { name: "y axis" }).selectOption(m.name);
    await expect.poll(() => ex.params().get("y")).toBe(m.name);
    const ys: (number | null)[] = sweep.metrics[m.name];
    const top = Math.max(...ys.filter((v): v is number => v !== null));
    const cap = limit.filter((v): v is number => v !== null);
    const within = cap.some((c) => c <= 2.5 * top); // Chart's LIMIT_REACH
    const where = `${s.id} ${m.name}`;
    if (within) await expect(page.getByTestId("limit-line"), where).toBeVisible();
    else await expect(page.getByTestId("limit-line"), where).toHaveCount(0);
    // "saturates" only where the model has a resource at least 95 % busy, never at the knee
    const sat = page.getByTestId("saturation-point");
    if (sweep.saturation !== null) {
      await expect(sat, where).toBeVisible();
      expect(Number(await sat.getAttribute("data-x")), where).toBe(sweep.saturation.x);
      expect(Number(await sat.getAttribute("data-utilization")), where).toBeGreaterThanOrEqual(0.95);
    } else await expect(sat, where).toHaveCount(0);
    if (sweep.knee !== null) {
      await expect(page.getByTestId("knee-mark"), where).toBeVisible();
      await expect(page.getByTestId("knee-mark"), where).not.toContainText("saturat");
    } else await expect(page.getByTestId("knee-mark"), where).toHaveCount(0);
  }
}

/** The readout follows the pointer and the arrow keys. */
async function readout(page: Page, s: Spec) {
  const ex = new ExplorerPage(page);
  const readout = page.getByTestId("hover-readout");
  const box = (await ex.chart.boundingBox())!;
  // a place in the middle where the pointer is over the plot itself (not a memo point's tooltip)
  const free = await page.evaluate(([x0, y0, w, h]) => {
    for (const f of [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65]) {
      for (const g of [0.5, 0.3, 0.7]) {
        const e = document.elementFromPoint(x0 + f * w, y0 + g * h);
        if (e?.getAttribute("data-testid") === "curve-reader") return [x0 + f * w, y0 + g * h];
      }
    }
    return [x0 + w / 2, y0 + h / 2];
  }, [box.x, box.y, box.width, box.height]);
  await page.mouse.move(free[0], free[1]);
  await expect(readout, s.id).toBeVisible();
  const label = s.metrics.find((m) => m.name === s.y_default)!.label;
  await expect(readout, s.id).toContainText(label);
  const mid = Number(await readout.getAttribute("data-x"));
  // near the plot's right edge (end-of-curve labels may sit in a margin beyond it)
  const plot = (await page.getByTestId("curve-reader").boundingBox())!;
  await page.mouse.move(plot.x + plot.width - 5, box.y + box.height / 2);
  await expect.poll(async () => Number(await readout.getAttribute("data-x")), s.id).toBeGreaterThan(mid);
  await page.mouse.move(0, 0);
  await expect(readout).toHaveCount(0);
  // the keyboard: focus the chart, Home and End walk to its ends
  await page.getByTestId("curve-reader").focus();
  await page.keyboard.press("Home");
  await expect(readout).toBeVisible();
  const first = Number(await readout.getAttribute("data-x"));
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => Number(await readout.getAttribute("data-x"))).toBeGreaterThan(first);
  await page.keyboard.press("End");
  const last = Number(await readout.getAttribute("data-x"));
  expect(last).toBeGreaterThan(first);
  await page.keyboard.press("Escape");
  await expect(readout).toHaveCount(0);
  if (s.id === "decnet") {
    // at a memo figure's x the readout quotes the memo: DECnet's NI at quota 16 (the default view)
    const at = Number(await ex.memoPoints.first().evaluate((el) => el.getAttribute("cx")));
    await page.mouse.move(box.x + at, box.y + box.height - 60);
    await expect(readout).toContainText("Memo:");
    await page.mouse.move(0, 0);
  }
}

/** One curve per choice: every value drawn and named in the legend, and kept in the URL. */
async function onePerChoice(page: Page, s: Spec) {
  const choice = s.knobs.find((k) => k.choices);
  if (!choice) return;
  const ex = new ExplorerPage(page);
  await page.getByTestId("per-select").selectOption(choice.name);
  // the system's own default view needs no parameter
  await expect.poll(() => ex.params().get("per"), s.id).toBe(choice.name === s.per_default ? null : choice.name);
  const others = choice.choices!.length - 1;
  await expect(page.getByTestId("series-curve"), s.id).toHaveCount(others);
  await expect(page.getByTestId("legend-series"), s.id).toHaveCount(others);
  for (const c of choice.choices!.filter((c) => c !== String(choice.default))) {
    await expect(page.locator(`[data-testid=series-curve][data-label="${c}"] path`), `${s.id} ${c}`).toHaveAttribute("d", /^M/);
  }
  await page.reload();
  await expect(page.getByTestId("series-curve"), s.id).toHaveCount(others);
  await ex.unfold();
}

test("a choice to draw one curve per that the system does not have is named", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", "per=nonsense");
  await expect(ex.notices).toContainText("per=");
});

/** A pinned baseline stays visible, dashed and described, after the x knob moves. */
async function pinnedBaseline(page: Page, s: Spec) {
  const ex = new ExplorerPage(page);
  await page.getByRole("button", { name: "Pin as baseline" }).click();
  const xKnob = s.knobs.find((k) => k.name === s.x_default)!;
  const slider = ex.slider(xKnob.label);
  await slider.focus();
  const atMax = Number(await slider.inputValue()) >= Number(await slider.getAttribute("max"));
  await page.keyboard.press(atMax ? "ArrowLeft" : "ArrowRight");
  await expect.poll(() => ex.params().get(s.x_default), s.id).not.toBe(String(xKnob.default));
  const base = page.getByTestId("baseline-curve");
  await expect(base, s.id).toHaveAttribute("d", /^M/);
  await expect(base, s.id).toBeVisible();
  expect(await base.evaluate((el) => getComputedStyle(el).strokeDasharray), s.id).not.toBe("none");
  // drawn over the model curve, so where the two agree the dashes still show
  expect(await base.evaluate((el) => {
    const curve = el.ownerSVGElement!.querySelector("[data-testid=model-curve]")!;
    return Boolean(curve.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  }), s.id).toBe(true);
  await expect(page.getByTestId("baseline-settings"), s.id).toContainText(new RegExp(xKnob.label, "i")); // (a knob named for its unit reads once: "86 users")
}

// On a projector too, opened at that size (resized to it from a phone's, the page keeps where the
// phone had scrolled to: not what a projector's visitor sees).
for (const [width, height] of [[1280, 800]]) {
  test(`the chart stays in view while the last knob is used (${width}x${height})`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    for (const s of await specs(request)) {
      await new ExplorerPage(page).open(s.id);
      await inViewWhileTheLastKnobMoves(page, s, height);
    }
  });
}

/** The chart stays in view while the last knob is used. */
async function inViewWhileTheLastKnobMoves(page: Page, s: Spec, height: number) {
  const ex = new ExplorerPage(page);
  const last = page.locator(".knob-panel").locator("input:not([disabled]), select:not([disabled])").last();
  await last.focus();
  await page.keyboard.press(await last.evaluate((el) => el.tagName === "SELECT") ? "ArrowDown" : "ArrowLeft");
  const chart = (await ex.chart.boundingBox())!;
  const shown = Math.min(chart.y + chart.height, height) - Math.max(chart.y, 0);
  expect(shown / chart.height, `${s.id} at ${height} px high: share of the chart on screen`).toBeGreaterThan(0.9);
  const knob = (await last.boundingBox())!;
  expect(knob.y, `${s.id}: the knob itself is on screen`).toBeGreaterThanOrEqual(0);
  expect(knob.y + knob.height, s.id).toBeLessThanOrEqual(height);
  // and the knob is not hidden under the chart
  expect(knob.y >= chart.y + chart.height || knob.x >= chart.x + chart.width || knob.x + knob.width <= chart.x, s.id).toBe(true);
}
