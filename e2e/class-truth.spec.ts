// A phone tells the truth (issue 37): after every teacher action, what each student's phone says
// of their answer is what the class holds (its CSV), whatever the student did: sent once, changed
// it, answered again while offline, or reloaded. Phones are 375x812 touch devices.
import { expect, type Page, test } from "@playwright/test";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

const kbit = (v: number) => `${v / 1000}K bit/s`;

type Phones = Record<string, StudentSeat>;

/** Every phone that is online says what the class's CSV holds for it on `step`, within `ms`. */
async function truthful(teacher: TeacherView, phones: Phones, step: number, what: string, ms = 1_500) {
  const rows = (await teacher.csv()).filter((r) => r.step === String(step));
  for (const [name, seat] of Object.entries(phones)) {
    const row = rows.find((r) => r.name === name);
    const held = row ? String(Number(row.answer)) : "";
    const page = seat.page;
    await expect(page.getByTestId("seat"), `${name} after ${what}`).toHaveAttribute("data-held", held, { timeout: ms });
    const text = (await page.getByTestId("seat").textContent()) ?? "";
    if (row) {
      // the value the class holds is the one the phone quotes, and no other is quoted as theirs
      expect(text, `${name} after ${what}`).toContain(kbit(Number(row.answer)));
      if (/You predicted/.test(text)) expect(text, `${name} after ${what}`).toContain(`You predicted ${kbit(Number(row.answer))}`);
    } else {
      expect(text, `${name} after ${what}`).not.toMatch(/Sent\.|You predicted|The class (still )?has \d/);
    }
  }
}

/** The teacher resets the step, and the class has done it (the control's reply) before going on:
 * a phone coming back online after this line must meet the reset, not race it. */
async function resetStep(teacher: TeacherView) {
  const done = teacher.page.waitForResponse((r) => r.url().endsWith("/control") && r.request().method() === "POST");
  await teacher.page.getByRole("button", { name: "Reset this step" }).click();
  expect((await done).ok()).toBe(true);
}

async function send(page: Page, value: number) {
  await page.getByTestId("typed-prediction").fill(String(value));
  await page.getByRole("button", { name: /Send my (new )?answer/ }).tap();
}

