// A sketch step's sliders on a phone (issue 51, item 5): the point-by-point alternative to
// drawing is the whole width of the screen, and a short drag of a finger (real touch events
// through CDP) moves a slider: no dead zone in which a small drag does nothing.
import { type CDPSession, expect, test } from "@playwright/test";
import { tap } from "./lib/touch";
import { StudentSeat } from "./pages/ClassPages";

test.use(StudentSeat.phone);

/** A finger's short drag from (x, y) by `dx` pixels, in 2 px moves. */
async function drag(cdp: CDPSession, x: number, y: number, dx: number) {
  const at = (px: number) => [{ x: px, y, id: 1, radiusX: 8, radiusY: 8, force: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(x) });
  for (let d = 2; d <= dx; d += 2) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(x + d) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

test("on a phone the sketch's sliders are full width and a 10 px drag counts", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await page.goto("/learn/lavc-capacity/7");
  await tap(cdp, page.getByTestId("sketch-by-keyboard"));
  const slider = page.getByTestId("sketch-slider").first();
  await expect(slider).toBeVisible();
  await slider.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const b = (await slider.boundingBox())!;
  expect(b.width, "the slider's width on a 375 px phone").toBeGreaterThanOrEqual(300);
  // a finger on the thumb (at 0, the left end) moves 10 px right: the value follows
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await drag(cdp, b.x + 8, b.y + b.height / 2, 10);
  await expect.poll(() => slider.evaluate((el) => Number((el as HTMLInputElement).value))).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath("sketch-phone.png") });
});

test("on a phone a revealed sketch's point-by-point table fits the screen: nothing scrolls sideways", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  // (AFS's sketch: four columns of a value and its unit, 16 px past a 375 px screen before)
  await page.goto("/learn/afs-chunksize/4");
  await tap(cdp, page.getByTestId("sketch-by-keyboard"));
  const sliders = page.locator("[data-testid=sketch-slider]:enabled");
  await expect(sliders).toHaveCount(5);
  for (let i = 0; i < 5; i++) await sliders.nth(i).fill((await sliders.nth(i).getAttribute("max"))!);
  await tap(cdp, page.getByRole("button", { name: "Reveal" }));
  await expect(page.getByTestId("sketch-error")).toBeVisible();
  await expect(page.locator(".sketch-table tbody tr")).toHaveCount(5);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "px the page scrolls sideways").toBe(0);
  const table = (await page.locator(".sketch-table").boundingBox())!;
  expect(table.x + table.width).toBeLessThanOrEqual(375);
});
