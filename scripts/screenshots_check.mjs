// The concept check's screenshots (`node scripts/screenshots.mjs check`): a class of six runs
// the DECnet lesson's check before the lesson and again after it. Writes the projector while the
// check is open (docs/check-projector.png), a phone on a check question (docs/check-phone.png)
// and the class report on matched students, at 1280x800: the class's figures (Ed skipped a
// question after the lesson, so 5 of 6 are matched), each question's share before and after and
// its gain (docs/check-report.png); the report as printed goes to /tmp/check-report-print.png.
import { join } from "node:path";
import { startClass } from "./screenshots_class.mjs";

/** What each of six students answers, before the lesson and after it: question 1 a value (as a
 * share of the model's), questions 2 and 3 a choice (the right one is 2 in both); null: none. */
// (question 2 is one the whole class gets right before: its gain is undefined, and said so; Ed
// leaves question 3 unanswered after the lesson, so the class's figures are on the other five:
// 7 of 15 right before, 13 of 15 after, g = 0.75, d = 1.34)
const BEFORE = [[2, 2, 1], [0.5, 2, 1], [1.05, 2, 2], [3, 2, 3], [1.5, 2, 1], [0.3, 2, 2]];
const AFTER = [[1.02, 2, 2], [0.95, 2, 2], [1.05, 2, 2], [1.5, 2, 1], [1.08, 2, 2], [0.97, 1, null]];

export async function checkShots(browser, base, root) {
  const { room, code, phones } = await startClass(browser, base, "decnet-link-quota", ["Ann", "Bo", "Cy", "Di", "", "Ed"]);
  const truth = await room.evaluate(async (c) => {
    const t = JSON.parse(localStorage.getItem("memolab.classes.v1") ?? "{}")[c]?.teacher;
    const r = await (await fetch(`/api/classes/${c}/report`, { headers: { "X-Teacher-Token": t } })).json();
    return r.check.questions[0].truth;
  }, code);
  const run = async (phase, answers, shoot) => {
    await room.getByTestId(`check-${phase}`).click();
    for (const [i, p] of phones.entries()) {
      const seat = p.locator(`[data-testid=check-seat][data-phase=${phase}]`);
      await seat.waitFor();
      const [v, c2, c3] = answers[i];
      await p.getByTestId("typed-prediction").fill(String(Math.round((truth * v) / 1000) * 1000));
      await p.getByRole("button", { name: /Send my/ }).tap();
      await p.locator(`[data-testid=check-seat][data-question='1']:not([data-held=''])`).waitFor();
      for (const [n, c] of [[2, c2], [3, c3]]) {
        await p.getByTestId(`check-dot-${n}`).tap();
        await p.locator(`[data-testid=check-seat][data-question='${n}']`).waitFor();
        if (c === null) continue;
        await p.locator("[data-testid=question] input[type=radio]").nth(c - 1).tap();
        await p.getByRole("button", { name: /Send my/ }).tap();
        await p.locator(`[data-testid=check-seat][data-held='choice ${c}']`).waitFor();
      }
      if (shoot && i === 4) await p.screenshot({ path: join(root, "docs/check-phone.png") });
    }
    const all = answers.filter((a) => a[2] !== null).length;
    await room.getByTestId("check-answered-3").filter({ hasText: `${all} of 6 answered` }).waitFor();
    if (shoot) await room.screenshot({ path: join(root, "docs/check-projector.png") });
    await room.getByTestId("check-close").click();
    await room.getByTestId("check-board").waitFor({ state: "detached" });
  };
  await run("before", BEFORE, true);
  // (the lesson in between)
  await room.locator("h1").click();
  await room.keyboard.press("ArrowRight");
  await run("after", AFTER, false);
  await room.getByTestId("open-report").first().click();
  await room.getByTestId("check-figures").waitFor();
  await room.screenshot({ path: join(root, "docs/check-report.png") });
  await room.emulateMedia({ media: "print" });
  await room.screenshot({ path: "/tmp/check-report-print.png", fullPage: true });
  for (const p of phones) await p.context().close();
  await room.close();
  console.log("wrote docs/check-projector.png, docs/check-phone.png and docs/check-report.png");
}
