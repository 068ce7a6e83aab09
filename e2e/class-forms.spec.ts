// The concept check's two parallel forms in a real class (issue 52): afs-chunksize has form A
// (check) and form B (check_b). Four touch phones (375x812, CDP touch) join; the server gives
// them the orders A-then-B and B-then-A in turn, so each phone asks before the lesson the form
// the server judges it by, and the other one after. After each teacher action every phone's
// form and answers are compared with the server's CSV (its form column); then the report's
// table by order of forms and its questions paired across the forms.
import { readFileSync } from "node:fs";
import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { parse } from "yaml";
import { tap } from "./lib/touch";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

interface Phone {
  name: string;
  page: Page;
  cdp: CDPSession;
}
type Q = { question: { predict: string; prompt: string; choices?: string[]; answer?: number } };
const lesson: { check: Q[]; check_b: Q[] } = parse(readFileSync(new URL("../lessons/afs-chunksize.yaml", import.meta.url), "utf8"));
const FORMS = { A: lesson.check, B: lesson.check_b };

/** Answer question `n` of the open check by touch: a choice's radio (counted from 1). */
async function choose(p: Phone, n: number, choice: number) {
  const seat = p.page.getByTestId("check-seat");
  await tap(p.cdp, p.page.getByTestId(`check-dot-${n}`));
  await expect(seat).toHaveAttribute("data-question", String(n));
  const radio = p.page.getByTestId("question").getByRole("radio").nth(choice - 1);
  await tap(p.cdp, radio);
  await expect(radio).toBeChecked();
  const send = p.page.getByRole("button", { name: /Send my (new )?answer/ });
  await expect(send).toBeEnabled();
  await tap(p.cdp, send);
  await expect(seat).toHaveAttribute("data-held", `choice ${choice}`);
}

/** Answer question 1 (a value) of the open check: typed, sent with a finger. */
async function type(p: Phone, value: number) {
  const seat = p.page.getByTestId("check-seat");
  await tap(p.cdp, p.page.getByTestId("check-dot-1"));
  await expect(seat).toHaveAttribute("data-question", "1");
  await p.page.getByTestId("typed-prediction").fill(String(value));
  const send = p.page.getByRole("button", { name: /Send my (new )?answer/ });
  await expect(send).toBeEnabled();
  await tap(p.cdp, send);
  await expect(seat).toHaveAttribute("data-held", String(value));
}

/** Each phone asks the form the server records for it in this phase, shows its questions, and
 * holds for each question what the CSV holds (a value; a choice named in its form's words). */
async function agree(teacher: TeacherView, phones: Phone[], phase: "before" | "after", forms: Record<string, "A" | "B">) {
  const rows = (await teacher.csv()).filter((r) => r.phase === phase);
  for (const p of phones) {
    const form = forms[p.name];
    const seat = p.page.getByTestId("check-seat");
    await expect(seat, `${p.name}, ${phase}`).toHaveAttribute("data-form", form);
    await expect(p.page.getByTestId("step-count")).toContainText(`(form ${form})`);
    for (const n of [1, 2, 3]) {
      await tap(p.cdp, p.page.getByTestId(`check-dot-${n}`));
      await expect(p.page.getByTestId("question")).toContainText(FORMS[form][n - 1].question.prompt);
      const row = rows.find((r) => r.name === p.name && r.step === String(n));
      if (row) expect(row.form, `${p.name} q${n} ${phase}: the server's form`).toBe(form);
      const choices = FORMS[form][n - 1].question.choices;
      const held = !row ? "" : choices ? `choice ${choices.indexOf(row.answer) + 1}` : String(Number(row.answer));
      await expect(seat, `${p.name} q${n} ${phase}`).toHaveAttribute("data-held", held);
    }
  }
  return rows;
}

