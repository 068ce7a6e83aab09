// The atlas's screenshots (scripts/screenshots.mjs, case "atlas"): every system on one chart at a
// desktop's 1920x1080 (docs/atlas.png), and on a phone (docs/atlas-phone.png).
import { join } from "node:path";
import { ROOT } from "../bench/lib.mjs";

export async function atlasShots(browser, base) {
  for (const [file, viewport] of [["atlas.png", { width: 1920, height: 1080 }], ["atlas-phone.png", { width: 375, height: 812 }]]) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    await page.goto(`${base}/atlas`);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=atlas-curve]").length === 7);
    await page.locator("[data-testid=chart]").scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(ROOT, "docs", file), fullPage: viewport.width < 500 });
    await page.close();
  }
  console.log("wrote docs/atlas.png and docs/atlas-phone.png");
}
