// The explorer's Simulate: the mechanism simulated at settings along the curve, drawn with its
// 95 % intervals beside the curve, said in a sentence, listed in the table; never on a knob's move;
// Stop keeps what is done.
import { expect, test } from "./lib/sharedTab";
import { ExplorerPage } from "./pages/ExplorerPage";

test("DECnet with constant service: points above the curve near the knee, with the sentence, legend and table", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", "circuit=CI&link_quota=16&buffer_size=576&test=SENDER%2FSERVER");
  await ex.waitForRuntime("ready");
  await expect(ex.sim.points()).toHaveCount(0);
  await expect(ex.sim.service()).toHaveValue("constant");
  await ex.sim.run().click();
  await expect(ex.sim.points()).toHaveCount(6, { timeout: 60_000 });
  await expect(ex.sim.progress()).toHaveCount(0);
  // at the memo's quota, a loop of constant times runs 5.9 % above exact MVA's curve
  const at16 = ex.sim.points().and(page.locator("[data-x='16']"));
  const mean = Number(await at16.getAttribute("data-mean"));
  const model = Number(await ex.readout("throughput_bps").getAttribute("data-value"));
  expect(mean / model).toBeGreaterThan(1.05);
  expect(mean / model).toBeLessThan(1.07);
  await expect(ex.sim.sentence()).toContainText("parts from the model most at");
  await expect(ex.sim.sentence()).toContainText("fixed rhythm");
  // said to a screen reader once the run ends
  await expect(page.getByTestId("simulate-announce")).toContainText("Simulation done. ");
  await expect(page.getByTestId("legend-simulated")).toContainText("simulation (constant service times)");
  await page.getByTestId("chart-description").evaluate((d) => d.closest("details")?.setAttribute("open", ""));
  await expect(page.getByTestId("chart-description")).toContainText("simulated with constant service times");
  // the same run again from its seed: the same points
  const means = () => ex.sim.points().evaluateAll((ps) => Object.fromEntries(ps.map((p) => [p.getAttribute("data-x"), p.getAttribute("data-mean")])));
  const first = await means();
  // a knob along x keeps the run (it is along the curve); another knob's move drops it, and
  // starts nothing
  await ex.slider("Link quota").focus();
  await page.keyboard.press("ArrowRight");
  await expect(ex.current).toHaveAttribute("data-x", "18");
  await expect(ex.sim.points()).toHaveCount(6);
  await ex.select("Test").selectOption("DTS/DTR");
  await expect(ex.sim.points()).toHaveCount(0);
  await expect(ex.sim.progress()).toHaveCount(0);
  await ex.select("Test").selectOption("SENDER/SERVER");
  await ex.sim.run().click();
  // (the knob is at 18 now: the settings along the curve and 18)
  await expect(ex.sim.points()).toHaveCount(6, { timeout: 60_000 });
  const again = await means();
  for (const x of ["8", "20", "34", "48", "64"]) expect(again[x]).toBe(first[x]);
});

test("LAVC by keyboard: Simulate hands the focus to Stop, Stop ends the run, keeps the points done and hands it back; a model that is not simulated says why", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("lavc", "y=io_elapsed_ms");
  await ex.waitForRuntime("ready");
  await expect(ex.sim.service()).toHaveValue("mechanism");
  await ex.sim.service().selectOption("exponential");
  await ex.sim.run().focus();
  await page.keyboard.press("Enter");
  await expect(ex.sim.stop()).toBeFocused();
  await expect(ex.sim.points()).toHaveCount(1, { timeout: 60_000 });
  await page.keyboard.press("Enter");
  await expect(ex.sim.message()).toContainText("Stopped", { timeout: 30_000 });
  await expect(ex.sim.run()).toBeFocused();
  const kept = await ex.sim.points().count();
  expect(kept).toBeGreaterThanOrEqual(1);
  expect(kept).toBeLessThan(6);
  await ex.open("ofn");
  await expect(page.getByTestId("simulate-why-not")).toContainText("Not simulated");
  await expect(ex.sim.run()).toHaveCount(0);
});

test("FFS: revolutions lost along the rotational delay, simulated block by block", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("ffs", "x=rotdelay_ms&y=revolutions_lost&controller_setup_ms=3&controller_setup_spread_ms=2");
  await ex.waitForRuntime("ready");
  await expect(ex.sim.service()).toHaveValue("mechanism");
  await ex.sim.run().click();
  await expect(ex.sim.points()).toHaveCount(6, { timeout: 60_000 });
  await expect(ex.sim.progress()).toHaveCount(0);
  await expect(ex.sim.sentence()).toContainText("Revolutions lost per block simulated with the model's set-up");
  await expect(page.getByTestId("legend-simulated")).toBeVisible();
});

test("each model card says what is simulated, or why not", async ({ page }) => {
  await page.goto("/models/lavc");
  await expect(page.getByTestId("card-simulation")).toContainText("Simulated request by request");
  await page.goto("/models/afs");
  await expect(page.getByTestId("card-simulation")).toContainText("Not simulated");
});
