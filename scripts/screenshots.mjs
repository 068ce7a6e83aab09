// The README's screenshots, taken from the built app: `node scripts/screenshots.mjs` (after
// `npm start` has built it once). Writes docs/screenshot.png (the explorer: one curve per
// circuit, a pinned baseline, the readout on the curve) and docs/explorer-phone.png.
import { chromium } from "playwright-core";
import { join } from "node:path";
import { CHROMIUM, ROOT, startApp } from "../bench/lib.mjs";

const { base, stop } = await startApp();
const browser = await chromium.launch(CHROMIUM);
try {
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
} finally {
  await browser.close();
  stop();
}
