// While the concept check is open the lesson waits (issue 51, item 1): a teacher who opens the
// check before the lesson cannot reveal, lock or reset the lesson's step from the panel (its
// buttons give way to a note) nor through the API (409), and the panel's count is the check's.
// Once the check closes, a phone (real touch events) shows the step as it was: unrevealed.
import { expect, test } from "@playwright/test";
import { tap } from "./lib/touch";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

test("the lesson's controls wait while the concept check is open, and its count is the check's", async ({ browser }) => {
  test.setTimeout(120_000);
  const teacher = new TeacherView(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  const code = await teacher.startOn("/learn/decnet-link-quota/1");
  const seat = await StudentSeat.join(browser, code, "Ann", false, StudentSeat.phone);
  const cdp = await seat.page.context().newCDPSession(seat.page);
  await teacher.next(); // step 2 asks for a prediction
  await seat.atStep(2);

  await teacher.page.getByTestId("check-before").click();
  await expect(seat.page.getByTestId("check-seat")).toHaveAttribute("data-phase", "before");
  const panel = teacher.panel;
  await expect(panel.getByTestId("reveal-all")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: /Lock this step|Reset this step/ })).toHaveCount(0);
  await expect(panel.getByTestId("lesson-held")).toContainText("close the check to reveal");
  await expect(teacher.answered).toHaveText("Concept check (before): 0 of 1 answered all 3 questions");

  // the server holds the rule too: a reveal asked directly is refused while the check is open
  const status = await teacher.page.evaluate(async (c) => {
    const t = JSON.parse(localStorage.getItem("memolab.classes.v1") ?? "{}")[c]?.teacher;
    const r = await fetch(`/api/classes/${c}/control`, { method: "POST", headers: { "X-Teacher-Token": t, "Content-Type": "application/json" }, body: JSON.stringify({ step: 2, reveal: true }) });
    return r.status;
  }, code);
  expect(status).toBe(409);

  // the phone answers every question: the count follows the check
  const sheet = seat.page.getByTestId("check-seat");
  for (const n of [1, 2, 3]) {
    await tap(cdp, seat.page.getByTestId(`check-dot-${n}`));
    await expect(sheet).toHaveAttribute("data-question", String(n));
    const radio = seat.page.getByTestId("question").getByRole("radio");
    if (await radio.count()) await tap(cdp, radio.first());
    else await seat.page.getByTestId("typed-prediction").fill("300000");
    const send = seat.page.getByRole("button", { name: /Send my (new )?answer/ });
    await expect(send).toBeEnabled();
    await tap(cdp, send);
    await expect(sheet).not.toHaveAttribute("data-held", "");
  }
  await expect(teacher.answered).toHaveText("Concept check (before): 1 of 1 answered all 3 questions");
  await teacher.page.screenshot({ path: test.info().outputPath("projector-check.png") });

  // closed: the step is back as it was, unrevealed on the phone, its controls back on the panel
  await teacher.page.getByTestId("check-close").click();
  await expect(seat.page.getByTestId("seat")).toHaveAttribute("data-step", "2");
  await expect(seat.page.getByTestId("typed-prediction")).toBeVisible();
  await expect(seat.page.getByText("You did not answer this one")).toHaveCount(0);
  await expect(panel.getByTestId("reveal-all")).toHaveText("Reveal for everyone");
  await expect(teacher.answered).toHaveText("0 of 1 answered");
});
