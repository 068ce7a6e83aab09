// What the physical models show on the chart: the memo's figures on every default view, the
// capacity line and saturation point, knobs that cannot matter disabled with their reason, and
// the "As measured" presets.
import { expect, test } from "./lib/sharedTab";
import { ExplorerPage } from "./pages/ExplorerPage";

test("every explorer's default view shows the memo's measurements", async ({ page }) => {
  for (const system of ["decnet", "ofn", "rsx-swap", "rsx-qio", "ffs", "lavc", "afs"]) {
    const ex = new ExplorerPage(page);
    await ex.open(system);
    await expect(ex.memoPoints.first(), system).toBeVisible();
  }
  // the shuffler's 5 %, measured somewhere in the intervals the memo tried, spans them
  const ex = new ExplorerPage(page);
  await ex.open("rsx-swap");
  await expect(page.getByTestId("memo-range")).toHaveCount(1);
  await expect(ex.memoPoints.first()).toHaveAttribute("aria-label", /somewhere between .*0\.2 s and 1 s\b/);
});

test("LAVC: the boot member's 100 % line, where demand crosses it, and the memo's 80 % at 86 users", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("lavc");
  await expect(page.getByTestId("limit-line")).toBeVisible();
  await expect(page.getByTestId("limit-line")).toContainText("capacity 100");
  const sat = page.getByTestId("saturation-point");
  await expect(sat).toBeVisible();
  const x = Number(await sat.getAttribute("data-x"));
  expect(x).toBeGreaterThan(100);   // 86 users use 80 %: saturation (95 % busy) lies beyond them
  expect(x).toBeLessThan(150);
  // and beyond the knee, where the boot CPU only starts to set the pace
  expect(x).toBeGreaterThan(Number(await page.getByTestId("knee-mark").getAttribute("data-x")));
  await expect(ex.memoPoints.first()).toHaveAttribute("aria-label", /80 % at Users 86/);
  // utilization, unlike demand, never crosses its 100 % line
  await page.getByRole("combobox", { name: "y axis" }).selectOption("boot_cpu_percent");
  await expect(page.getByTestId("limit-line")).toBeVisible();
  const top = await page.getByTestId("model-curve").evaluate((el: SVGPathElement) => el.getBBox().y);
  const line = await page.locator(".limit-line").evaluate((el: SVGPathElement) => el.getBBox().y);
  expect(top).toBeGreaterThanOrEqual(line - 1);
});

test("a knob that cannot matter is disabled and says why, and comes back when it can", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("ofn");
  const hit = page.locator('[data-knob="hit_position"]');
  await expect(ex.slider("Hit position")).toBeDisabled();
  await expect(hit.getByTestId("inactive-reason")).toContainText("hashed search walks one chain");
  await ex.select("Method").selectOption("linear");
  await expect(ex.slider("Hit position")).toBeEnabled();
  await expect(hit.getByTestId("inactive-reason")).toHaveCount(0);
  await expect(ex.slider("Hash size")).toBeDisabled();
});

test("a knob that never changes the plotted metric says so and stays free; with a metric it moves on the y axis it says nothing", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("afs");
  const packet = page.locator('[data-knob="rx_packet_bytes"]');
  await expect(packet.getByTestId("leaves-plotted")).toHaveText(/^No effect on Read \(block input\) in this model: another y axis shows what it moves\./);
  await expect(ex.slider("Rx packet")).toBeEnabled();
  await expect(page.locator('[data-knob="chunksize"]').getByTestId("leaves-plotted")).toHaveCount(0); // (chunksize moves it)
  await page.getByRole("combobox", { name: "y axis" }).selectOption("io_size_bytes");
  await expect(packet.getByTestId("leaves-plotted")).toHaveCount(0);
  await expect(page.locator('[data-knob="read_ahead"]').getByTestId("leaves-plotted")).toHaveText(/^No effect on Fileserver I\/O size in this model/);
});

test("'As measured' names a configuration plainly, shows its measurement and stays selected", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("ffs");
  const preset = page.getByRole("combobox", { name: "As measured" });
  // grouped by the memo's table (reading rates), named by what differs within it
  const option = preset.locator("optgroup[label^='Table 2a (reading rates)'] option", { hasText: "old, Block size 1K bytes, UNIBUS" });
  await expect(option).toHaveCount(1);
  const value = await option.getAttribute("value");
  await preset.selectOption(value!);
  await expect(preset).toHaveValue(value!);
  // the closed select shows a long name's start only: the whole name and its table are said below it
  await expect(page.getByTestId("preset-now")).toHaveText(/^read: old, Block size 1K bytes, UNIBUS \(Table 2a \(reading rates\)/);
  await expect.poll(() => ex.params().get("layout")).toBe("old");
  await expect(ex.memoPoints.first()).toBeVisible();
  await expect(option).not.toContainText("750/");   // plain words, not the report's ids
});

test("a knob moved away from the memo's configuration says so where its name was, and the knobs below stay where they were", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", "circuit=CI&link_quota=16&buffer_size=576&test=SENDER%2FSERVER");
  await expect(page.getByTestId("preset-now")).toHaveText(/^CI, Buffer size 576 bytes: SENDER\/SERVER \(/);
  const buffer = ex.slider("Buffer size");
  await buffer.focus();
  // where the knob is on the page (not in the window, which the focus may have scrolled)
  const top = () => buffer.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const before = await top();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("preset-left")).toHaveText(/^Moved away from CI, Buffer size 576 bytes: SENDER\/SERVER \(/);
  await expect(page.getByRole("combobox", { name: "As measured" })).toHaveValue("");
  expect(await top()).toBe(before); // (it moved up 50 px under the hand before)
  // the unseen twin that keeps the height is not read out
  await expect(page.getByText(/^CI, Buffer size 576 bytes: SENDER\/SERVER \(/)).toBeHidden();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("preset-now")).toBeVisible();
  expect(await top()).toBe(before);
});
