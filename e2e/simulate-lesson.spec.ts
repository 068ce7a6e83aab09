// Simulation beside the analysis, in a lesson and in the explorer's exports: the DECnet step that
// asks where constant times land draws the simulated points only after the reveal (alone, on the
// projector and on a phone that asks the server), and a run in the explorer travels in the CSV,
// the SVG (its legend explaining the diamond) and the PNG.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { StudentSeat, TeacherView } from "./pages/ClassPages";
import { ExplorerPage } from "./pages/ExplorerPage";
import { LessonPage } from "./pages/LessonPage";

const STEP = "/learn/decnet-link-quota/8";
const points = (page: Page) => page.getByTestId("simulated-point");

/** The simulated point at the step's own quota, above the model's value there (the readout). */
async function aboveAt16(page: Page) {
  const at16 = points(page).and(page.locator("[data-x='16']"));
  await expect(at16).toHaveCount(1);
  const mean = Number(await at16.getAttribute("data-mean"));
  const model = Number(await page.getByTestId("readout-throughput_bps").locator("dd").first().getAttribute("data-value"));
  expect(model).toBeGreaterThan(0);
  // constant times at quota 16 run about 6 % above exact MVA's curve
  expect(mean / model).toBeGreaterThan(1.03);
  expect(mean / model).toBeLessThan(1.09);
}

test("alone: the simulation step draws nothing simulated before the answer, then the runs beside the curve with their sentence", async ({ page }) => {
  const l = new LessonPage(page);
  await l.open(STEP);
  await expect(page.getByTestId("question")).toContainText("Simulated with constant times");
  // a choice is answered without bare axes under it: the chart comes with the answer
  await expect(page.getByTestId("chart")).toHaveCount(0);
  await expect(points(page)).toHaveCount(0);
  // a wrong pick: the reveal still shows where the simulation landed
  await page.getByTestId("question").getByRole("radio").nth(2).check();
  await page.getByRole("button", { name: "Commit my answer" }).click();
  await expect(l.reveal).toContainText("Above the curve");
  await expect(page.getByTestId("chart")).toBeVisible();
  await expect(points(page)).toHaveCount(6, { timeout: 60_000 });
  await expect(page.getByTestId("step-simulating")).toHaveCount(0);
  await aboveAt16(page);
  await expect(page.getByTestId("step-simulation")).toContainText("simulated with constant service times");
  await expect(page.getByTestId("step-simulation")).toContainText("above");
  await expect(page.locator(".lesson-legend")).toContainText("simulated (constant service times): mean and 95 % interval");
  // the chart's description and table carry the runs too
  await page.getByTestId("chart-description").evaluate((d) => d.closest("details")?.setAttribute("open", ""));
  await expect(page.getByTestId("chart-description")).toContainText("simulated with constant service times");
  await page.getByText("Table of the plotted values").click();
  await expect(page.getByTestId("simulated-table").locator("tbody tr")).toHaveCount(6);
  // the step before, a choice of another kind, runs no simulation
  await l.open("/learn/decnet-link-quota/5");
  await page.getByTestId("question").getByRole("radio").nth(1).check();
  await page.getByRole("button", { name: "Commit my answer" }).click();
  await expect(l.reveal).toBeVisible();
  await expect(page.getByTestId("model-curve")).toBeVisible();
  await expect(points(page)).toHaveCount(0);
});

test("in a class: the projector runs the simulation at the reveal, and a phone shows the same points from the server", async ({ browser }) => {
  test.setTimeout(120_000);
  const teacher = new TeacherView(await (await browser.newContext()).newPage());
  await teacher.startOn(STEP);
  const ann = await StudentSeat.join(browser, teacher.classCode, "Ann", false, StudentSeat.phone);
  await ann.atStep(8);
  const asked: string[] = [];
  ann.page.on("request", (r) => {
    if (r.url().includes("/api/models/decnet/simulate")) asked.push(r.postData() ?? "");
  });
  await ann.page.getByTestId("question").getByRole("radio").first().check();
  await ann.page.getByRole("button", { name: /Send my answer/ }).click();
  await expect(ann.page.getByTestId("sent-note")).toContainText("Sent.");
  await expect(teacher.answered).toContainText("1 of 1 answered");
  // nothing simulated anywhere before the reveal
  await expect(points(teacher.page)).toHaveCount(0);
  await expect(points(ann.page)).toHaveCount(0);
  expect(asked).toEqual([]);

  await teacher.panel.getByTestId("reveal-all").click();
  await expect(points(teacher.page)).toHaveCount(6, { timeout: 60_000 });
  await expect(points(ann.page)).toHaveCount(6, { timeout: 60_000 });
  await aboveAt16(teacher.page);
  // the phone's runs came from the server, with the lessons' seed and spread, and match the projector's
  expect(asked.length).toBe(6);
  for (const body of asked) expect(JSON.parse(body)).toMatchObject({ service: "constant", seed: 1 });
  const means = (page: Page) => points(page).evaluateAll((ps) => ps.map((p) => [p.getAttribute("data-x"), Number(p.getAttribute("data-mean")).toPrecision(6)]));
  expect(await means(ann.page)).toEqual(await means(teacher.page));
  await expect(ann.page.getByTestId("step-simulation")).toContainText("above");
  await ann.page.screenshot({ path: test.info().outputPath("phone-revealed.png") });
});

test("the explorer's exports carry a simulation: CSV rows and note, the SVG's diamond key, a PNG", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", "circuit=CI&link_quota=16&buffer_size=576&test=SENDER%2FSERVER");
  await ex.waitForRuntime("ready");
  const save = async (button: string) => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button, exact: true }).click()]);
    return readFileSync((await download.path())!);
  };
  // before a run, no export mentions a simulation
  expect((await save("CSV")).toString("utf8")).not.toMatch(/simulat/i);
  await ex.sim.run().click();
  await expect(ex.sim.points()).toHaveCount(6, { timeout: 60_000 });
  const drawn = await ex.sim.points().evaluateAll((ps) => ps.map((p) => [Number(p.getAttribute("data-x")), Number(p.getAttribute("data-mean"))]));

  const csv = (await save("CSV")).toString("utf8").trim().split("\n");
  expect(csv.find((l) => l.startsWith("# Simulated, not measured:"))).toContain("constant service times, seed 1");
  const rows = csv.filter((l) => l.startsWith("simulation (constant service times) mean,"));
  expect(rows.map((r) => [Number(r.split(",")[1]), Number(r.split(",")[2])])).toEqual(drawn);
  expect(csv.filter((l) => l.startsWith("simulation (constant service times) 95 % low,"))).toHaveLength(6);
  expect(csv.filter((l) => l.startsWith("simulation (constant service times) 95 % high,"))).toHaveLength(6);

  const svg = (await save("SVG")).toString("utf8");
  expect(svg).toContain("simulation (constant service times): mean and 95 % interval");
  expect(svg).toContain('data-key="simulated"');
  expect(svg).toContain("Simulated, not measured: constant service times, seed 1");
  expect((svg.match(/data-testid="simulated-point"/g) ?? []).length).toBe(6);
  const png = await save("PNG");
  expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
});
