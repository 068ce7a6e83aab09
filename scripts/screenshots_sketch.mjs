// Sketch the curve (scripts/screenshots.mjs, case "sketch"): a class of eight on the LAVC
// lesson's curve step, seven drawing with a finger and one setting its points by keyboard; a
// phone with its sketch drawn before sending (docs/phone-sketch.png), the projector at 1280x800
// with the class's median sketch and middle half against the model (docs/projector-sketch.png),
// and a phone after the reveal with its error (docs/phone-sketch-reveal.png).
import { join } from "node:path";
import { ROOT } from "../bench/lib.mjs";

const STEP = 7;
// each phone's curve: its height (0 the x axis, 1 the top) at t from 0 (left) to 1 (right)
const SHAPES = [
  (t) => 0.9 * Math.min(1, 2.2 * t),
  (t) => 0.2 + 0.6 * t,
  (t) => 0.95 * Math.sqrt(t),
  (t) => 0.75 * Math.min(1, 3 * t),
  (t) => Math.min(0.98, 1.6 * t),
  (t) => 0.6 * Math.min(1, 1.5 * t),
  (t) => 0.85 * (1 - (1 - t) ** 3),
];

/** A finger through `points` (real touch events, through CDP): a tap when there is one. */
async function touch(cdp, points) {
  const at = ([x, y]) => [{ x, y, id: 1, radiusX: 8, radiusY: 8, force: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(points[0]) });
  for (const p of points.slice(1)) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(p) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** A finger's stroke across the whole plot. */
async function draw(page, cdp, shape) {
  const b = await inView(page.getByTestId("sketch-area"));
  await touch(cdp, Array.from({ length: 41 }, (_, i) => i / 40).map((t) => [b.x + 1 + t * (b.width - 2), b.y + b.height * (1 - shape(t))]));
}

/** Scroll into view and give the page a frame to draw it there (a touch lands where the screen
 * shows things). */
async function inView(target) {
  await target.scrollIntoViewIfNeeded();
  await target.page().evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return target.boundingBox();
}

async function tap(cdp, target) {
  const b = await inView(target);
  await touch(cdp, [[b.x + b.width / 2, b.y + b.height / 2]]);
}

export async function sketchShots(browser, base) {
  const room = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 })).newPage();
  room.on("dialog", (d) => d.accept());
  await room.goto(`${base}/learn/lavc-capacity/${STEP}?present=1`);
  await room.getByTestId("start-class").click();
  const code = (await room.getByTestId("class-code").textContent()).trim();
  const phones = [];
  for (const name of ["Ann", "Bo", "Cy", "Di", "", "Ed", "Flo", ""]) {
    const p = await (await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 })).newPage();
    await p.goto(`${base}/c/${code}`);
    await p.getByTestId("student-name").fill(name);
    await p.getByTestId("join").tap();
    await p.locator(`[data-testid=seat][data-step='${STEP}']`).waitFor();
    phones.push(p);
  }
  for (const [i, p] of phones.entries()) {
    const cdp = await p.context().newCDPSession(p);
    if (i < SHAPES.length) await draw(p, cdp, SHAPES[i]);
    else {
      // the last sets its five points by keyboard
      await p.getByTestId("sketch-by-keyboard").focus();
      await p.keyboard.press("Enter");
      const sliders = p.getByTestId("sketch-slider");
      for (let k = 0; k < 5; k++) {
        await sliders.nth(k).focus();
        for (let j = 0; j < [4, 7, 8, 9, 9][k]; j++) await p.keyboard.press("PageUp");
      }
    }
    if (i === 2) {
      await p.evaluate(() => window.scrollTo(0, 0));
      await p.waitForTimeout(200);
      await p.screenshot({ path: join(ROOT, "docs/phone-sketch.png") });
    }
    await p.waitForTimeout(400);
    await tap(cdp, p.getByRole("button", { name: /Send my/ }));
    await p.locator("[data-testid=seat]:not([data-held=''])").waitFor({ timeout: 8000 }).catch(async (e) => {
      await p.screenshot({ path: "/tmp/sk/fail.png" });
      throw new Error(`phone ${i}: ${e.message} ${await p.locator(".sketch-value").allTextContents()}`);
    });
  }
  await room.getByTestId("reveal-all").click();
  await room.getByTestId("class-sketch-band").waitFor();
  await room.getByTestId("class-sketch-error").waitFor();
  await room.waitForTimeout(500);
  await room.screenshot({ path: join(ROOT, "docs/projector-sketch.png") });
  const phone = phones[2];
  await phone.getByTestId("sketch-error").waitFor();
  await phone.getByTestId("class-sketch-band").waitFor();
  await phone.evaluate(() => window.scrollTo(0, 0));
  await phone.waitForTimeout(300);
  await phone.screenshot({ path: join(ROOT, "docs/phone-sketch-reveal.png") });
  console.log("wrote docs/phone-sketch.png, docs/projector-sketch.png and docs/phone-sketch-reveal.png");
}
