// Sketch the whole curve in a real class (issue 41): a teacher at the projector (1280x800) on the
// LAVC lesson's curve step, four phones (375x812, real touch events through CDP
// Input.dispatchTouchEvent): three draw their sketch with a finger, one sets its five points by
// keyboard on the sliders. Each phone holds what the server holds (the CSV); no sketch shows
// before the reveal; after it the projector and the phones draw the class's median sketch and
// its middle half as computed here from the CSV, and each phone's error is the mean relative
// error of its CSV sketch against the model's values the server's report gives.
import { type CDPSession, expect, type Locator, type Page, test } from "@playwright/test";
import { axeViolations } from "./lib/axe";
import { StudentSeat, TeacherView } from "./pages/ClassPages";

test.use({ bypassCSP: true }); // axe is injected as a script

const STEP = 7; // "The adapter": the DEUNA's load at 50, 100, 150, 200 and 300 users

type Point = { x: number; y: number };

/** A finger's stroke through `points` (viewport pixels): touchStart, a touchMove at each, touchEnd. */
async function stroke(cdp: CDPSession, points: Point[]) {
  const at = (p: Point) => [{ x: p.x, y: p.y, id: 1, radiusX: 8, radiusY: 8, force: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(points[0]) });
  for (const p of points.slice(1)) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(p) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Scroll `target` into view and give the page a frame to draw it there (a touch lands where the
 * screen shows things, not where the page will put them). */
async function inView(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await target.page().evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return (await target.boundingBox())!;
}

/** A finger taps the middle of `target`. */
async function tap(cdp: CDPSession, target: Locator) {
  const b = await inView(target);
  await stroke(cdp, [{ x: b.x + b.width / 2, y: b.y + b.height / 2 }]);
}

/** Draw across the whole plot, left to right, at height `shape(t)` (0 the x axis, 1 the top) for
 * t from 0 to 1: the sketch is read where the stroke crosses the dotted lines. */
async function draw(page: Page, cdp: CDPSession, shape: (t: number) => number) {
  const b = await inView(page.getByTestId("sketch-area"));
  const points = Array.from({ length: 41 }, (_, i) => i / 40).map((t) => ({ x: b.x + 1 + t * (b.width - 2), y: b.y + b.height * (1 - shape(t)) }));
  const before = await page.evaluate(() => window.scrollY);
  await stroke(cdp, points);
  // the finger draws: the page did not scroll under it
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
}

const numbers = (s: string | null) => (s ?? "").split(";").filter(Boolean).map(Number);
/** A CSV sketch ("50: 20; 100: 45.5; ...") as its values. */
const fromCsv = (s: string) => s.split("; ").map((pair) => Number(pair.split(": ")[1]));
const median = (vs: number[]) => quantile(vs, 0.5);
function near(got: number[], want: number[], what: string) {
  expect(got, what).toHaveLength(want.length);
  for (const [k, v] of got.entries()) expect(v, `${what} at point ${k + 1}`).toBeCloseTo(want[k], 9);
}
/** The p-quantile straight between ranks (written here again, not imported from the page). */
function quantile(values: number[], p: number): number {
  const v = [...values].sort((a, b) => a - b);
  const at = p * (v.length - 1);
  const lo = Math.floor(at);
  return v[lo] + (at - lo) * (v[Math.min(v.length - 1, lo + 1)] - v[lo]);
}

test("four phones sketch the curve by touch and by keyboard; the reveal draws the class's band and each phone's error is the server's", async ({ browser }) => {
  test.setTimeout(240_000);
  const teacher = new TeacherView(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  const code = await teacher.startOn(`/learn/lavc-capacity/${STEP}`);
  const names = ["Ann", "Bo", "Cy", "Di"];
  const phones: { name: string; seat: StudentSeat; cdp: CDPSession }[] = [];
  for (const name of names) {
    const seat = await StudentSeat.join(browser, code, name, false, StudentSeat.phone);
    phones.push({ name, seat, cdp: await seat.page.context().newCDPSession(seat.page) });
  }
  for (const p of phones) await p.seat.atStep(STEP);

  // three draw with a finger, each a different curve; a second stroke over the left half corrects Cy's
  const shapes = [(t: number) => 0.9 * Math.min(1, 2 * t), (t: number) => 0.3 + 0.5 * t, (t: number) => 0.95 * Math.sqrt(t)];
  for (const [i, p] of phones.slice(0, 3).entries()) {
    const page = p.seat.page;
    await draw(page, p.cdp, shapes[i]);
    await expect(page.getByTestId("sketch-point")).toHaveCount(5);
    if (i === 2) {
      const before = await page.getByTestId("sketch-slider").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      const b = (await page.getByTestId("sketch-area").boundingBox())!;
      await stroke(p.cdp, Array.from({ length: 11 }, (_, k) => ({ x: b.x + 1 + (k / 10) * 0.4 * b.width, y: b.y + b.height * 0.9 })));
      const after = await page.getByTestId("sketch-slider").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      expect(after[0], "the second stroke set the first point again").not.toBe(before[0]);
      expect(after.slice(3), "and left the points it did not pass").toEqual(before.slice(3));
    }
  }
  // the fourth cannot draw: five sliders, each named by its x, set by keyboard
  const keys = phones[3].seat.page;
  await keys.getByTestId("sketch-by-keyboard").focus();
  await keys.keyboard.press("Enter");
  const sliders = keys.getByTestId("sketch-slider");
  await expect(sliders.first()).toBeVisible();
  await expect(sliders).toHaveCount(5);
  await expect(sliders.first()).toHaveAccessibleName("Adapter load at 50 users");
  for (let i = 0; i < 5; i++) {
    await sliders.nth(i).focus();
    for (let k = 0; k <= i; k++) await keys.keyboard.press("PageUp");
    await keys.keyboard.press("ArrowUp");
  }
  await expect(keys.locator(".sketch-value.unset")).toHaveCount(0);
  await expect(keys.getByTestId("sketch-point")).toHaveCount(5);
  expect(await axeViolations(keys), "a phone with its sketch set by keyboard").toEqual([]);

  // each sends by touch; the seat holds what the slider shows, and the class holds it too
  const sent: number[][] = [];
  for (const p of phones) {
    const page = p.seat.page;
    const ys = (await page.getByTestId("sketch-slider").evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value))));
    await tap(p.cdp, page.getByRole("button", { name: /Send my (new )?answer/ }));
    await expect(page.getByTestId("seat")).toHaveAttribute("data-held", ys.join(";"));
    sent.push(ys);
  }
  const rows = (await teacher.csv()).filter((r) => r.step === String(STEP));
  expect(rows.map((r) => [r.name, fromCsv(r.answer)])).toEqual(names.map((n, i) => [n, sent[i]]));
  await expect(teacher.answered).toContainText("4 of 4 answered");

  // hidden until the reveal: no sketch of the class's on the projector or a phone, no one else's values
  await expect(teacher.page.getByTestId("class-sketch")).toHaveCount(0);
  for (const [i, p] of phones.entries()) {
    await expect(p.seat.page.getByTestId("class-sketch")).toHaveCount(0);
    const text = (await p.seat.page.getByTestId("seat").textContent()) ?? "";
    for (const [j, ys] of sent.entries()) if (j !== i) for (const y of ys.filter((v) => !sent[i].includes(v))) expect(text).not.toContain(`${y}%`);
  }

  await teacher.page.getByTestId("reveal-all").click();
  const perX = [0, 1, 2, 3, 4].map((k) => sent.map((ys) => ys[k]));
  const want = { median: perX.map(median), low: perX.map((v) => quantile(v, 0.25)), high: perX.map((v) => quantile(v, 0.75)) };
  const report = await teacher.page.evaluate(async (c) => {
    const t = JSON.parse(localStorage.getItem("memolab.classes.v1") ?? "{}")[c]?.teacher;
    return (await fetch(`/api/classes/${c}/report`, { headers: { "X-Teacher-Token": t } })).json();
  }, code);
  const truths: number[] = report.steps.find((s: { step: number }) => s.step === STEP).truths;
  expect(truths).toHaveLength(5);
  for (const page of [teacher.page, ...phones.map((p) => p.seat.page)]) {
    const band = page.getByTestId("class-sketch-band");
    await expect(band).toBeVisible();
    await expect(page.getByTestId("class-sketch")).toHaveAttribute("data-count", "4");
    for (const [key, ys] of [["data-low", want.low], ["data-high", want.high]] as const) {
      near(numbers(await band.getAttribute(key)), ys, key);
    }
    near(await page.getByTestId("class-sketch-point").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-y")))), want.median, "median");
    await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  }
  // the projector says how far the class's median sketch is from the model
  const classError = want.median.reduce((s, m, k) => s + Math.abs(m - truths[k]) / truths[k], 0) / 5;
  await expect(teacher.page.getByTestId("class-sketch-error")).toContainText(`${Math.round(100 * classError)} % off the model`);

  // each phone: its own sketch's mean relative error, the CSV's values against the server's model
  for (const [i, p] of phones.entries()) {
    const mine = fromCsv(rows[i].answer);
    const error = mine.reduce((s, y, k) => s + Math.abs(y - truths[k]) / truths[k], 0) / 5;
    const said = p.seat.page.getByTestId("sketch-error");
    await expect(said).toContainText(`Your sketch is ${Math.round(100 * error)} % off the model on average`);
    expect(Number(await said.getAttribute("data-error")), p.name).toBeCloseTo(error, 9);
    await expect(p.seat.page.getByTestId("class-place")).toContainText("4 in the class sketched this curve");
  }
  expect(await axeViolations(phones[0].seat.page), "a phone after the reveal").toEqual([]);
  expect(await axeViolations(teacher.page), "the projector with the class's sketches").toEqual([]);
});

