// A step's time limit and the concept check's two forms (`node scripts/screenshots.mjs timer`):
// a class of six on the AFS lesson. Writes a phone at 375x812 counting down a 60 s limit on step
// 2 (docs/phone-countdown.png), the projector at 1280x800 with the same countdown
// (docs/projector-countdown.png), and, after the check in its two forms before and after the
// lesson, the class report at 1280x800 with its table by order of the forms
// (docs/check-forms-report.png).
import { join } from "node:path";
import { startClass } from "./screenshots_class.mjs";

/** Each student's answers in the form they take (question 1 a value as a share of the model's,
 * questions 2 and 3 right or wrong): Ann, Cy and Ed take A then B; Bo, Di and Flo B then A. */
const BEFORE = [[2, true, false], [1.04, false, true], [0.4, false, false], [1.02, true, false], [3, false, true], [0.5, false, false]];
const AFTER = [[1.03, true, true], [0.98, true, true], [1.06, true, false], [1.01, true, true], [0.95, false, true], [1.5, true, true]];

export async function timerShots(browser, base, root) {
  const { room, code, phones } = await startClass(browser, base, "afs-chunksize", ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]);
  const report = () => room.evaluate(async (c) => {
    const t = JSON.parse(localStorage.getItem("memolab.classes.v1") ?? "{}")[c]?.teacher;
    return (await fetch(`/api/classes/${c}/report`, { headers: { "X-Teacher-Token": t } })).json();
  }, code);
  const qs = (await report()).check.questions;
  const orders = ["AB", "BA", "AB", "BA", "AB", "BA"];
  const run = async (phase, answers) => {
    await room.getByTestId(`check-${phase}`).click();
    for (const [i, p] of phones.entries()) {
      const form = orders[i][phase === "before" ? 0 : 1];
      await p.locator(`[data-testid=check-seat][data-phase=${phase}][data-form=${form}]`).waitFor();
      const [v, r2, r3] = answers[i];
      const truth = form === "A" ? qs[0].truth : qs[0].truth_b;
      await p.getByTestId("typed-prediction").fill(String(Math.round(truth * v)));
      await p.getByRole("button", { name: /Send my/ }).tap();
      await p.locator(`[data-testid=check-seat][data-question='1']:not([data-held=''])`).waitFor();
      for (const [n, right] of [[2, r2], [3, r3]]) {
        const answer = form === "A" ? qs[n - 1].truth : qs[n - 1].truth_b;
        const c = right ? answer : (answer % 3) + 1;
        await p.getByTestId(`check-dot-${n}`).tap();
        await p.locator(`[data-testid=check-seat][data-question='${n}']`).waitFor();
        await p.locator("[data-testid=question] input[type=radio]").nth(c - 1).tap();
        await p.getByRole("button", { name: /Send my/ }).tap();
        await p.locator(`[data-testid=check-seat][data-held='choice ${c}']`).waitFor();
      }
    }
    await room.getByTestId("check-answered-3").filter({ hasText: "6 of 6 answered" }).waitFor();
    await room.getByTestId("check-close").click();
    await room.getByTestId("check-board").waitFor({ state: "detached" });
  };
  await run("before", BEFORE);
  // step 2 asks for a value: the teacher gives it 60 s; two phones answer, the rest think
  await room.locator("h1").click();
  await room.keyboard.press("ArrowRight");
  for (const p of phones) await p.locator("[data-testid=seat][data-step='2']").waitFor();
  await room.getByTestId("limit-60").click();
  for (const [i, p] of phones.slice(0, 2).entries()) {
    await p.getByTestId("countdown").waitFor();
    await p.getByTestId("typed-prediction").fill(String([3000, 5200][i]));
    await p.getByRole("button", { name: /Send my/ }).tap();
    await p.locator("[data-testid=seat]:not([data-held=''])").waitFor();
  }
  await room.getByTestId("answered").filter({ hasText: "2 of 6 answered" }).waitFor();
  await phones[2].getByTestId("countdown").waitFor();
  await phones[2].getByTestId("typed-prediction").fill("4500");
  await phones[2].screenshot({ path: join(root, "docs/phone-countdown.png") });
  await room.screenshot({ path: join(root, "docs/projector-countdown.png") });
  await room.getByTestId("limit-none").click();
  await run("after", AFTER);
  await room.getByTestId("open-report").first().click();
  await room.getByTestId("check-forms").waitFor();
  await room.getByTestId("check-forms").scrollIntoViewIfNeeded();
  await room.screenshot({ path: join(root, "docs/check-forms-report.png") });
  for (const p of phones) await p.context().close();
  await room.close();
  console.log("wrote docs/phone-countdown.png, docs/projector-countdown.png and docs/check-forms-report.png");
}
