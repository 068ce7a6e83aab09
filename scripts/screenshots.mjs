// The README's screenshots, taken from the built app: `node scripts/screenshots.mjs` (after
// `npm start` has built it once). Writes docs/screenshot.png (the explorer: one curve per
// circuit, a pinned baseline, the readout on the curve), docs/explorer-phone.png, and the
// classroom: a lesson step before and after the reveal (docs/lesson-before.png,
// docs/lesson-after.png), the projector with a class after the reveal (docs/projector-class.png)
// a phone's join page (docs/phone-join.png), a phone that lost its signal as it sent its answer
// (docs/phone-offline.png) and a student's phone after the reveal
// (docs/phone-reveal.png); for accessibility, the chart described and
// tabled (docs/chart-described.png) and in forced colours (docs/chart-forced-colors.png); your
// own measurements fitted on the FFS explorer: the chart (docs/own-fit.png), the panel
// (docs/own-fit-table.png) and the fit explained, a missed row named (docs/own-fit-miss.png); an exported PNG of FFS with a baseline (docs/export-ffs.png); the bounds and the knee at a 1280x800 projector, read at the
// pointer, with what matters most beside it (docs/bounds-lavc.png, docs/sensitivity-lavc.png),
// and a lesson's "which knob matters most?" after the reveal (docs/knob-question.png); a lecture
// hall: a phone before and after a reset (docs/phone-before-reset.png, docs/phone-after-reset.png),
// a phone whose offline answer was refused (docs/phone-offline-refused.png), the projector with
// thirty names (docs/projector-names.png) and with a choice tallied (docs/projector-tally.png).
// Peer instruction (case "peer", screenshots_peer.mjs): a phone in round 2 with its discussion group
// (docs/phone-round2.png), the projector's round shift after the reveal
// (docs/projector-round-shift.png) and the class report (docs/class-report.png). The atlas (case
// "atlas", screenshots_atlas.mjs): docs/atlas.png and docs/atlas-phone.png. The concept check,
// with the gain (case "check", screenshots_check.mjs); sketches of a curve (screenshots_sketch.mjs).
// A step's countdown and the check's two forms (case "timer", screenshots_timer.mjs).
// The model workbench (case "workbench", screenshots_workbench.mjs): docs/workbench-edit.png,
// docs/workbench-banner.png, docs/workbench-fit.png and a long edit saved as a scenario, opened
// (docs/workbench-scenario.png). The knee and the saturation point named (case "knee",
// screenshots_knee.mjs).
import { chromium } from "playwright-core";
import { join } from "node:path";
import { CHROMIUM, ROOT, startApp } from "../bench/lib.mjs";
import { atlasShots } from "./screenshots_atlas.mjs";
import { checkShots } from "./screenshots_check.mjs";
import { kneeShots } from "./screenshots_knee.mjs";
import { peerShots } from "./screenshots_peer.mjs";
import { sketchShots } from "./screenshots_sketch.mjs";
import { timerShots } from "./screenshots_timer.mjs";
import { workbenchShots } from "./screenshots_workbench.mjs";
// `node scripts/screenshots.mjs export lesson`: only those cases (explorer, lesson, a11y, own,
// bounds, hall, export, knee, peer, atlas, check, sketch, timer, workbench); none named: all of them
const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

