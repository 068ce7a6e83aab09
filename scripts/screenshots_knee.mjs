// The knee's screenshots (`node scripts/screenshots.mjs knee`): the knee and the saturation
// point named on the explorers, the atlas with the same knees, and RSX swapping's tornado.
import { join } from "node:path";
import { ROOT } from "../bench/lib.mjs";

/** The knee and the saturation point, each named, on DECnet's CI and LAVC's served disks at a
 * 1280x800 projector and a phone (docs/knee-decnet.png, docs/knee-lavc.png,
 * docs/knee-decnet-phone.png, docs/knee-lavc-phone.png), the atlas with the same knees
 * (docs/knee-atlas.png), and RSX swapping's tornado: each figure in honest units, the
 * largest effect and the bottleneck's knob each named (docs/sensitivity-rsx-swap.png). */
export async function kneeShots(browser, base) {
  const desk = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  for (const [path, query] of [["docs/knee-decnet.png", "/explore/decnet?circuit=CI"], ["docs/knee-lavc.png", "/explore/lavc?disk=served&y=boot_cpu_percent"]]) {
    await desk.goto(`${base}${query}`);
    await desk.waitForSelector("[data-testid=knee-mark]");
    await desk.waitForSelector("[data-testid=saturation-point]");
    // the chart near the top, so that the legend's knee and saturation lines show under it
    await desk.evaluate(() => window.scrollBy(0, document.querySelector("[data-testid=chart]").getBoundingClientRect().top - 100));
    await desk.waitForTimeout(300);
    await desk.screenshot({ path: join(ROOT, path) });
  }
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  for (const [path, query] of [["docs/knee-decnet-phone.png", "/explore/decnet?circuit=CI"], ["docs/knee-lavc-phone.png", "/explore/lavc?disk=served&y=boot_cpu_percent"]]) {
    await phone.goto(`${base}${query}`);
    await phone.waitForSelector("[data-testid=saturation-point]");
    await phone.locator("[data-testid=chart]").evaluate((el) => el.scrollIntoView({ block: "start" }));
    await phone.waitForTimeout(300);
    await phone.screenshot({ path: join(ROOT, path) });
  }
  // the atlas at the same width, whole: LAVC's knee in the table is the explorer's N*
  const atlas = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await atlas.goto(`${base}/atlas`);
  await atlas.waitForSelector("[data-testid=atlas-system][data-system=lavc]");
  await atlas.waitForSelector("[data-testid=atlas-waiting]", { state: "detached" });
  await atlas.waitForTimeout(300);
  await atlas.screenshot({ path: join(ROOT, "docs/knee-atlas.png"), fullPage: true });
  // (a page tall enough to hold the panel below the chart, which sticks to the top as one scrolls)
  const tall = await browser.newPage({ viewport: { width: 1280, height: 2200 }, deviceScaleFactor: 1 });
  await tall.goto(`${base}/explore/rsx-swap`);
  const panel = tall.getByTestId("sensitivity");
  await panel.getByTestId("sensitivity-claim").waitFor();
  await tall.waitForTimeout(300);
  await panel.screenshot({ path: join(ROOT, "docs/sensitivity-rsx-swap.png") });
  console.log("wrote docs/knee-decnet.png, docs/knee-lavc.png, docs/knee-decnet-phone.png, docs/knee-lavc-phone.png, docs/knee-atlas.png and docs/sensitivity-rsx-swap.png");
}
