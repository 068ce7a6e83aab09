// A step's time limit in a real class (issue 52): the teacher sets it at the projector, two
// phones (375x812, real touch through CDP) count down to the deadline the server holds, and when
// it runs out the phones lock the step and the server refuses an answer that arrives late (one
// kept on a phone without signal, sent after the end). After each teacher action every phone's
// state is compared with what the server holds: its answers' CSV, the class's deadlines. The
// wait for the end is a wait for the projector's countdown to reach zero (bounded), never a sleep.
import { expect, test } from "@playwright/test";
import { axeViolations } from "./lib/axe";
import { type Phone, tap } from "./lib/touch";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

test.use({ bypassCSP: true }); // axe is injected as a script


type Deadlines = Record<string, { ends: string; seconds: number }>;

/** The class as the server holds it: its deadlines (GET /api/classes/{code}). */
const deadlines = (teacher: TeacherView): Promise<Deadlines> =>
  teacher.page.evaluate(async (c) => (await (await fetch(`/api/classes/${c}`)).json()).state.deadlines, teacher.classCode);

/** Type a value and send it with a finger. */
async function send(p: Phone, value: number) {
  await p.page.getByTestId("typed-prediction").fill(String(value));
  const button = p.page.getByRole("button", { name: /Send my (new )?answer/ });
  await expect(button).toBeEnabled();
  await tap(p.cdp, button);
}

/** Every phone (online) shows what the server holds after the teacher's last action: the answer
 * the CSV has for it on step 2 (none: nothing), the step's deadline (or no countdown), and the
 * step locked by the time exactly when `timeUp` (null: not looked at, where the end may come
 * while the test looks; the deadline shown is then what is compared). */
async function agree(teacher: TeacherView, phones: Phone[], timeUp: boolean | null, what: string) {
  const rows = (await teacher.csv()).filter((r) => r.phase === "lesson" && r.step === "2");
  const held = await deadlines(teacher);
  for (const p of phones) {
    const seat = p.page.getByTestId("seat");
    const row = rows.find((r) => r.name === p.name);
    await expect(seat, `${p.name}: the answer the class holds, ${what}`).toHaveAttribute("data-held", row ? String(Number(row.answer)) : "");
    const countdown = p.page.getByTestId("countdown");
    if (held["2"]) {
      await expect(countdown, `${p.name}: the server's deadline, ${what}`).toHaveAttribute("data-ends", held["2"].ends);
      await expect(countdown).toHaveAttribute("data-limit", String(held["2"].seconds));
    } else {
      await expect(countdown, `${p.name}: no countdown, ${what}`).toHaveCount(0);
    }
    if (timeUp !== null) await expect(seat, `${p.name}: locked by the time, ${what}`).toHaveAttribute("data-locked", timeUp ? "time" : "");
  }
  return held;
}

test("the teacher's 30 s limit counts down on touch phones, locks them at zero, and a late answer is refused by the server", async ({ browser }) => {
  test.setTimeout(150_000);
  const teacher = new TeacherView(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  const code = await teacher.startOn("/learn/decnet-link-quota/1");
  const phones: Phone[] = [];
  for (const name of ["Ann", "Bo"]) {
    const seat = await StudentSeat.join(browser, code, name, false, StudentSeat.phone);
    phones.push({ name, page: seat.page, cdp: await seat.page.context().newCDPSession(seat.page) });
  }
  const [ann, bo] = phones;
  await teacher.next();
  for (const p of phones) await expect(p.page.getByTestId("seat")).toHaveAttribute("data-step", "2");
  await send(ann, 300_000);
  await expect(ann.page.getByTestId("seat")).toHaveAttribute("data-held", "300000");
  expect(await agree(teacher, phones, false, "before any limit")).toEqual({});

  // Bo's phone loses its signal and keeps his answer (given while the step has no limit)
  await bo.page.context().setOffline(true);
  await send(bo, 500_000);
  await expect(bo.page.getByTestId("answer-waiting")).toContainText("Offline: your answer is kept on this device");

  // the teacher gives the step 30 s: the projector and Ann's phone count down to the server's deadline
  await teacher.page.getByTestId("limit-30").click();
  await expect(teacher.page.getByTestId("limit-30")).toHaveAttribute("aria-pressed", "true");
  const set = await agree(teacher, [ann], false, "30 s set");
  expect(set["2"].seconds).toBe(30);
  await expect(teacher.page.getByTestId("countdown")).toHaveAttribute("data-ends", set["2"].ends);
  expect(await axeViolations(ann.page), "a phone counting down").toEqual([]);
  expect(await axeViolations(teacher.page), "the projector counting down").toEqual([]);
  // a reload keeps it: the deadline is the server's
  await ann.page.reload();
  await expect(ann.page.getByTestId("seat")).toHaveAttribute("data-step", "2");
  await agree(teacher, [ann], null, "30 s set, Ann's phone reloaded");

  // the end, when the projector's countdown (by the server's clock) reaches zero
  await expect(teacher.page.getByTestId("countdown")).toHaveAttribute("data-left", "0", { timeout: 45_000 });
  await expect(teacher.page.getByTestId("countdown")).toContainText("Time is up");
  await agree(teacher, [ann], true, "the time ran out");
  await expect(ann.page.getByTestId("time-up")).toHaveText("Time is up: answers to this step are closed. The class keeps yours as sent.");
  await expect(ann.page.getByRole("button", { name: /Send my (new )?answer/ })).toHaveCount(0);
  expect((await new StudentSeat(ann.page).said()).join(" ")).toContain("Time is up: answers to this step are closed.");

  // Bo's signal returns: his answer kept on the phone arrives late, and the server refuses it in words
  await bo.page.context().setOffline(false);
  await expect(bo.page.getByTestId("answer-refused")).toContainText(/was not taken: time is up on this step: your answer arrived (as the time ran out|\d+ s after the time ran out) and was not taken/, { timeout: 20_000 });
  await expect(bo.page.getByTestId("answer-waiting")).toHaveCount(0);
  await agree(teacher, phones, true, "Bo's late answer refused");
  await expect(bo.page.getByTestId("time-up")).toHaveText("Time is up: answers to this step are closed. The class has no answer from you for it.");
  await expect(teacher.answered).toHaveText(/^1 of 2 answered/);

  // no limit: the step opens again on every phone, and Bo answers by touch
  await teacher.page.getByTestId("limit-none").click();
  await expect(teacher.page.getByTestId("limit-none")).toHaveAttribute("aria-pressed", "true");
  expect(await agree(teacher, phones, false, "the limit taken away")).toEqual({});
  await send(bo, 450_000);
  await expect(bo.page.getByTestId("seat")).toHaveAttribute("data-held", "450000");
  await agree(teacher, phones, false, "Bo answered once the step opened again");
  await expect(teacher.answered).toHaveText(/^2 of 2 answered/);
});