const { base, stop } = await startApp();
const browser = await chromium.launch(CHROMIUM);
try {
  if (want("knee")) await kneeShots(browser, base);
  if (want("atlas")) await atlasShots(browser, base);
  if (want("check")) await checkShots(browser, base, ROOT);
  if (want("sketch")) await sketchShots(browser, base);
  if (want("timer")) await timerShots(browser, base, ROOT);
  if (want("workbench")) await workbenchShots(browser, base);
  if (want("explorer")) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 });
    // the explorer on the CI: one curve per circuit, a baseline pinned at quota 8, read at quota 40
    await page.goto(`${base}/explore/decnet?circuit=CI&link_quota=16&per=circuit&baseline=${encodeURIComponent("circuit:CI;link_quota:16;buffer_size:1467;test:SENDER/SERVER;copy_us_per_byte:2;return_queue_share:0")}`);
    await page.waitForSelector("[data-testid=series-curve] path[d^=M]");
    await page.waitForSelector("[data-testid=runtime-status][data-phase=ready]", { timeout: 45_000 }).catch(() => undefined);
    const chart = await page.locator("[data-testid=chart]").boundingBox();
    await page.mouse.move(chart.x + chart.width * 0.62, chart.y + chart.height / 2);
    await page.waitForSelector("[data-testid=hover-readout]");
    await page.screenshot({ path: join(ROOT, "docs/screenshot.png") });

    const phone = await browser.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1 });
    await phone.goto(`${base}/explore/ffs`);
    await phone.waitForSelector("[data-testid=model-curve][d^=M]");
    // the last knob in use: the chart stays above it
    const last = phone.locator(".knob-panel input[type=range]:not([disabled])").last();
    await last.focus();
    await phone.keyboard.press("ArrowLeft");
    await last.scrollIntoViewIfNeeded();
    await phone.waitForTimeout(300);
    await phone.screenshot({ path: join(ROOT, "docs/explorer-phone.png") });
    console.log("wrote docs/screenshot.png and docs/explorer-phone.png");
  }

  if (want("lesson")) {
    // A lesson step before and after the reveal: the axis is the same, and holds everything.
    const desk = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    await desk.goto(`${base}/learn/decnet-link-quota/2`);
    await desk.waitForSelector("[data-testid=prediction-handle]");
    await desk.getByTestId("typed-prediction").fill("300000");
    await desk.locator("h1").click();
    await desk.screenshot({ path: join(ROOT, "docs/lesson-before.png") });
    await desk.getByRole("button", { name: "Reveal" }).click();
    await desk.waitForSelector("[data-testid=reveal-model]");
    await desk.waitForSelector("[data-testid=memo-point]");
    await desk.waitForTimeout(300);
    await desk.screenshot({ path: join(ROOT, "docs/lesson-after.png") });

    // The projector at 1280x800 with a class of eight who answered step 2, after the reveal.
    const teacher = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 })).newPage();
    teacher.on("dialog", (d) => d.accept());
    await teacher.goto(`${base}/learn/decnet-link-quota/1?present=1`);
    await teacher.getByTestId("start-class").click();
    const code = (await teacher.getByTestId("class-code").textContent()).trim();
    const seats = [];
    for (const [i, name] of ["Ann", "Bo", "Cy", "Di", "", "Ed", "Flo", ""].entries()) {
      const p = await (await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })).newPage();
      await p.goto(`${base}/c/${code}`);
      // (once the join form is drawn: the page reads the class before it shows it)
      if (i === 0) await p.getByTestId("join-class").waitFor();
      if (i === 0) await p.screenshot({ path: join(ROOT, "docs/phone-join.png") });
      await p.getByTestId("student-name").fill(name);
      await p.getByTestId("join").click();
      await p.waitForSelector("[data-testid=seat]");
      seats.push(p);
    }
    await teacher.locator("h1").click();
    await teacher.keyboard.press("ArrowRight");
    for (const [i, p] of seats.entries()) {
      await p.waitForSelector("[data-testid=typed-prediction]");
      const last = i === seats.length - 1; // her phone has lost its signal as she sends
      if (last) await p.context().setOffline(true);
      await p.getByTestId("typed-prediction").fill(String([50, 80, 120, 150, 200, 400, 90, 600][i] * 1000));
      await p.getByRole("button", { name: /Send my/ }).click();
      await p.waitForSelector("[data-testid=sent-note]");
      if (last) {
        await p.waitForSelector("[data-testid=answer-waiting]");
        await p.getByTestId("answer-waiting").scrollIntoViewIfNeeded();
        await p.screenshot({ path: join(ROOT, "docs/phone-offline.png") });
        await p.context().setOffline(false);
        await p.waitForSelector("[data-testid=answer-waiting]", { state: "detached", timeout: 15_000 });
      }
    }
    await teacher.waitForSelector("[data-testid=answered]:has-text('8 of 8')");
    await teacher.getByTestId("reveal-all").click();
    await teacher.waitForSelector("[data-testid=model-curve][d^=M]");
    await teacher.waitForTimeout(500);
    await teacher.screenshot({ path: join(ROOT, "docs/projector-class.png") });
    // the first student's phone after the reveal: the answer, her error, her place in the class
    await seats[0].waitForSelector("[data-testid=class-place]");
    await seats[0].getByTestId("reveal").scrollIntoViewIfNeeded();
    await seats[0].screenshot({ path: join(ROOT, "docs/phone-reveal.png") });
    console.log("wrote docs/lesson-before.png, docs/lesson-after.png, docs/projector-class.png, docs/phone-join.png, docs/phone-offline.png and docs/phone-reveal.png");
  }

  if (want("a11y")) {
    // The chart in words and as a table, reached by keyboard: T on the chart's reader.
    const words = await browser.newPage({ viewport: { width: 1280, height: 1400 }, deviceScaleFactor: 1 });
    await words.goto(`${base}/explore/lavc`);
    await words.waitForSelector("[data-testid=model-curve][d^=M]");
    await words.getByText("Describe the chart").click();
    await words.getByRole("slider", { name: "Read values along the curve" }).focus();
    await words.keyboard.press("t");
    await words.waitForSelector("[data-testid=chart-table] tbody tr");
    await words.evaluate(() => window.scrollTo(0, 0));
    await words.screenshot({ path: join(ROOT, "docs/chart-described.png") });
    // Windows high contrast, emulated
    const forced = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    await forced.emulateMedia({ forcedColors: "active", colorScheme: "dark" });
    await forced.goto(`${base}/explore/decnet`);
    await forced.waitForSelector("[data-testid=memo-point]");
    await forced.screenshot({ path: join(ROOT, "docs/chart-forced-colors.png") });
    console.log("wrote docs/chart-described.png and docs/chart-forced-colors.png");
  }

  if (want("own")) {
    // Your own measurements: a table pasted on the FFS explorer (MASSBUS), fitted in the browser
    const own = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    await own.goto(`${base}/explore/ffs?bus=MASSBUS`);
    await own.waitForSelector("[data-testid=runtime-status][data-phase=ready]", { timeout: 45_000 });
    await own.getByTestId("own-data-input").fill(
      "block_size (KB)\toperation\tThroughput (KB/s)\n4\tread\t380\n8\tread\t520\n16\tread\t610\n4\twrite\t250\n8\twrite\t330\n16\twrite\t400\n");
    await own.waitForSelector("[data-testid=own-data-summary]");
    await own.getByTestId("own-data-fit").click();
    await own.waitForSelector("[data-testid=fitted-curve][d^=M]");
    await own.waitForFunction(() => !document.querySelector("[data-testid=fit-table]")?.textContent?.includes("…"));
    await own.evaluate(() => window.scrollTo(0, 0));
    await own.screenshot({ path: join(ROOT, "docs/own-fit.png") });
    await own.getByTestId("own-data").screenshot({ path: join(ROOT, "docs/own-fit-table.png") });
    // still 1280 wide; tall enough that the whole fit is painted at once: the fit explained, its
    // 16K read's miss named under its row (docs/own-fit-miss.png)
    await own.setViewportSize({ width: 1280, height: 1800 });
    await own.waitForTimeout(500);
    await own.locator(".fit-result").screenshot({ path: join(ROOT, "docs/own-fit-miss.png") });
    console.log("wrote docs/own-fit.png, docs/own-fit-table.png and docs/own-fit-miss.png");
  }

  if (want("bounds")) {
    // the bounds on LAVC's boot CPU at a projector's 1280x800, read at 160 users
    const proj = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    await proj.goto(`${base}/explore/lavc?users=200&y=boot_cpu_percent`);
    await proj.waitForSelector("[data-testid=knee-point]");
    await proj.waitForSelector("[data-testid=runtime-status][data-phase=ready]", { timeout: 45_000 });
    const lavc = await proj.locator("[data-testid=chart]").boundingBox();
    await proj.mouse.move(lavc.x + lavc.width * 0.45, lavc.y + lavc.height / 2);
    await proj.waitForSelector("[data-testid=readout-bound]");
    await proj.screenshot({ path: join(ROOT, "docs/bounds-lavc.png") });
    await proj.mouse.move(0, 0);
    await proj.getByTestId("bottleneck-cause").waitFor();
    // tall enough that the panel is not under the chart, which stays in view as the page scrolls
    await proj.setViewportSize({ width: 1280, height: 2400 });
    await proj.getByTestId("sensitivity").screenshot({ path: join(ROOT, "docs/sensitivity-lavc.png") });
    // a lesson's knob question, answered and revealed
    await proj.setViewportSize({ width: 1280, height: 800 });
    await proj.goto(`${base}/learn/lavc-capacity/4`);
    await proj.getByRole("radio", { name: "Boot member disks" }).check();
    await proj.getByRole("button", { name: "Commit my answer" }).click();
    await proj.getByTestId("sensitivity").getByTestId("sensitivity-bar").first().waitFor();
    await proj.screenshot({ path: join(ROOT, "docs/knob-question.png"), fullPage: true });
    console.log("wrote docs/bounds-lavc.png, docs/sensitivity-lavc.png and docs/knob-question.png");
  }

  if (want("hall")) {
    // A lecture hall you can trust: a phone before and after the teacher resets the step, a phone
    // whose offline answer the class refused, the projector with a choice tallied and with 30 names.
    const hall = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    hall.on("dialog", (d) => d.accept());
    await hall.goto(`${base}/learn/decnet-link-quota/1?present=1`);
    await hall.getByTestId("start-class").click();
    const hallCode = (await hall.getByTestId("class-code").textContent()).trim();
    const phoneOf = async (name) => {
      const p = await (await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 })).newPage();
      await p.goto(`${base}/c/${hallCode}`);
      await p.getByTestId("student-name").fill(name);
      await p.getByTestId("join").tap();
      await p.getByTestId("seat").waitFor();
      return p;
    };
    const ann = await phoneOf("Ann");
    const bo = await phoneOf("Bo");
    await hall.locator("h1").click();
    await hall.keyboard.press("ArrowRight");
    for (const p of [ann, bo]) {
      await p.locator("[data-step='2'] [data-testid=prediction-handle]").waitFor();
      await p.getByTestId("typed-prediction").fill("300000");
      await p.getByRole("button", { name: "Send my answer" }).tap();
      await p.getByText("Sent.").waitFor();
    }
    await ann.screenshot({ path: join(ROOT, "docs/phone-before-reset.png") });
    await hall.getByRole("button", { name: "Reset this step" }).click();
    await ann.getByTestId("answer-cleared").waitFor();
    await ann.screenshot({ path: join(ROOT, "docs/phone-after-reset.png") });
    // Bo answers again, goes offline, changes it; the teacher locks the step; Bo is back
    await bo.getByTestId("typed-prediction").fill("300000");
    await bo.getByRole("button", { name: "Send my answer" }).tap();
    await bo.getByText("Sent.").waitFor();
    await bo.context().setOffline(true);
    await bo.getByTestId("typed-prediction").fill("250000");
    await bo.getByRole("button", { name: /Send my new answer/ }).tap();
    await bo.getByTestId("answer-waiting").waitFor();
    await hall.getByRole("button", { name: "Lock this step" }).click();
    await bo.context().setOffline(false);
    await bo.getByTestId("answer-refused").waitFor({ timeout: 15_000 });
    await bo.screenshot({ path: join(ROOT, "docs/phone-offline-refused.png") });
    await hall.getByRole("button", { name: "Unlock this step" }).click();
    // thirty more students by the API; the choice step tallied, then thirty names on step 2
    const tokens = [];
    for (let i = 0; i < 30; i++) {
      const r = await fetch(`${base}/api/classes/${hallCode}/students`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: `Student ${i + 1}` }) });
      tokens.push((await r.json()).student_token);
    }
    const answerAll = async (step, body) => {
      for (const [i, t] of tokens.entries()) {
        await fetch(`${base}/api/classes/${hallCode}/answers`, { method: "POST", headers: { "content-type": "application/json", "X-Student-Token": t }, body: JSON.stringify({ step, ...body(i) }) });
      }
    };
    await answerAll(2, (i) => ({ value: 150_000 + 15_000 * i }));
    await hall.getByTestId("show-names").click();
    await hall.getByTestId("answered-names").waitFor();
    await hall.waitForTimeout(500);
    await hall.screenshot({ path: join(ROOT, "docs/projector-names.png") });
    await hall.locator("h1").click();
    await hall.keyboard.press("ArrowRight");
    await hall.keyboard.press("ArrowRight");
    await hall.locator("[data-testid=lesson][data-step='4']").waitFor();
    await answerAll(4, (i) => ({ choice: [1, 2, 2, 3, 2][i % 5] }));
    await hall.getByTestId("reveal-all").click();
    await hall.getByTestId("right-choice").waitFor();
    await hall.waitForTimeout(800);
    await hall.screenshot({ path: join(ROOT, "docs/projector-tally.png") });
    console.log("wrote docs/phone-before-reset.png, docs/phone-after-reset.png, docs/phone-offline-refused.png, docs/projector-names.png and docs/projector-tally.png");
  }

  // An exported PNG, as a file: FFS with a baseline at a desktop's 1920x1080, the footer (the
  // settings, the baseline's, the link) wrapped to the chart's width
  if (want("export")) {
    const desk = await browser.newPage({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1, acceptDownloads: true });
    await desk.goto(`${base}/explore/ffs?bounds=1`);
    await desk.waitForSelector("[data-testid=model-curve][d^=M]");
    await desk.getByRole("button", { name: "Pin as baseline" }).click();
    await desk.waitForSelector("[data-testid=baseline-curve]");
    const [file] = await Promise.all([desk.waitForEvent("download"), desk.getByRole("button", { name: "PNG", exact: true }).click()]);
    await file.saveAs(join(ROOT, "docs/export-ffs.png"));
    console.log("wrote docs/export-ffs.png");
  }
  if (want("peer")) await peerShots(browser, base);
} finally {
  await browser.close();
  stop();
}