test("after every teacher action every phone says what the class holds: sent, changed, offline and reloaded students", async ({ browser }) => {
  test.setTimeout(180_000);
  const teacher = new TeacherView(await (await browser.newContext()).newPage());
  const code = await teacher.startOn("/learn/decnet-link-quota/1");
  const names = ["Sent", "Changed", "Offline", "Reloaded"];
  const phones: Phones = {};
  for (const n of names) phones[n] = await StudentSeat.join(browser, code, n, false, StudentSeat.phone);
  await teacher.next();
  for (const s of Object.values(phones)) await s.atStep(2);

  // each student's state: the offline one has 300K with the class and 250K waiting on the phone
  for (const s of Object.values(phones)) {
    await send(s.page, 300_000);
    await expect(s.page.getByTestId("sent-note")).toContainText(`Sent. The class has ${kbit(300_000)} from you`);
  }
  await send(phones.Changed.page, 250_000);
  await expect(phones.Changed.page.getByTestId("sent-note")).toContainText(`The class has ${kbit(250_000)}`);
  const off = phones.Offline.page;
  await off.context().setOffline(true);
  await send(off, 250_000);
  await expect(off.getByTestId("sent-note")).toContainText(`Not sent yet: kept on this device until the connection returns. The class still has ${kbit(300_000)} from you.`);
  await phones.Reloaded.page.reload();
  await phones.Reloaded.atStep(2);
  const online = { Sent: phones.Sent, Changed: phones.Changed, Reloaded: phones.Reloaded };
  await truthful(teacher, online, 2, "answering");
  await expect(teacher.answered).toHaveText(/^4 of 4 answered/);

  // lock: answers closed; the offline phone, back, is refused and quotes the class's 300K
  await teacher.page.getByRole("button", { name: "Lock this step" }).click();
  await expect(teacher.page.getByRole("button", { name: "Unlock this step" })).toBeVisible();
  await truthful(teacher, online, 2, "lock");
  for (const s of Object.values(online)) await expect(s.page.getByTestId("locked")).toBeVisible({ timeout: 1_500 });
  await off.context().setOffline(false);
  await expect(off.getByTestId("answer-refused")).toContainText("was not taken: this step is locked until the teacher opens it. The class keeps the answer you sent before", { timeout: 10_000 });
  await truthful(teacher, phones, 2, "the offline phone's return under a lock");

  // unlock
  await teacher.page.getByRole("button", { name: "Unlock this step" }).click();
  await expect(teacher.page.getByRole("button", { name: "Lock this step" })).toBeVisible();
  await truthful(teacher, phones, 2, "unlock");
  for (const s of Object.values(phones)) await expect(s.page.getByTestId("locked")).toHaveCount(0);

  // reset: every phone clears "Sent", says so and invites a new answer
  await resetStep(teacher);
  await expect(teacher.answered).toHaveText(/^0 of 4 answered/);
  await truthful(teacher, phones, 2, "reset");
  for (const [n, s] of Object.entries(phones)) {
    await expect(s.page.getByTestId("answer-cleared"), n).toContainText("Your teacher cleared this step's answers: yours is no longer with the class. Send a new answer.");
    await expect(s.page.getByTestId("sent-note"), n).toHaveText("Not sent yet. Once sent, you can change it until the reveal.");
    await expect(s.page.getByTestId("typed-prediction"), n).toHaveValue("");
    expect((await s.said()).join(" "), n).toContain("Your teacher cleared this step's answers");
  }
  await expect(off.getByTestId("answer-refused")).toHaveCount(0); // (about an answer before the reset)

  // answers again, then the reveal while the offline phone's new answer waits on it
  await send(phones.Sent.page, 100_000);
  await send(phones.Changed.page, 100_000);
  await expect(phones.Changed.page.getByTestId("sent-note")).toContainText("Sent.");
  await send(phones.Changed.page, 120_000);
  await send(phones.Reloaded.page, 110_000);
  await expect(phones.Reloaded.page.getByTestId("sent-note")).toContainText("Sent.");
  await phones.Reloaded.page.reload();
  await phones.Reloaded.atStep(2);
  await off.context().setOffline(true);
  await send(off, 90_000);
  await expect(off.getByTestId("answer-waiting")).toBeVisible();
  await truthful(teacher, online, 2, "answering again");
  for (const s of Object.values(phones)) await expect(s.page.getByTestId("answer-cleared")).toHaveCount(0);

  await teacher.page.getByTestId("reveal-all").click();
  await expect(teacher.page.getByTestId("reveal-all")).toHaveText("Hide again");
  for (const [n, s] of Object.entries(online)) await expect(s.page.getByTestId("reveal"), n).toContainText("You predicted", { timeout: 10_000 });
  await truthful(teacher, online, 2, "reveal");
  // back online: refused (revealed); the phone quotes no answer of its own, as the class holds none
  await off.context().setOffline(false);
  await expect(off.getByTestId("answer-refused")).toContainText("was not taken: this step has been revealed: answers are closed. The class has no answer from you for it.", { timeout: 10_000 });
  await expect(off.getByTestId("class-place")).toContainText("You did not answer this one; 3 in the class did.", { timeout: 10_000 });
  await truthful(teacher, phones, 2, "the reveal, for the phone that was offline");

  // the end
  await teacher.page.getByRole("button", { name: "End the class" }).click();
  for (const s of Object.values(phones)) await expect(s.page.getByTestId("class-ended")).toBeVisible({ timeout: 1_500 });
  await truthful(teacher, phones, 2, "the end");
});

test("a choice step's reset clears the phone's choice too, and the switch to self-paced steps is shown and said on phones", async ({ browser }) => {
  test.setTimeout(90_000);
  const teacher = new TeacherView(await (await browser.newContext()).newPage());
  await teacher.startOn("/learn/decnet-link-quota/4");
  const ann = await StudentSeat.join(browser, teacher.classCode, "Ann", false, StudentSeat.phone);
  await ann.atStep(4);
  await ann.page.getByRole("radio").nth(1).check();
  await ann.page.getByRole("button", { name: "Send my answer" }).tap();
  await expect(ann.page.getByTestId("sent-note")).toContainText("Sent. The class has “It barely changes, because the line itself is full” from you");
  expect((await teacher.csv()).map((r) => r.answer)).toEqual(["It barely changes, because the line itself is full"]);
  await expect(ann.page.getByTestId("seat")).toHaveAttribute("data-held", "choice 2");

  await resetStep(teacher);
  await expect(ann.page.getByTestId("answer-cleared")).toBeVisible({ timeout: 1_500 });
  await expect(ann.page.getByTestId("seat")).toHaveAttribute("data-held", "");
  await expect(ann.page.getByRole("radio", { checked: true })).toHaveCount(0);
  expect(await teacher.csv()).toEqual([]);

  await teacher.page.getByRole("button", { name: "Let students move on their own" }).click();
  await expect(ann.page.getByTestId("self-paced")).toBeVisible({ timeout: 1_500 });
  await expect.poll(async () => (await ann.said()).join(" ")).toContain("Your teacher lets you move through the steps on your own");
  await teacher.page.getByRole("button", { name: "Students follow me" }).click();
  await expect(ann.page.getByTestId("self-paced")).toHaveCount(0, { timeout: 1_500 });
  await expect.poll(async () => (await ann.said()).join(" ")).toContain("Your teacher leads the class again");
});

