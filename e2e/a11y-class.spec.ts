// The lesson and the live class without a mouse or without sight: a keyboard-only prediction and
// reveal, a live class answered by keyboard on a phone with what a screen reader is told in order,
// axe on the student's and the teacher's class pages, and the class page at 320 px.
import { expect, type Page, test } from "@playwright/test";
import { axeViolations, sidewaysOverflow } from "./lib/axe";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

test.use({ bypassCSP: true }); // axe is injected as a script

/** Press Tab until `testId` has focus (at most `limit` presses); fails if it never does. */
async function tabTo(page: Page, testId: string, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((id) => document.activeElement?.getAttribute("data-testid") === id, testId)) return;
  }
  throw new Error(`${testId} never took focus in ${limit} Tabs`);
}

test("by keyboard alone a lesson's prediction is typed and revealed, and the reveal is announced", async ({ page }) => {
  await page.goto("/learn/decnet-link-quota/2");
  await expect(page.getByTestId("chart")).toBeVisible();
  await tabTo(page, "typed-prediction");
  await expect(page.getByTestId("typed-prediction")).toHaveAccessibleName(/^Your prediction \(bit\/s\) of Throughput at Link quota \d+/);
  await page.keyboard.type("50000");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("reveal-model")).toContainText("your prediction is");
  const log = page.getByRole("log", { name: "Announcements" });
  await expect(log).toContainText(/The answer is out\. You predicted 50K bit\/s at .+\. The model gives [\d.]+K bit\/s: your prediction is \d+% (above|below)/);
});

test("a live class on a phone by keyboard: joining, the step, the answer and the reveal are announced in order; axe finds nothing on either side", async ({ browser }) => {
  test.setTimeout(120_000);
  const teacher = new TeacherView(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  const code = await teacher.startOn("/learn/decnet-link-quota/1");
  expect(await axeViolations(teacher.page), "the teacher's live panel").toEqual([]);

  // the student, on a 375 px phone, joins by keyboard: the name field, a name, Enter
  const phone = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  await phone.goto(`/c/${code}`);
  await expect(phone.getByTestId("join-class")).toBeVisible();
  expect(await axeViolations(phone), "the join form").toEqual([]);
  await tabTo(phone, "student-name");
  await phone.keyboard.type("Ann");
  await phone.keyboard.press("Enter");
  const student = new StudentSeat(phone);
  await student.atStep(1);
  await expect.poll(() => student.said()).toEqual([`You are in class ${code} as Ann. Step 1 of ${await stepsOf(phone)}: ${await phone.locator("h1").textContent()}.`]);

  await teacher.next();
  await student.atStep(2);
  await expect.poll(async () => (await student.said()).length).toBe(2);
  // the step's title and its question
  const prompt = await phone.locator(".lesson-question .prompt").textContent();
  expect((await student.said())[1]).toBe(`Step 2 of ${await stepsOf(phone)}: ${await phone.locator("h1").textContent()}. ${prompt}`);
  expect(await axeViolations(phone), "the student's step before the reveal").toEqual([]);

  await tabTo(phone, "typed-prediction");
  await phone.keyboard.type("40000");
  await phone.keyboard.press("Enter");
  await expect(phone.getByTestId("sent-note")).toContainText("Sent.");
  await expect.poll(async () => (await student.said())[2]).toBe("Your answer, 40K bit/s, went to the class's screen. You can change it until the reveal.");
  await expect(teacher.answered).toHaveText(/^1 of 1 answered/);
  expect(await axeViolations(teacher.page), "the teacher's live panel with an answer").toEqual([]);

  await teacher.page.getByTestId("reveal-all").focus();
  await teacher.page.keyboard.press("Enter"); // the teacher's side by keyboard too
  await expect(phone.getByTestId("class-place")).toBeVisible();
  // the model's answer, how far off the prediction was, then where it stood in the class's
  // (the class's place may come with the reveal's sentence or, arriving later, right after it)
  await expect.poll(async () => (await student.said()).slice(3).join(" ")).toMatch(
    /^The answer is out\. You predicted 40K bit\/s at Link quota 4 buffers\. The model gives [\d.]+K bit\/s: your prediction is \d+% (above|below) \(.+\)\. Nobody else in the class has answered; the class's median was 40K bit\/s\.$/,
  );
  expect(await axeViolations(phone), "the student's step after the reveal").toEqual([]);
  expect(await axeViolations(teacher.page), "the teacher's live panel after the reveal").toEqual([]);
});

test("the class page fits 320 px without sideways scrolling, joined and on a question", async ({ browser }) => {
  const teacher = new TeacherView(await (await browser.newContext()).newPage());
  const code = await teacher.startOn("/learn/decnet-link-quota/1");
  const narrow = await (await browser.newContext({ viewport: { width: 320, height: 640 } })).newPage();
  await narrow.goto(`/c/${code}`);
  await expect(narrow.getByTestId("join-class")).toBeVisible();
  expect(await sidewaysOverflow(narrow), "the join form").toEqual({ scroll: 0, wide: [] });
  await narrow.getByTestId("student-name").fill("Bo");
  await narrow.getByTestId("join").click();
  await teacher.next();
  const student = new StudentSeat(narrow);
  await student.atStep(2);
  await expect(narrow.getByTestId("chart")).toBeVisible();
  expect(await sidewaysOverflow(narrow), "the step").toEqual({ scroll: 0, wide: [] });
});

/** The number of steps the seat says the lesson has ("Class X · step 1 of 5 · Ann"). */
async function stepsOf(page: Page): Promise<string> {
  return (await page.getByTestId("step-count").textContent())!.match(/of (\d+)/)![1];
}
