// A live class end to end: one teacher and three students in their own browser contexts.
import { expect, test } from "@playwright/test";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

test("a live class: students join by code and answer, the presenter sees every answer, one reveal reaches all, a reload resumes", async ({ browser }) => {
  const teacher = new TeacherView(await (await browser.newContext()).newPage());
  // The teacher rehearses step 2 alone first, answer and reveal included...
  await teacher.page.goto("/learn/decnet-link-quota/2");
  await teacher.page.getByTestId("typed-prediction").fill("50000");
  await teacher.page.getByRole("button", { name: "Reveal" }).click();
  await expect(teacher.page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  // ...which never leaks into the class: there, step 2 opens unrevealed (checked below).
  const code = await teacher.startOn("/learn/decnet-link-quota/1");
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{10}$/); // shown as two groups of five, read as one
  await expect(teacher.page.getByTestId("joined")).toHaveText(/^0 joined/); // step 1 asks nothing: no count of answers
  await expect(teacher.answered).toHaveCount(0);

  const students = [
    await StudentSeat.join(browser, code, "Ann"),
    await StudentSeat.join(browser, code, "Bo"),
    await StudentSeat.join(browser, code, "", true), // anonymous, typing the code
  ];
  await teacher.next(); // step 2: predict the throughput at a link quota of 4
  await expect(teacher.page.getByTestId("lesson")).toHaveAttribute("data-step", "2");
  for (const s of students) await s.atStep(2); // teacher-paced: every device follows
  // Before the reveal nobody sees the model's curve.
  await expect(students[0].page.getByTestId("model-curve")).toHaveAttribute("d", "");
  await expect(students[0].page.getByTestId("waiting-reveal")).toBeVisible();

  const values = [20_000, 60_000, 120_000];
  for (const [i, s] of students.entries()) await s.predict(values[i]);
  await students[0].predict(30_000); // changed her mind: the new answer replaces the first
  await expect(teacher.answered).toHaveText(/^3 of 3 answered/);
  // off the projector until the reveal, unless the teacher shows them as they come
  await expect(teacher.page.getByTestId("class-predictions").locator("circle")).toHaveCount(0);
  await teacher.showAnswers();
  await expect(teacher.page.getByTestId("class-predictions").locator("circle")).toHaveCount(3);
  await expect(teacher.page.getByTestId("model-curve")).toHaveAttribute("d", "");

  await teacher.page.getByTestId("reveal-all").click();
  await expect(teacher.page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await expect(teacher.page.getByTestId("class-median-error")).toContainText(/The class's median error: \d+ %/);
  await expect(teacher.page.getByTestId("answered-names")).toHaveCount(0); // names only when asked for, warned
  await teacher.page.getByTestId("show-names").click();
  await expect(teacher.page.getByTestId("answered-names")).toContainText("Ann ✓");
  for (const s of students) {
    await expect(s.page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
    await expect(s.page.getByTestId("class-place")).toBeVisible();
  }
  await expect(students[0].page.getByTestId("class-place")).toContainText("None of the 2 others in the class predicted less than you");
  await expect(students[2].page.getByTestId("class-place")).toContainText("All 2 others in the class predicted less than you");
  await expect(students[1].page.getByTestId("reveal")).toContainText("You predicted");

  // A student who reloads is back in her seat, revealed step and all, without joining again.
  await students[1].page.reload();
  await students[1].atStep(2);
  await expect(students[1].page.getByTestId("join-class")).toHaveCount(0);
  await expect(students[1].page.getByTestId("class-place")).toContainText("1 of the 2 others in the class predicted less than you");

  await teacher.page.getByRole("button", { name: "End the class" }).click();
  for (const s of students) await expect(s.page.getByTestId("class-ended")).toBeVisible();
  await expect(teacher.panel).toContainText("has ended");
});