test("alone, a sketch drawn with the mouse is revealed against the model with its mean relative error, and kept", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/learn/afs-chunksize/4");
  await expect(page.getByTestId("question")).toHaveAttribute("data-predict", "curve");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", ""); // hidden until the sketch is in
  await expect(page.getByRole("button", { name: "Reveal" })).toBeDisabled();
  const b = (await page.getByTestId("sketch-area").boundingBox())!;
  await page.mouse.move(b.x + 1, b.y + b.height - 2);
  await page.mouse.down();
  for (let i = 1; i <= 40; i++) await page.mouse.move(b.x + 1 + (i / 40) * (b.width - 2), b.y + b.height * (1 - Math.min(0.7, 1.4 * (i / 40))));
  await page.mouse.up();
  await expect(page.getByTestId("sketch-count")).toHaveCount(0); // every point set
  const ys = await page.getByTestId("sketch-slider").evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value)));
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  // the model at each x, asked of the server here
  const model = await page.evaluate(async (xs) => Promise.all(xs.map(async (x) => {
    const r = await fetch("/api/models/afs/evaluate", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ knobs: { client: "redhat72", chunksize: 15, afsv_buffersize: 32768, rx_maxiovecs: x } }) });
    return (await r.json()).metrics.io_size_bytes as number;
  })), [8, 16, 24, 40, 64]);
  const error = ys.reduce((s, y, k) => s + Math.abs(y - model[k]) / model[k], 0) / 5;
  const said = page.getByTestId("sketch-error");
  await expect(said).toContainText(`Your sketch is ${Math.round(100 * error)} % off the model on average`);
  expect(Number(await said.getAttribute("data-error"))).toBeCloseTo(error, 9);
  await expect(page.getByTestId("sketch-table").locator("tbody tr")).toHaveCount(5);
  await expect(page.getByTestId("reveal-intuition")).toBeVisible();
  await page.reload();
  expect(Number(await page.getByTestId("sketch-error").getAttribute("data-error"))).toBeCloseTo(error, 9);
  await expect(page.getByTestId("sketch-point")).toHaveCount(5);
});
