// Lessons: the index, a whole lesson walked by keyboard in presenter view (predict, reveal, QR
// code of each step's link), progress kept and reset, a teacher's file checked and shared by link.
import { expect, test } from "./lib/sharedTab";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LessonPage } from "./pages/LessonPage";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

test("the index lists a lesson for every memo", async ({ page }) => {
  await page.goto("/learn");
  for (const id of ["decnet-link-quota", "rsx11m-tuning", "ffs-block-size", "lavc-capacity", "afs-chunksize"]) {
    await expect(page.getByTestId(`lesson-${id}`)).toBeVisible();
  }
});

test("walk the DECnet lesson by keyboard in presenter view", async ({ page, baseURL }) => {
  const l = new LessonPage(page);
  await l.open("/learn/decnet-link-quota/1?present=1");
  await expect(page.locator(".site-nav")).toBeHidden();
  await expect(l.curve).toHaveAttribute("d", /^M/);
  expect(await l.qrText()).toBe(`${baseURL}/learn/decnet-link-quota/1`);
  await expect(page.getByTestId("short-link")).toHaveText(/\/learn\/decnet-link-quota\/1$/);

  // Step 2: a point question. The curve is hidden until the prediction is committed.
  await page.keyboard.press("Space");
  await l.atStep(2);
  await expect(l.curve).toHaveAttribute("d", "");
  await expect(page.getByRole("button", { name: "Reveal" })).toBeDisabled();
  await l.handle.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowUp"); // the handle takes the arrows, not the step
  await l.atStep(2);
  const predicted = Number(await l.handle.getAttribute("data-y"));
  expect(predicted).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Reveal" }).focus();
  await page.keyboard.press("Enter");
  await expect(l.reveal).toContainText("You predicted");
  await expect(page.getByTestId("reveal-model")).toContainText(/The model gives .*: your prediction is \d+% (above|below)/);
  await expect(l.curve).toHaveAttribute("d", /^M/);
  expect(await l.qrText()).toBe(`${baseURL}/learn/decnet-link-quota/2`);

  // Step 3: type a prediction; the reveal shows the memo's measurement with its citation.
  await page.keyboard.press("ArrowRight");
  await l.atStep(3);
  await page.getByTestId("typed-prediction").fill("400000");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("reveal-memo")).toContainText("The memo measured");
  await expect(page.getByTestId("reveal-memo").locator("cite").first()).toContainText("CI table");
  await expect(page.getByTestId("memo-point").first()).toBeVisible();

  // Step 4: a choice, picked with the keyboard.
  await page.locator("body").press("PageDown");
  await l.atStep(4);
  await page.getByRole("radio").first().focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio").nth(1)).toBeChecked();
  await page.getByRole("button", { name: "Commit my answer" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("reveal-verdict")).toHaveText(/^Right\./);

  // Back and forth: PageUp goes back and the earlier reveal is still there.
  await page.locator("body").press("PageUp");
  await l.atStep(3);
  await expect(page.getByTestId("reveal-memo")).toBeVisible();
  await page.locator("body").press("ArrowRight");
  await page.locator("body").press("ArrowRight");

  // The rest of the lesson, answering each question by keyboard, to the last step.
  for (let n = 5; n <= 9; n++) {
    await l.atStep(n);
    expect(await l.qrText()).toBe(`${baseURL}/learn/decnet-link-quota/${n}`);
    if (await page.getByRole("radio").count()) {
      await page.getByRole("radio").first().focus();
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: "Commit my answer" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("reveal-verdict")).toBeVisible();
    } else if (await l.handle.count()) {
      await l.handle.focus();
      await page.keyboard.press("PageUp");
      await page.getByRole("button", { name: "Reveal" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("reveal-model")).toContainText("The model gives");
    }
    await expect(l.curve).toHaveAttribute("d", /^M/);
    await page.locator("body").press("Space");
  }
  await l.atStep(9); // Space on the last step stays there
  await page.locator("body").press("Home");
  await l.atStep(1);

  // Progress stays in this browser: a reload keeps the answer; reset forgets it.
  await page.goto("/learn/decnet-link-quota/2");
  await expect(l.reveal).toContainText("You predicted");
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Reset this lesson" }).click();
  await expect(page.getByRole("button", { name: "Reveal" })).toBeVisible();
  await expect(l.reveal).toHaveCount(0);
});

