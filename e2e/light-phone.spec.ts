// A light phone (issue 37): a student's phone in a class never starts Python. Joining, a point
// step, a choice step and the reveal move little (measured on the wire by CDP, a generous bound
// here; the figures are bench/student_phone.mjs's), and the explorer opened from a class step
// still starts Python.
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

test.use({ serviceWorkers: "allow" }); // a visitor's browser, with the app's service worker

const RUNTIME = (url: string) => /\/(pyodide|py)\//.test(url) || /\/assets\/worker-/.test(url);

test("a class seat moves under 180 KB through join, a point step, a choice step and the reveal, and never asks for Python; its explorer link does", async ({ browser }) => {
  test.setTimeout(90_000);
  const teacher = new TeacherView(await (await browser.newContext()).newPage());
  await teacher.startOn("/learn/decnet-link-quota/1");
  await teacher.next();
  const ctx = await browser.newContext(StudentSeat.phone);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Network.enable");
  const bytes = new Map<string, number>();
  const urls: string[] = [];
  cdp.on("Network.requestWillBeSent", (e) => urls.push(e.request.url));
  cdp.on("Network.dataReceived", (e) => bytes.set(e.requestId, (bytes.get(e.requestId) ?? 0) + e.encodedDataLength));
  cdp.on("Network.loadingFinished", (e) => bytes.set(e.requestId, Math.max(bytes.get(e.requestId) ?? 0, e.encodedDataLength)));
  await page.goto(`/c/${teacher.classCode}`);
  await page.getByTestId("join").tap();
  const seat = new StudentSeat(page);
  await seat.atStep(2);
  await expect(page.getByTestId("prediction-handle")).toBeVisible();
  await page.getByTestId("typed-prediction").fill("300000");
  await page.getByRole("button", { name: "Send my answer" }).tap();
  await expect(page.getByTestId("sent-note")).toContainText("Sent.");
  for (let n = 3; n <= 4; n++) await teacher.next();
  await seat.atStep(4);
  await page.getByRole("radio").nth(1).check();
  await page.getByRole("button", { name: "Send my answer" }).tap();
  await expect(page.getByTestId("sent-note")).toContainText("Sent.");
  await teacher.page.getByTestId("reveal-all").click();
  await expect(page.getByTestId("reveal-verdict")).toContainText("Right.");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await page.waitForTimeout(1_000); // (anything the page would fetch late)
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  expect(urls.filter(RUNTIME), "a class seat asked for the Python runtime").toEqual([]);
  expect(total, `a class seat moved ${Math.round(total / 1024)} KB`).toBeLessThanOrEqual(180 * 1024);

  // the explorer, opened from the step, is the full app: it starts Python
  await page.getByRole("link", { name: "Open this in the explorer" }).tap();
  await expect(page).toHaveURL(/\/explore\/decnet/);
  await expect.poll(() => urls.filter(RUNTIME).length, { timeout: 20_000 }).toBeGreaterThan(0);
});

test("a class on a teacher's own lesson: the seat checks the file it is given (its parser loaded for that class only) and shows its steps", async ({ browser }) => {
  test.setTimeout(90_000);
  const teacherPage = await (await browser.newContext()).newPage();
  await teacherPage.goto("/learn");
  await teacherPage.getByLabel("Open a lesson file").setInputFiles(fileURLToPath(new URL("fixtures/teacher-lesson.yaml", import.meta.url)));
  const url = (await teacherPage.getByTestId("lesson-link").textContent())!;
  const teacher = new TeacherView(teacherPage);
  await teacher.startOn(`${url}/1`);
  await teacher.next();
  const seat = await StudentSeat.join(browser, teacher.classCode, "Ada", false, StudentSeat.phone);
  await seat.atStep(2);
  await expect(seat.page.getByRole("heading", { name: "Guess the I/O time" })).toBeVisible();
  // the lesson's title is text, never markup
  expect(await seat.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});
