// What the chart explains on every system: capacity lines and saturation points where the
// metric has a capacity, a readout that follows the pointer and the keys, one curve per choice,
// a dashed baseline that survives moving x, the chart in view while knobs move, and reset.
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

test("reset restores the memo's settings and the default address", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet");
  const fresh = new URL(page.url()).search;
  const reset = page.getByTestId("reset-knobs");
  await expect(reset).toBeDisabled();
  await ex.select("Circuit").selectOption("DTE");
  await page.getByRole("combobox", { name: "y axis" }).selectOption("cpu_percent");
  await page.getByRole("button", { name: "Pin as baseline" }).click();
  await expect.poll(() => new URL(page.url()).search).not.toBe(fresh);
  await reset.click();
  await expect.poll(() => new URL(page.url()).search).toBe(fresh);
  await expect(ex.select("Circuit")).toHaveValue("CI");
  await expect(page.getByTestId("baseline-curve")).toHaveCount(0);
  await expect(reset).toBeDisabled();
});

test("AFS reads its chunksize in bytes, 1K to 1M, and its question matches its chart", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("afs");
  const ticks = await page.locator(".x-axis g text").allTextContents();
  expect(ticks[0]).toBe("1K");
  expect(ticks[ticks.length - 1]).toBe("1M");
  await expect(page.locator(".x-axis .axis-label")).toHaveText("Chunksize (bytes)");
  await expect(page.getByTestId("knob-shown").first()).toHaveText("= 8K bytes");
  await expect(page.locator(".question")).toContainText("read");
  await expect(page.getByTestId("limit-line")).toBeVisible(); // what caps the reads
});

test("FFS's default chart shows the disk's bandwidth its question asks about, and OFN's both methods", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("ffs");
  await expect(page.getByTestId("limit-line")).toContainText("capacity 983");
  await ex.open("ofn");
  await expect(page.getByTestId("series-curve")).toHaveCount(1);
  await expect(page.getByTestId("legend")).toContainText("model: linear");
  expect(ex.params().get("per")).toBeNull(); // the default view needs no parameter
  await page.getByTestId("per-select").selectOption("");
  await expect.poll(() => ex.params().get("per")).toBe("none");
  await expect(page.getByTestId("series-curve")).toHaveCount(0);
});

test("the x axis shows where the memo measured and where the model extrapolates", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("rsx-swap"); // the shuffler's 5 %, measured somewhere between 0.2 and 1 s
  const range = page.getByTestId("measured-range");
  await expect(range).toHaveAttribute("data-x0", "0.2");
  await expect(range).toHaveAttribute("data-x1", "1");
  await expect(page.getByTestId("legend")).toContainText("elsewhere the model extrapolates");
  await ex.open("decnet");
  await expect(page.getByTestId("measured-range")).toHaveAttribute("data-x0", "16");
});

test("the assumptions the memo does not give are folded, and unfold when one is turned", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", "", { folded: true });
  const more = page.getByTestId("more-knobs");
  await expect(more).not.toHaveAttribute("open");
  await expect(more.locator("summary")).toContainText("Assumptions the memo does not give (2)");
  await expect(ex.slider("Copy cost")).toHaveCount(0); // hidden until unfolded
  await more.locator("summary").click();
  await expect(ex.slider("Copy cost")).toBeVisible();
  await ex.open("decnet", "copy_us_per_byte=1", { folded: true });
  await expect(page.getByTestId("more-knobs")).toHaveAttribute("open");
});

test("a folded knob moved through its default stays in view", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", "copy_us_per_byte=1.5", { folded: true });
  const copy = ex.slider("Copy cost");
  await copy.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight"); // through the default, 2
  await expect.poll(() => ex.params().get("copy_us_per_byte")).not.toBe("1.5");
  await expect(page.getByTestId("more-knobs")).toHaveAttribute("open");
  await expect(copy).toBeVisible();
});

