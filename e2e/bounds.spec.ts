// How far a system can go: the textbook bounds beside the curve (asymptotic and balanced job
// bounds and the knee N* on the closed networks, each stage alone elsewhere), in the readout, and
// hidden and shown again through the URL.
import { expect, test } from "./lib/sharedTab";
import { axeViolations } from "./lib/axe";
import { ExplorerPage } from "./pages/ExplorerPage";

test.use({ bypassCSP: true }); // axe is injected as a script

const ASYMPTOTIC = ["asymptotic upper", "asymptotic lower"];
const NETWORK = [...ASYMPTOTIC, "balanced job upper", "balanced job lower"];

// LAVC's CPU times are constant and differ by kind of request: not a product-form network, so
// the asymptotic bounds alone (the balanced job bounds hold for product-form networks only)
for (const [system, query, station, names] of [
  ["decnet", "x=link_quota", "sending CPU", NETWORK],
  ["lavc", "x=users&y=boot_cpu_percent", "boot CPU", ASYMPTOTIC],
] as const) {
  test(`${system}: the bounds on a closed network, its knee where the asymptotes meet, and both in the readout`, async ({ page }) => {
    const ex = new ExplorerPage(page);
    await ex.open(system, query);
    const lines = page.getByTestId("bound-line");
    await expect(lines).toHaveCount(names.length);
    expect((await lines.evaluateAll((els) => els.map((e) => e.getAttribute("data-name")))).sort()).toEqual([...names].sort());
    const knee = page.getByTestId("knee-point");
    await expect(knee).toHaveAttribute("data-station", station);
    // named once, as the knee N*: at the asymptotes' corner, or on the curve where the pace
    // setter turns there too (DECnet), never as where the station saturates
    const named = page.locator("[data-testid=knee-point] text, [data-testid=knee-mark][data-n-star=true] text");
    await expect(named).toHaveCount(1);
    await expect(named).toContainText("knee N* = ");
    await expect(named).not.toContainText("saturat");
    // the knee's x is N* = (D + Z) / D_max from the model, read back from the API's sweep
    const x = query.match(/x=(\w+)/)![1];
    const sweep = await (await page.request.post(`/api/models/${system}/sweep`, { data: { knobs: {}, x } })).json();
    expect(Number(await knee.getAttribute("data-x"))).toBeCloseTo(sweep.bounds_knee.x, 6);
    await expect(page.getByTestId("legend-bound").filter({ hasText: "knee N*" })).toContainText(station);
    // the readout at the pointer: the model's value and both kinds of bound around it
    const box = (await ex.chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    const readout = page.getByTestId("hover-readout");
    await expect(readout.getByTestId("readout-bound")).toHaveCount(names.length / 2);
    await expect(readout).toContainText("asymptotic bounds");
    if (names.length > 2) await expect(readout).toContainText("balanced job bounds");
    // and in words, for whoever does not see the chart: the knee, its station, the bounds at the knob
    await page.getByText("Describe the chart").click();
    const words = page.getByTestId("chart-description");
    await expect(words).toContainText(`The textbook bounds meet at the knee`);
    await expect(words).toContainText(`beyond it the ${station} holds it at`);
    await expect(words).toContainText("the bounds give: asymptotic bounds");
  });
}

test("elsewhere each stage's own limit is drawn and named, and the bounds hide and come back with the URL", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("ffs");
  const lines = page.getByTestId("bound-line");
  await expect(lines).toHaveCount(3);
  await expect(page.locator("[data-testid=bound-line][data-name='rotation and layout'] text")).toHaveText("rotation and layout alone");
  await expect(page.getByTestId("knee-point")).toHaveCount(0);
  await page.getByTestId("bounds-toggle").uncheck();
  await expect(lines).toHaveCount(0);
  await expect.poll(() => ex.params().get("bounds")).toBe("off");
  await page.reload();
  await expect(ex.curve).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("bounds-toggle")).not.toBeChecked();
  await expect(lines).toHaveCount(0);
  await page.getByTestId("bounds-toggle").check();
  await expect(lines).toHaveCount(3);
  await expect.poll(() => ex.params().get("bounds")).toBeNull();
});

test("the LAVC lesson draws the knee, and asks which knob matters most, the tornado revealing the model's answer", async ({ page }) => {
  await page.goto("/learn/lavc-capacity/3");
  await expect(page.getByTestId("bound-line")).toHaveCount(2);
  await expect(page.getByTestId("knee-point")).toHaveAttribute("data-station", "boot CPU");
  await expect(page.locator(".lesson-text")).toContainText("N* = (D + Z) / D_max");

  await page.goto("/learn/lavc-capacity/4");
  const question = page.getByTestId("question");
  await expect(question).toHaveAttribute("data-predict", "knob");
  // the knobs are offered by their labels, and nothing of the answer shows before the reveal
  await expect(question.getByRole("radio", { name: "I/Os per user" })).toBeVisible();
  await expect(page.getByTestId("sensitivity")).toHaveCount(0);
  await question.getByRole("radio", { name: "Boot member disks" }).check();
  await page.getByRole("button", { name: "Commit my answer" }).click();
  await expect(page.getByTestId("reveal-verdict")).toHaveText("Not quite: you picked “Boot member disks”. The model says “I/Os per user” matters most here.");
  const tornado = page.getByTestId("sensitivity");
  await expect(tornado.getByTestId("sensitivity-bar").first()).toHaveAttribute("data-sensitivity-knob", "users");
  // in a lesson the bars are read, not buttons: the step's chart keeps its axes
  await expect(tornado.getByRole("button")).toHaveCount(0);
  const order = await tornado.getByTestId("sensitivity-bar").evaluateAll((els) => els.map((e) => e.getAttribute("data-sensitivity-knob")));
  expect(order.indexOf("ios_per_user_s")).toBeLessThan(order.indexOf("boot_disks"));
  expect(await axeViolations(page)).toEqual([]);
});