test("an answer kept offline from before a reset is refused, not counted; a refusal on a step the class has left is shown; a choice's reveal marks the right answer where the phone shows it", async ({ browser }) => {
  test.setTimeout(90_000);
  const teacher = new TeacherView(await (await browser.newContext()).newPage());
  await teacher.startOn("/learn/decnet-link-quota/1");
  const cy = await StudentSeat.join(browser, teacher.classCode, "Cy", false, StudentSeat.phone);
  await teacher.next();
  await cy.atStep(2);
  await cy.page.context().setOffline(true);
  await send(cy.page, 150_000);
  await expect(cy.page.getByTestId("answer-waiting")).toBeVisible();
  await resetStep(teacher);
  await expect(teacher.page.getByTestId("answered")).toHaveText(/^0 of 1 answered/);
  await cy.page.context().setOffline(false);
  await expect(cy.page.getByTestId("answer-refused")).toContainText("your teacher reset this step after you gave this answer", { timeout: 15_000 });
  await expect(cy.page.getByTestId("seat")).toHaveAttribute("data-held", "");
  await expect(teacher.page.getByTestId("answered")).toHaveText(/^0 of 1 answered/);
  expect(await teacher.csv()).toEqual([]);

  // offline on step 3; the class is revealed and moves on to step 4; back: the refusal is shown there
  await send(cy.page, 200_000);
  await expect(cy.page.getByTestId("sent-note")).toContainText("Sent.");
  await teacher.next();
  await cy.atStep(3);
  await cy.page.context().setOffline(true);
  await send(cy.page, 700_000);
  await teacher.page.getByTestId("reveal-all").click();
  await teacher.next();
  await cy.page.context().setOffline(false);
  await cy.atStep(4);
  await expect(cy.page.getByTestId("answer-refused-elsewhere")).toContainText("Your answer to step 3, kept while offline, was not taken", { timeout: 15_000 });

  // a choice revealed: the phone marks the right answer beside the choices, near the top
  await cy.page.getByRole("radio").first().check();
  await cy.page.getByRole("button", { name: "Send my answer" }).tap();
  await teacher.page.getByTestId("reveal-all").click();
  const right = cy.page.getByTestId("choice-right");
  await expect(right).toBeVisible();
  await expect(right.locator("..")).toContainText("It barely changes");
  const verdict = (await cy.page.getByTestId("reveal-verdict").boundingBox())!;
  expect(verdict.y, "the verdict in the phone's first screen").toBeLessThan(812);
  // the end: said at the top of the phone, and the projector reveals what the phones do
  await teacher.next();
  await teacher.next();
  await teacher.next();
  await cy.atStep(7);
  await teacher.page.getByRole("button", { name: "End the class" }).click();
  const ended = (await cy.page.getByTestId("class-ended").boundingBox())!;
  expect(ended.y).toBeLessThan(300);
  await expect(teacher.page.getByTestId("right-choice")).toBeVisible();
  // a phone reloaded after the end still shows the class, ended, with the answer; a new one cannot join
  await cy.page.reload();
  await expect(cy.page.getByTestId("class-ended")).toBeVisible();
  await expect(cy.page.getByTestId("reveal-verdict")).toBeVisible();
  const late = await (await browser.newContext(StudentSeat.phone)).newPage();
  await late.goto(`/c/${teacher.classCode}`);
  await expect(late.getByRole("heading", { name: "This class has ended" })).toBeVisible();
});
