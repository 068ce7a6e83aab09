// The explorer's page around its chart: reset back to the memo's settings, each system's default
// chart (AFS's bytes, FFS's bandwidth, OFN's methods), the x axis's measured and extrapolated
// ranges, the folded assumptions, the curve labels and the knee's and saturation's words kept
// inside the plot, and the chart's size on a desktop, a projector and a phone.
// (chart.spec.ts walks every system's chart.)
import { expect, test } from "./lib/sharedTab";
import { ExplorerPage } from "./pages/ExplorerPage";

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