test("end-of-curve labels stay inside the chart and never print over each other", async ({ page }) => {
  const ex = new ExplorerPage(page);
  for (const [system, query, n] of [["ffs", "per=bus", 2], ["decnet", "per=circuit", 3], ["decnet", "per=circuit&link_quota=2&x=buffer_size", 3]] as const) {
    await ex.open(system, query);
    const labels = page.getByTestId("end-label");
    await expect(labels).toHaveCount(n);
    const boxes = await labels.evaluateAll((els) => els.map((e) => {
      const b = e.getBoundingClientRect();
      return { text: e.textContent, left: b.left, right: b.right, top: b.top, bottom: b.bottom };
    }));
    const svg = (await ex.chart.boundingBox())!;
    for (const b of boxes) {
      expect(b.right, `${system} ${query}: ${b.text}`).toBeLessThanOrEqual(svg.x + svg.width + 0.5);
      expect(b.top).toBeGreaterThanOrEqual(svg.y - 0.5);
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        expect(overlap, `${system} ${query}: ${a.text} over ${b.text}`).toBe(false);
      }
    }
  }
});

test("on a phone, curve labels that would squeeze the plot give way to the legend", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const ex = new ExplorerPage(page);
  // a fit draws "your fit" beside "memo's calibration": 120 px of labels on a 375 px chart
  await page.goto("/explore/ffs?bus=MASSBUS&fitted=cpu_block_ms%3A5.3");
  await expect(page.getByTestId("fitted-curve")).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("legend-series")).toHaveCount(1);
  await expect(page.getByTestId("end-label")).toHaveCount(0);
  // the plot keeps most of the chart's width: the x axis runs over 60 % of it
  const svg = (await ex.chart.boundingBox())!;
  const axis = (await page.locator("[data-testid=chart] .x-axis > line").boundingBox())!;
  expect(axis.width).toBeGreaterThan(svg.width * 0.6);
});

test("the knee's and the saturation mark's words stay inside the plot, never over the y axis, on a phone and a projector", async ({ page }) => {
  const ex = new ExplorerPage(page);
  for (const [width, height, query] of [[375, 812, "circuit=CI"], [1280, 800, "circuit=CI&x=link_quota"]] as const) {
    await page.setViewportSize({ width, height });
    await ex.open("decnet", query);
    for (const id of ["saturation-point", "knee-mark"]) {
      const words = page.getByTestId(id).locator("text");
      await expect(words).toBeVisible();
      const text = (await words.boundingBox())!;
      const axis = (await page.locator("[data-testid=chart] .x-axis > line").boundingBox())!;
      expect(text.x, `${id} ${width}px`).toBeGreaterThanOrEqual(axis.x - 1);
      expect(text.x + text.width, `${id} ${width}px`).toBeLessThanOrEqual(axis.x + axis.width + 30);
    }
  }
});

