// A class that survives a lost signal: a student's phone offline after answering (the answer
// waits on the device, the page says so, it reaches the class's screen when the signal returns,
// and a reveal made meanwhile is then shown), and the teacher's device reloading or offline
// mid-class (the same class resumes, nothing lost).
import { expect, test } from "@playwright/test";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

test("an answer sent without signal waits on the phone for 30 s, is sent when the signal returns, and the reveal made meanwhile shows", async ({ browser }) => {
  test.setTimeout(150_000);
  const teacher = new TeacherView(await (await browser.newContext()).newPage());
  const code = await teacher.startOn("/learn/decnet-link-quota/1");
  // her phone's clock can be moved on: half a minute offline passes without the test waiting it
  const ann = await StudentSeat.join(browser, code, "Ann", false, {}, (p) => p.clock.install());
  await teacher.next();
  await ann.atStep(2);

  await ann.page.context().setOffline(true);
  await ann.page.getByTestId("typed-prediction").fill("40000");
  await ann.page.getByRole("button", { name: /Send my answer/ }).click();
  await expect(ann.page.getByTestId("answer-waiting")).toContainText("Offline: your answer is kept on this device");
  await expect(ann.page.getByTestId("sent-note")).toContainText("Not sent yet");
  await expect(teacher.answered).toHaveText(/^0 of 1 answered/);
  // half a minute without signal, 3 s at a time (each retry's failure heard before the next): still kept
  for (let t = 0; t < 30_000; t += 3_000) {
    await ann.page.clock.fastForward(3_000);
    await ann.page.waitForTimeout(50);
  }
  await expect(ann.page.getByTestId("answer-waiting")).toBeVisible();

  await ann.page.context().setOffline(false);
  await expect(teacher.answered).toHaveText(/^1 of 1 answered/, { timeout: 15_000 });
  await expect(ann.page.getByTestId("answer-waiting")).toHaveCount(0);
  expect((await ann.said()).join(" ")).toContain("Back online: your answer was sent");

  // the reveal while her phone is off again reaches her when it is back
  await ann.page.context().setOffline(true);
  await teacher.page.getByTestId("reveal-all").click();
  await ann.page.waitForTimeout(1_000);
  await ann.page.context().setOffline(false);
  await expect(ann.page.getByTestId("model-curve")).toHaveAttribute("d", /^M/, { timeout: 20_000 });
  await expect(ann.page.getByTestId("reveal")).toContainText("You predicted 40K bit/s");
});

test("the teacher's device reloads, or loses its network, mid-class: it resumes the same class with nothing lost", async ({ browser }) => {
  test.setTimeout(90_000);
  const teacher = new TeacherView(await (await browser.newContext()).newPage());
  const code = await teacher.startOn("/learn/decnet-link-quota/1");
  const ann = await StudentSeat.join(browser, code, "Ann");
  const bo = await StudentSeat.join(browser, code, "Bo");
  await teacher.next();
  await ann.atStep(2);
  await ann.predict(30_000);
  await expect(teacher.answered).toHaveText(/^1 of 2 answered/);

  // a reload: the same class, on the same step, its answers counted, still in control
  await teacher.page.reload();
  await expect(teacher.code).toHaveText(code);
  await expect(teacher.page.getByTestId("lesson")).toHaveAttribute("data-step", "2");
  await expect(teacher.answered).toHaveText(/^1 of 2 answered/);

  // its network gone for a while: an answer sent meanwhile is there when it is back
  await teacher.page.context().setOffline(true);
  await bo.atStep(2);
  await bo.predict(80_000);
  await teacher.page.waitForTimeout(2_000);
  await teacher.page.context().setOffline(false);
  await expect(teacher.answered).toHaveText(/^2 of 2 answered/, { timeout: 20_000 });
  await teacher.page.getByTestId("reveal-all").click();
  for (const s of [ann, bo]) await expect(s.page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
});
