// A finger drags the prediction (issue 37): on a 375x812 touch phone, real touch events (CDP
// Input.dispatchTouchEvent, as a finger sends them, not mouse clicks) move the handle with the
// finger and never scroll the page; the question and the whole chart are in the first screen.
import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

/** A finger put down at (x, y), moved by `dy` in `steps` moves, lifted. */
async function drag(cdp: CDPSession, x: number, y: number, dy: number, steps = 10) {
  const at = (yy: number) => [{ x, y: yy, id: 1, radiusX: 10, radiusY: 10, force: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(y) });
  for (let i = 1; i <= steps; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(y + (dy * i) / steps) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** The prediction handle's centre on screen. */
async function handle(page: Page) {
  const b = (await page.getByTestId("prediction-handle").boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

async function dragsWithTheFinger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const plot = (await page.getByTestId("curve-reader").boundingBox())!;
  const start = await handle(page);
  const scroll = await page.evaluate(() => window.scrollY);
  // from the plot's middle, 60 px down, then (from there) 100 px up: the handle ends under the finger
  expect(plot.height).toBeGreaterThan(150);
  const y0 = plot.y + plot.height / 2;
  await drag(cdp, start.x, y0, 60);
  let h = await handle(page);
  expect(Math.abs(h.y - (y0 + 60)), "the handle after a 60 px drag down").toBeLessThanOrEqual(15);
  await drag(cdp, start.x, y0 + 60, -100);
  h = await handle(page);
  expect(Math.abs(h.y - (y0 - 40)), "the handle after a 100 px drag up").toBeLessThanOrEqual(15);
  expect(await page.evaluate(() => window.scrollY), "the page scrolled under the finger").toBe(scroll);
  // the box shows what the finger set
  await expect(page.getByTestId("typed-prediction")).not.toHaveValue("");
}

test("on a touch phone in a class, a finger drags the prediction, the page stays put, and the question and chart fit the first screen", async ({ browser }) => {
  const teacher = new TeacherView(await (await browser.newContext()).newPage());
  await teacher.startOn("/learn/decnet-link-quota/1");
  const ann = await StudentSeat.join(browser, teacher.classCode, "Ann", false, StudentSeat.phone);
  await teacher.next();
  await ann.atStep(2);
  const page = ann.page;
  await expect(page.getByTestId("prediction-handle")).toBeVisible();
  // the first screen holds the question's box and the whole chart
  for (const id of ["typed-prediction", "chart"]) {
    const b = (await page.getByTestId(id).boundingBox())!;
    expect(b.y + b.height, `${id} ends within the first 812 px`).toBeLessThanOrEqual(812);
  }
  await dragsWithTheFinger(page);
  await page.waitForTimeout(500); // the finger goes from the chart to the button (a tap at once would be a double tap)
  await page.getByRole("button", { name: "Send my answer" }).tap();
  await expect(page.getByTestId("sent-note")).toContainText("Sent.");
  await expect(teacher.answered).toHaveText(/^1 of 1 answered/);
});

test("on a touch phone, a lesson's prediction follows the finger too", async ({ browser }) => {
  const page = await (await browser.newContext(StudentSeat.phone)).newPage();
  await page.goto("/learn/decnet-link-quota/2");
  await expect(page.getByTestId("prediction-handle")).toBeVisible();
  await page.getByTestId("chart").scrollIntoViewIfNeeded();
  await dragsWithTheFinger(page);
});