test("the knee and the saturation, each named for what it is: the region's edge, the marks, the legend and the readouts agree with the model", async ({ page }) => {
  const ex = new ExplorerPage(page);
  const api = async (system: string, knobs: Record<string, unknown>, x: string) => (await page.request.post(`/api/models/${system}/sweep`, { data: { knobs, x } })).json();
  const busy = async (system: string, knobs: Record<string, unknown>, metric: string) =>
    (await (await page.request.post(`/api/models/${system}/evaluate`, { data: { knobs } })).json()).metrics[metric] as number;

  // LAVC: the knee N* (the model's bounds_knee) is where the boot CPU takes over the pace: the
  // region's edge and the knee mark; the readout's planner's count (users at 100 % offered
  // demand) is another number, named apart, a little before it; the CPU saturates (>= 95 % busy)
  // later, at the model's saturation point
  await ex.open("lavc", "disk=served");
  const knee = page.getByTestId("knee-mark");
  const mark = page.getByTestId("saturation-point");
  await expect(knee).toBeVisible();
  const x = Number(await knee.getAttribute("data-x"));
  const sweep = await api("lavc", { disk: "served" }, "users");
  expect(x).toBeCloseTo(sweep.bounds_knee.x, 9);
  const shown = Number(x.toPrecision(4)).toString();
  await expect(knee).toHaveAttribute("data-n-star", "true");
  await expect(knee).toContainText(`knee N* = ${shown} users`);
  await expect(page.getByTestId("legend-knee")).toContainText(`knee N* = ${shown} users: where the asymptotes meet; beyond it the boot CPU sets the pace`);
  await expect(page.getByTestId("legend")).not.toContainText("sets the pace from");
  const readout = page.getByTestId("readout-max_users");
  await expect(readout.locator("dt")).toHaveText("Users at 100 % offered demand");
  await expect(readout.locator("dd").first()).not.toHaveText("…");
  expect(Number(await readout.locator("dd").first().getAttribute("data-value"))).toBeLessThan(x);
  const edge = Number(await page.locator("[data-testid=bottleneck-band][data-label='boot CPU']").first().getAttribute("data-x0"));
  expect(edge).toBeCloseTo(x, 9);
  expect(await busy("lavc", { disk: "served", users: Math.ceil(x) }, "boot_cpu_percent")).toBeLessThan(95);
  await expect(mark).toHaveAttribute("data-x", String(sweep.saturation.x));
  await expect(mark).toContainText(`boot CPU saturates at ${sweep.saturation.x} users`);
  await expect(page.getByTestId("legend-saturation")).toContainText(`saturates at ${sweep.saturation.x} users`);
  expect(await busy("lavc", { disk: "served", users: sweep.saturation.x }, "boot_cpu_percent")).toBeGreaterThanOrEqual(95);

  // the lesson on the same chart says the same, once revealed
  await page.goto("/learn/lavc-capacity/2");
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Commit my answer" }).click();
  await expect(knee).toContainText(`knee N* = ${shown} users`);
  await expect(mark).toContainText(`boot CPU saturates at ${sweep.saturation.x} users`);
  const lessonEdge = Number(await page.locator("[data-testid=bottleneck-band][data-label='boot CPU']").first().getAttribute("data-x0"));
  expect(lessonEdge).toBeCloseTo(x, 9);

  // DECnet on the CI: the knee N*, where the sending CPU takes over from the window (83 % busy),
  // mark and edge alike; it saturates at the model's point, 95 % busy
  await ex.open("decnet", "circuit=CI");
  const dx = Number(await knee.getAttribute("data-x"));
  expect(dx).toBeGreaterThan(30);
  expect(dx).toBeLessThan(34);
  const dEdge = Number(await page.locator("[data-testid=bottleneck-band][data-label='sending CPU']").first().getAttribute("data-x0"));
  expect(dEdge).toBeCloseTo(dx, 9);
  await expect(knee).toContainText(/^knee N\* = [\d.]+ buffers/);
  await expect(knee).not.toContainText("saturat");
  const d = await api("decnet", { circuit: "CI" }, "link_quota");
  await expect(mark).toContainText(`sending CPU saturates at ${d.saturation.x} buffers`);
  expect(await busy("decnet", { circuit: "CI", link_quota: d.saturation.x }, "cpu_percent")).toBeGreaterThanOrEqual(95);
  expect(await busy("decnet", { circuit: "CI", link_quota: 32 }, "cpu_percent")).toBeLessThan(95);

  // FFS: an open path has no knee; its mark is where the model has a resource 95 % busy, named
  await ex.open("ffs", "bus=UNIBUS&y=throughput_kBps");
  const f = await api("ffs", { bus: "UNIBUS" }, "block_size");
  expect(f.knee).toBeNull();
  await expect(knee).toHaveCount(0);
  // (at the axis's start, as on the UNIBUS here, "already saturated at")
  if (f.saturation) await expect(mark).toContainText(new RegExp(`${f.saturation.resource} (already )?saturate`));
  else await expect(mark).toHaveCount(0);
  for (const b of await page.getByTestId("bottleneck-band").all()) {
    expect(["CPU", "bus", "rotation and layout"]).toContain(await b.getAttribute("data-label"));
  }
});

test("a desktop's explorer uses the width it has; the projector's and the phone's charts keep their size", async ({ page }) => {
  // issue 39: at 1920x1080 the explorer used 1,200 px and its chart was 760x330
  const ex = new ExplorerPage(page);
  const sizes: Record<number, { width: number; height: number }> = {};
  for (const [width, height] of [[1920, 1080], [1280, 800], [375, 812]]) {
    await page.setViewportSize({ width, height });
    await ex.open("decnet");
    sizes[width] = (await ex.chart.boundingBox())!;
  }
  expect(sizes[1920].width).toBeGreaterThan(1920 * 0.65);
  expect(sizes[1920].height).toBeGreaterThan(450);
  // the whole chart still fits the screen's height with the pickers above it
  expect(sizes[1920].height).toBeLessThan(1080 * 0.6);
  expect(sizes[1280].height).toBe(380);
  expect(sizes[375].height).toBe(250);
  expect(sizes[375].width).toBeLessThanOrEqual(375);
});
