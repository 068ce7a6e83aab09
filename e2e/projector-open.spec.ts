// The projector before a reveal (1280x800): a choice step shows its options for the room to
// discuss, none marked; and the presenter view opens a step the teacher answered earlier on the
// plain lesson page unanswered (that answer was a rehearsal, not the room's), before and after a
// class is started.
import { expect, test } from "@playwright/test";
import { TeacherView } from "./pages/ClassPages";

test.use({ viewport: { width: 1280, height: 800 } });

const CHOICES = ["Above the curve", "On the curve, within the simulation's 95 % interval", "Below the curve"];

test("a choice step's options are on the projector before the reveal, none marked, in view", async ({ page }) => {
  const teacher = new TeacherView(page);
  await teacher.startOn("/learn/decnet-link-quota/8");
  const words = page.getByRole("region", { name: "Explanation" });
  await expect(words).toContainText("where does the CI's throughput at a link quota of 16 land");
  const options = words.getByRole("listitem");
  await expect(options).toHaveText(CHOICES);
  for (let i = 0; i < CHOICES.length; i++) {
    const b = (await options.nth(i).boundingBox())!;
    expect(b.y + b.height, `option ${i + 1} on the projector's screen`).toBeLessThanOrEqual(800);
  }
  // none marked as the answer before the reveal
  await expect(words).not.toContainText("✓");
  await expect(page.locator(".choice.right, [data-testid=choice-right], [data-testid=right-choice]")).toHaveCount(0);
  await page.getByTestId("reveal-all").click();
  await expect(page.getByTestId("reveal-verdict")).toContainText("The answer is “Above the curve”");
});

test("the presenter view does not reveal a step because of the teacher's own earlier answer on the lesson page", async ({ page }) => {
  await page.goto("/learn/decnet-link-quota/4");
  await page.getByRole("radio", { name: "It barely changes, because the line itself is full" }).check();
  await page.getByRole("button", { name: "Commit my answer" }).click();
  await expect(page.getByTestId("reveal-verdict")).toHaveText(/^Right\. The answer is/);

  // the presenter view: the question open, nothing revealed, and a word on why
  await page.goto("/learn/decnet-link-quota/4?present=1");
  await expect(page.getByTestId("question")).toBeVisible();
  await expect(page.getByTestId("reveal")).toHaveCount(0);
  await expect(page.getByTestId("own-answer-hidden")).toContainText("Your own earlier answer to this step");
  await expect(page.getByRole("radio", { name: "It barely changes, because the line itself is full" })).not.toBeChecked();
  await expect(page.getByRole("button", { name: "Commit my answer" })).toBeVisible();
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", "");

  // a class started from there: still unrevealed until the teacher reveals it
  await page.getByTestId("start-class").click();
  await expect(page.getByTestId("class-panel")).toBeVisible();
  await expect(page.getByTestId("reveal")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Explanation" }).getByRole("listitem")).toHaveCount(3);

  // the plain lesson page still holds the teacher's own answer
  await page.goto("/learn/decnet-link-quota/4");
  await expect(page.getByTestId("reveal-verdict")).toHaveText(/^Right\. The answer is/);
});