test("a lesson fits a phone and a projector in presenter view", async ({ page }) => {
  const l = new LessonPage(page);
  for (const [width, height] of [[375, 740], [1920, 1080]]) {
    await page.setViewportSize({ width, height });
    await l.open("/learn/ffs-block-size/2?present=1");
    await expect(l.handle).toBeVisible();
    await expect(l.qr).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});

test("the presenter view reads from the back of the room: chart text 18 px or more, legend and readouts 20 px or more", async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const l = new LessonPage(page);
  await l.open("/learn/decnet-link-quota/1?present=1"); // no question: the curve, bands and readouts show
  await expect(l.curve).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("readout-throughput_bps").locator("dd")).not.toHaveText("…");
  const sizes = await page.evaluate(() => {
    const px = (sel: string) => [...document.querySelectorAll(sel)]
      .filter((el) => (el.textContent ?? "").trim() && (el as HTMLElement | SVGElement).getBoundingClientRect().width > 0)
      .map((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    return {
      chart: px(".lesson-chart svg text"),
      bands: px(".lesson-chart .band-label"),
      legend: px(".lesson-chart .legend"),
      readouts: px(".lesson-chart .readouts dd"),
    };
  });
  expect(sizes.chart.length).toBeGreaterThan(5);
  expect(sizes.bands.length).toBeGreaterThan(0);
  expect(Math.min(...sizes.chart)).toBeGreaterThanOrEqual(18);
  expect(Math.min(...sizes.legend)).toBeGreaterThanOrEqual(20);
  expect(Math.min(...sizes.readouts)).toBeGreaterThanOrEqual(20);
  // the bigger text still fits: the y axis title clears its tick labels
  const clash = await page.evaluate(() => {
    const title = document.querySelector(".lesson-chart .y-axis .axis-label")!.getBoundingClientRect();
    return [...document.querySelectorAll(".lesson-chart .y-axis g text")].some((t) => t.getBoundingClientRect().left < title.right);
  });
  expect(clash).toBe(false);
});

test("a teacher's lesson file: problems shown with their line, a good file stored under a short link", async ({ page, browser, baseURL }) => {
  await page.goto("/learn");
  await expect(page.getByTestId("lesson-template")).toHaveAttribute("href", "/lesson-template.yaml");
  await page.getByLabel("Open a lesson file").setInputFiles(fixture("bad-lesson.yaml"));
  const problems = page.getByTestId("lesson-problems");
  await expect(problems).toContainText("bad-lesson.yaml:19:9");
  await expect(problems).toContainText("Line 19: steps[3].state.knobs.circuit");
  await expect(problems).toContainText("steps[3].state.knobs.circuit: must be one of DTE, CI, NI");

  await page.getByLabel("Open a lesson file").setInputFiles(fixture("teacher-lesson.yaml"));
  // the good file's short link is shown, to copy or scan, and the lesson is listed as the teacher's own
  const link = page.getByTestId("lesson-link");
  await expect(link).toBeVisible();
  // the input still names the file it opened (it read "No file chosen" after every file)
  expect(await page.getByLabel("Open a lesson file").evaluate((i: HTMLInputElement) => i.files?.[0]?.name)).toBe("teacher-lesson.yaml");
  await expect(link).toHaveText(new RegExp(`^${baseURL}/l/[A-Za-z0-9_-]{8,16}$`));
  await expect(page.getByTestId("lesson-made").getByTestId("qr")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy the link" })).toBeVisible();
  await expect(page.getByTestId("own-lesson")).toContainText("A teacher's own lesson <script>");
  await link.click();
  await expect(page).toHaveURL(/\/l\/[A-Za-z0-9_-]{8,16}\/1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Served or local");
  await expect(page.getByTestId("baseline-curve")).toHaveAttribute("d", /^M/);
  await expect(page.locator(".crumbs")).toContainText("<script>");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const step2 = page.url().replace(/\/1$/, "/2");

  // The short link, typed in another browser, and its QR code on the projector.
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(`${step2}?present=1`);
  const l2 = new LessonPage(fresh);
  await l2.atStep(2);
  await expect(l2.handle).toBeVisible();
  expect(await l2.qrText()).toBe(step2);
  // fourteen characters a teacher can read out or type (no 0/O, 1/I/L), in lower case too
  expect(step2).toMatch(/\/l\/[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{14}\/2$/);
  await fresh.goto(step2.replace(/\/l\/(\w+)\//, (_, slug: string) => `/l/${slug.toLowerCase()}/`));
  await l2.atStep(2);
  await fresh.goto("/l/AAAAAAAAAAAA/1");
  await expect(fresh.getByRole("alert")).toContainText("Cannot open this lesson");
  await fresh.goto("/learn/shared/1#lesson=AAAA-not-a-lesson");
  await expect(fresh.getByRole("alert")).toContainText("Cannot open this lesson");
});

test("a choice's answer key the model contradicts is refused at its line; the notes say whose key it is", async ({ page }) => {
  // the FFS lesson with its MASSBUS question's key moved to the bus: the model says rotation and layout
  const right = readFileSync(fileURLToPath(new URL("../lessons/ffs-block-size.yaml", import.meta.url)), "utf8");
  const key = "        - The disk's seek time\n      answer: 2";
  const wrong = right.replace(key, key.replace("answer: 2", "answer: 1"));
  expect(wrong).not.toBe(right);
  const line = wrong.split("\n").findIndex((l, i, all) => l.includes("answer: 1") && all[i - 1].includes("seek time")) + 1;
  await page.goto("/learn");
  await page.getByLabel("Open a lesson file").setInputFiles({ name: "my-ffs.yaml", mimeType: "application/x-yaml", buffer: Buffer.from(wrong) });
  const problems = page.getByTestId("lesson-problems");
  await expect(problems).toContainText(`Line ${line}: steps[4].question.answer: the model's bottleneck here is rotation and layout: choice 2 ("Skipped rotational positions between consecutive blocks"), not choice 1`);
  await expect(page.getByTestId("lesson-link")).toHaveCount(0);
  await problems.screenshot({ path: test.info().outputPath("wrong-key.png") });
  // the shipped lesson's notes: a key the model judged, and one it cannot judge, each said so
  await page.goto("/learn/ffs-block-size/notes");
  const notes = page.getByTestId("teacher-notes");
  await expect(notes).toContainText("Skipped rotational positions between consecutive blocks (the answer, the model's bottleneck here)");
  await expect(notes).toContainText("(the lesson's answer: the model cannot judge this question)");
});

test("a teacher previews a whole lesson, answers included, from /learn", async ({ page }) => {
  await page.goto("/learn");
  await page.getByTestId("lesson-lavc-capacity").getByRole("link", { name: "Teacher's notes" }).click();
  await expect(page).toHaveURL(/\/learn\/lavc-capacity\/notes$/);
  const steps = page.getByTestId("notes-step");
  await expect(steps).toHaveCount(8);
  await expect(page.getByTestId("teacher-notes")).toContainText("(the lesson's answer: the model cannot judge this question)");
  await expect(page.getByTestId("teacher-notes")).toContainText("The intuition it corrects");
  // a point question's answer is the model's, computed now
  await expect(page.getByTestId("notes-model").first()).toContainText(/\d+(\.\d+)?%/);
  // and the concept check's questions with their answers: a point's the model's, a choice's marked
  const check = page.getByTestId("notes-check");
  await expect(check).toHaveCount(3);
  await expect(check.first().getByTestId("notes-model")).toContainText(/\d+(\.\d+)?%/);
  await expect(check.nth(1)).toContainText("grow, because each user costs the CPU less (the lesson's answer: the model cannot judge this question)");
  // beside the model's answer, the memo's own figure with its citation
  await page.goto("/learn/decnet-link-quota/notes");
  await expect(page.getByTestId("notes-memo").first()).toContainText(/The memo measured \d+(\.\d+)?K bit\/s \(printed as/);
  await expect(page.getByTestId("notes-memo").first().locator("cite").first()).toContainText("CI table");
});
