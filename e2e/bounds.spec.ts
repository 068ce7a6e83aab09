// How far a system can go: the textbook bounds beside the curve (asymptotic and balanced job
// bounds and the knee N* on the closed networks, each stage alone elsewhere), in the readout, and
// hidden and shown again through the URL.
import { expect, test } from "@playwright/test";
import { ExplorerPage } from "./pages/ExplorerPage";

const NETWORK = ["asymptotic upper", "asymptotic lower", "balanced job upper", "balanced job lower"];

for (const [system, query, station] of [
  ["decnet", "x=link_quota", "sending CPU"],
  ["lavc", "x=users&y=boot_cpu_percent", "boot CPU"],
] as const) {
  test(`${system}: the bounds on a closed network, its knee where the asymptotes meet, and both in the readout`, async ({ page }) => {
    const ex = new ExplorerPage(page);
    await ex.open(system, query);
    const lines = page.getByTestId("bound-line");
    await expect(lines).toHaveCount(4);
    expect((await lines.evaluateAll((els) => els.map((e) => e.getAttribute("data-name")))).sort()).toEqual([...NETWORK].sort());
    const knee = page.getByTestId("knee-point");
    await expect(knee).toHaveAttribute("data-station", station);
    await expect(knee).toContainText("knee");
    // the knee's x is N* = (D + Z) / D_max from the model, read back from the API's sweep
    const x = query.match(/x=(\w+)/)![1];
    const sweep = await (await page.request.post(`/api/models/${system}/sweep`, { data: { knobs: {}, x } })).json();
    expect(Number(await knee.getAttribute("data-x"))).toBeCloseTo(sweep.bounds_knee.x, 6);
    await expect(page.getByTestId("legend-bound").filter({ hasText: "knee N*" })).toContainText(station);
    // the readout at the pointer: the model's value and both kinds of bound around it
    const box = (await ex.chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    const readout = page.getByTestId("hover-readout");
    await expect(readout.getByTestId("readout-bound")).toHaveCount(2);
    await expect(readout).toContainText("asymptotic bounds");
    await expect(readout).toContainText("balanced job bounds");
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
