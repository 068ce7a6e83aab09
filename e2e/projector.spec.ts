// A projector the back row reads (issue 37), at 1280x800: the start button in view without
// scrolling, a choice or knob question's tallies drawn large in the chart's place, the knob
// question's tornado above the fold, thirty names in a compact grid that leaves the chart its
// room, and words that speak to the class.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./lib/sharedTab";
import { TeacherView } from "./pages/ClassPages";

test.use({ viewport: { width: 1280, height: 800 } });

/** `n` students joined by the API, each answering `answer(i)` on `step`; their tokens. */
async function classOf(request: APIRequestContext, code: string, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await request.post(`/api/classes/${code}/students`, { data: { name: `Student ${i + 1} Longfamilyname` } });
    tokens.push((await r.json()).student_token);
  }
  return tokens;
}

async function answerAll(request: APIRequestContext, code: string, tokens: string[], step: number, body: (i: number) => object) {
  for (const [i, t] of tokens.entries()) {
    const r = await request.post(`/api/classes/${code}/answers`, { data: { step, ...body(i) }, headers: { "X-Student-Token": t } });
    expect(r.status()).toBe(201);
  }
}

const px = (page: Page, selector: string) => page.locator(selector).first().evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));

test("the start button is in view; a choice's and a knob's tallies are large in the chart's place; the knob's tornado is above the fold", async ({ page }) => {
  test.setTimeout(90_000);
  const teacher = new TeacherView(page);
  await page.goto("/learn/decnet-link-quota/4?present=1");
  const start = (await page.getByTestId("start-class").boundingBox())!;
  expect(start.y + start.height, "the start button without scrolling").toBeLessThanOrEqual(800);
  await page.getByTestId("start-class").click();
  await expect(teacher.panel).toBeVisible();
  teacher.classCode = (await teacher.code.textContent())!.trim();
  // before any answer: the projector speaks to the class, not to one learner
  await expect(page.locator(".lesson-legend")).toContainText("The model's curve appears at the reveal.");
  await teacher.showAnswers(); // the tallies as they come (off until the reveal unless asked)
  const tokens = await classOf(page.request, teacher.classCode, 12);
  await answerAll(page.request, teacher.classCode, tokens, 4, (i) => ({ choice: 1 + (i % 3) }));
  const tally = page.getByTestId("choice-tally");
  await expect(tally.getByRole("list", { name: "The class's choices" })).toContainText("It barely changes, because the line itself is full: 4");
  expect(await px(page, ".choice-tally .tally-words")).toBeGreaterThanOrEqual(24);
  const box = (await tally.boundingBox())!;
  const chart = (await page.getByTestId("chart").boundingBox())!;
  // in the chart's column, above the chart, all in view
  expect(Math.abs(box.x - chart.x)).toBeLessThan(40);
  expect(box.y + box.height).toBeLessThanOrEqual(chart.y);
  expect(chart.y + chart.height).toBeLessThanOrEqual(800);
  // no tally in the class's panel any more (its small text)
  await expect(teacher.panel.getByRole("list", { name: "The class's choices" })).toHaveCount(0);
  await page.getByTestId("reveal-all").click();
  await expect(page.getByTestId("right-choice")).toContainText("✓ the answer: It barely changes");

  // the knob question: its tally, then at the reveal the tornado above the fold, 18 px or more
  for (let n = 5; n <= 7; n++) await teacher.next();
  await page.getByTestId("lesson").and(page.locator("[data-step='7']")).waitFor();
  await answerAll(page.request, teacher.classCode, tokens, 7, (i) => ({ choice: 1 + (i % 2) }));
  await expect(tally).toContainText("Link quota: 6");
  await page.getByTestId("reveal-all").click();
  const bar = page.getByTestId("sensitivity-bar").first();
  await expect(bar).toBeVisible();
  const first = (await bar.boundingBox())!;
  expect(first.y + first.height, "the tornado's first bar above the fold").toBeLessThanOrEqual(800);
  expect(await px(page, ".lesson-chart .tornado-label")).toBeGreaterThanOrEqual(18);
  expect(await px(page, ".lesson-chart .tornado-text")).toBeGreaterThanOrEqual(18);
});

test("thirty names shown on the projector sit in a compact grid that scrolls inside itself, and the chart keeps 45 % of the screen", async ({ page }) => {
  const teacher = new TeacherView(page);
  await teacher.startOn("/learn/decnet-link-quota/1");
  const tokens = await classOf(page.request, teacher.classCode, 30);
  await teacher.next();
  await page.getByTestId("lesson").and(page.locator("[data-step='2']")).waitFor();
  await answerAll(page.request, teacher.classCode, tokens, 2, (i) => ({ value: 100_000 + 10_000 * i }));
  await expect(teacher.answered).toHaveText(/^30 of 30 answered/);
  await page.getByTestId("show-names").click();
  const names = page.getByTestId("answered-names");
  await expect(names.locator("li")).toHaveCount(30);
  const scrolls = await names.evaluate((e) => e.scrollHeight > e.clientHeight + 4);
  expect(scrolls, "the list scrolls inside itself").toBe(true);
  await page.waitForTimeout(300); // the chart takes the room left
  const chart = (await page.getByTestId("chart").boundingBox())!;
  expect(chart.height, "the chart's height with thirty names").toBeGreaterThanOrEqual(0.45 * 800);
  expect(chart.y + chart.height).toBeLessThanOrEqual(800);
});