test("four touch phones take the check's two forms in turn, each form's answers judged in it, and the report pairs them", async ({ browser }) => {
  test.setTimeout(240_000);
  const teacher = new TeacherView(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  await teacher.startOn("/learn/afs-chunksize/1");
  const phones: Phone[] = [];
  for (const name of ["Ann", "Bo", "Cy", "Di"]) {
    const seat = await StudentSeat.join(browser, teacher.classCode, name, false, StudentSeat.phone);
    phones.push({ name, page: seat.page, cdp: await seat.page.context().newCDPSession(seat.page) });
  }
  // the model's answers to question 1 in each form (a value: right within 10 %), as the server has them
  const q1 = await teacher.page.evaluate(async (c) => {
    const t = JSON.parse(localStorage.getItem("memolab.classes.v1") ?? "{}")[c]?.teacher;
    const r = await (await fetch(`/api/classes/${c}/report`, { headers: { "X-Teacher-Token": t } })).json();
    return { A: Math.round(r.check.questions[0].truth), B: Math.round(r.check.questions[0].truth_b) };
  }, teacher.classCode);
  // in the order they joined: Ann and Cy A then B, Bo and Di B then A
  const before = { Ann: "A", Bo: "B", Cy: "A", Di: "B" } as const;
  const after = { Ann: "B", Bo: "A", Cy: "B", Di: "A" } as const;

  await teacher.page.getByTestId("check-before").click();
  await expect(teacher.page.getByTestId("check-forms-board")).toContainText("Two forms: half the class answers form A before the lesson");
  await agree(teacher, phones, "before", before);
  // before: everyone right on question 1 in their own form (its value); Ann and Bo right on
  // question 2 in their own form (A's answer 2, B's 3), Cy and Di wrong; all four pick choice 2 on
  // question 3: right in A (Ann, Cy), wrong in B (Bo, Di). Right: Ann 3, Bo 2, Cy 2, Di 1
  for (const [p, c2] of [[phones[0], 2], [phones[1], 3], [phones[2], 1], [phones[3], 1]] as const) {
    await type(p, q1[before[p.name as keyof typeof before]]);
    await choose(p, 2, c2);
    await choose(p, 3, 2);
  }
  const rowsBefore = await agree(teacher, phones, "before", before);
  expect(rowsBefore.map((r) => [r.name, r.step, r.form])).toEqual(expect.arrayContaining([["Bo", "2", "B"], ["Ann", "2", "A"]]));
  await teacher.page.getByTestId("check-close").click();
  await expect(teacher.page.getByTestId("check-board")).toHaveCount(0);
  for (const p of phones) await expect(p.page.getByTestId("seat")).toBeVisible();

  // after: each phone now asks the other form; everyone right on both questions in it
  await teacher.page.getByTestId("check-after").click();
  await agree(teacher, phones, "after", after);
  for (const p of phones) {
    const form = FORMS[after[p.name as keyof typeof after]];
    await type(p, q1[after[p.name as keyof typeof after]]);
    await choose(p, 2, form[1].question.answer!);
    await choose(p, 3, form[2].question.answer!);
  }
  await agree(teacher, phones, "after", after);
  // a phone reloaded keeps its form: the order is the server's
  await phones[1].page.reload();
  await agree(teacher, [phones[1]], "after", after);
  await teacher.page.getByTestId("check-close").click();
  // the lesson back in the check board's place before the next click: the board going moves the
  // panel, and a click aimed at the panel's old place would land elsewhere (as a teacher waits
  // to see the lesson again, so does the test)
  await expect(teacher.page.getByTestId("check-board")).toHaveCount(0);

  // the report: question 1, 4 of 4 right both times; question 2, 2 of 4 right before and 4 of 4
  // after; question 3, 2 of 4 then 4 of 4
  // (the same choice 2 judged right in form A and wrong in form B); by order of the forms
  await teacher.page.getByTestId("open-report").first().click();
  const sheet = teacher.page.getByTestId("class-report");
  await expect(sheet.getByTestId("check-q-1")).toContainText("100 % (4 of 4)100 % (4 of 4)");
  await expect(sheet.getByTestId("check-q-2")).toContainText("50 % (2 of 4)100 % (4 of 4)");
  await expect(sheet.getByTestId("check-q-3")).toContainText("50 % (2 of 4)100 % (4 of 4)");
  await expect(sheet.getByTestId("check-q-2")).toContainText(`Form B: ${lesson.check_b[1].question.prompt}`);
  await expect(sheet.getByTestId("forms-note")).toContainText("Two parallel forms");
  // the class: 8 of 12 right before, 12 of 12 after, g = 1; A then B (Ann, Cy) 5 of 6 then 6 of
  // 6, B then A (Bo, Di) 3 of 6 then 6 of 6, each g = 1
  await expect(sheet.getByTestId("check-matched")).toContainText("4 of 4");
  await expect(sheet.getByTestId("check-shares")).toContainText("67 % → 100 %");
  await expect(sheet.getByTestId("check-order-AB")).toContainText("form A before, form B after2 of 283 % (5 of 6)100 % (6 of 6)1.00");
  await expect(sheet.getByTestId("check-order-BA")).toContainText("form B before, form A after2 of 250 % (3 of 6)100 % (6 of 6)1.00");
  const csv = await teacher.csv();
  const asked = (n: string, phase: "before" | "after") => Array(3).fill(`${n}/${phase}/${(phase === "before" ? before : after)[n as "Ann"]}`);
  expect(csv.filter((r) => r.phase !== "lesson").map((r) => `${r.name}/${r.phase}/${r.form}`).sort()).toEqual(
    ["Ann", "Bo", "Cy", "Di"].flatMap((n) => [...asked(n, "after"), ...asked(n, "before")]).sort(),
  );
});
