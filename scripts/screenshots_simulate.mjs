// The simulation beside the analysis (issue 50), taken from the built app:
// `node scripts/screenshots_simulate.mjs`. Writes docs/simulate-decnet.png (DECnet with constant
// service simulated beside the curve: above it near the knee, with the band of the same link
// with constant times and the sentence), docs/simulate-lavc-exponential.png and
// docs/simulate-lavc-mechanism.png (LAVC's I/O time with exponential times, which queue longer
// than the model's, and with the model's own mechanism, on its curve).
import { chromium } from "playwright-core";
import { join } from "node:path";
import { CHROMIUM, ROOT, startApp } from "../bench/lib.mjs";

const { base, stop } = await startApp();
const browser = await chromium.launch(CHROMIUM);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1320 }, deviceScaleFactor: 1 });
  async function shoot(path, query, service, file) {
    await page.goto(`${base}/explore/${path}?${query}`);
    await page.waitForSelector("[data-testid=model-curve][d^=M]");
    await page.waitForSelector("[data-testid=runtime-status][data-phase=ready]", { timeout: 45_000 });
    await page.getByTestId("simulate-service").selectOption(service);
    await page.getByTestId("simulate").click();
    await page.waitForSelector("[data-testid=simulate-sentence]", { timeout: 120_000 });
    await page.waitForFunction(() => !document.querySelector("[data-testid=simulate-progress]"), undefined, { timeout: 120_000 });
    // the chart, its legend and the Simulate panel with its sentence
    const area = await page.locator(".chart-area").boundingBox();
    const panel = await page.getByTestId("simulate-panel").boundingBox();
    await page.screenshot({ path: join(ROOT, "docs", file), clip: { x: area.x - 8, y: area.y - 8, width: area.width + 16, height: panel.y + panel.height - area.y + 16 } });
  }
  await shoot("decnet", "circuit=CI&link_quota=16&test=SENDER%2FSERVER&bounds=off", "constant", "simulate-decnet.png");
  await shoot("lavc", "y=io_elapsed_ms&bounds=off", "exponential", "simulate-lavc-exponential.png");
  await shoot("lavc", "y=io_elapsed_ms&bounds=off", "mechanism", "simulate-lavc-mechanism.png");
} finally {
  await browser.close();
  await stop();
}
