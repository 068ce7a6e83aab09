// A step on a phone's seat in a live class reads as the lesson does on a phone: the step's premise
// (its text) and its question in the first screen (375x812), in that order, above the chart; a
// choice, which needs no chart, shows none until the reveal (an empty plot would stand between
// the question and the rest). The phone joins and answers with real touch, as the class specs do.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

const SCREEN = 812;

async function box(l: Locator) {
  const b = await l.boundingBox();
  expect(b, `${l} is laid out`).not.toBeNull();
  return b!;
}

/** The premise (found by its words) and the question within the first screen, the premise first. */
async function premiseThenQuestion(page: Page, words: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const premise = await box(page.getByRole("region", { name: "Explanation" }).locator("p", { hasText: words }));
  const question = await box(page.getByTestId("question"));
  expect(premise.height, "the premise has its words").toBeGreaterThan(20);
  expect(premise.y, "the premise starts in the first screen").toBeGreaterThanOrEqual(0);
  expect(premise.y + premise.height, "the premise ends before the question starts").toBeLessThanOrEqual(question.y);
  expect(question.y + question.height, "the question ends within the first screen").toBeLessThanOrEqual(SCREEN);
  return question;
}

test("a phone in a class shows the step's premise, then its question, in the first screen above the chart; a choice shows no chart until the reveal", async ({ browser }) => {
  const teacher = new TeacherView(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  await teacher.startOn("/learn/decnet-link-quota/1");
  const ann = await StudentSeat.join(browser, teacher.classCode, "Ann", false, StudentSeat.phone);
  const page = ann.page;

  // step 2, a point placed on the chart: premise, question, then the whole chart, all in the first screen
  await teacher.next();
  await ann.atStep(2);
  await expect(page.getByTestId("prediction-handle")).toBeVisible();
  const question = await premiseThenQuestion(page, "With a small quota the sender spends most of its time");
  const chart = await box(page.getByTestId("chart"));
  expect(question.y + question.height, "the question ends above the chart").toBeLessThanOrEqual(chart.y);
  expect(chart.y + chart.height, "the chart ends within the first screen").toBeLessThanOrEqual(SCREEN);
  await expect(page.getByTestId("confidence"), "how sure, still on the page").toBeVisible();

  // step 8, a choice: premise and question first, and no empty chart before the reveal
  const moved = teacher.page.waitForResponse((r) => r.url().endsWith(`/api/classes/${teacher.classCode}/control`) && r.request().method() === "POST");
  await teacher.page.getByRole("link", { name: "8", exact: true }).click();
  expect((await moved).ok()).toBe(true);
  await ann.atStep(8);
  const premise8 = "The model's queues assume each message's handling time is random";
  await expect(page.getByTestId("question")).toHaveAttribute("data-predict", "choice");
  await premiseThenQuestion(page, premise8);
  await expect(page.getByTestId("chart"), "no chart before the reveal on a choice").toHaveCount(0);
  const conf = await box(page.getByTestId("confidence"));
  expect(conf.y + conf.height, "how sure, right under the question, in the first screen").toBeLessThanOrEqual(SCREEN);
  await page.screenshot({ path: test.info().outputPath("seat-step8.png") });

  // answered by touch; at the reveal the chart comes, below the premise and the question
  await page.getByTestId("question").getByRole("radio").first().tap();
  await page.getByRole("button", { name: "Send my answer" }).tap();
  await expect(page.getByTestId("sent-note")).toContainText("Sent.");
  await teacher.page.getByTestId("reveal-all").click();
  await expect(page.getByTestId("reveal")).toBeVisible();
  await expect(page.getByTestId("chart")).toBeVisible();
  const after = await premiseThenQuestion(page, premise8);
  expect(after.y + after.height, "the question above the revealed chart").toBeLessThanOrEqual((await box(page.getByTestId("chart"))).y);
});
