import { chromium } from "playwright-core";
import { CHROMIUM } from "./bench/lib.mjs";
const base = "http://127.0.0.1:8100";
const browser = await chromium.launch(CHROMIUM);
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on("pageerror", (e) => console.log("pageerror", e.message));
for (const [path, val, name] of [["/learn/decnet-link-quota/2", "50000", "decnet2"], ["/learn/ffs-block-size/1", "50", "ffs1"], ["/learn/ffs-block-size/4", "1200", "ffs4"]]) {
  await page.goto(base + path);
  await page.waitForSelector("[data-testid=prediction-handle]");
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/${name}-before.png` });
  await page.getByTestId("typed-prediction").fill(val);
  await page.waitForTimeout(200);
  await page.screenshot({ path: `/tmp/shots/${name}-typed.png` });
  await page.getByRole("button", { name: "Reveal" }).click();
  await page.waitForSelector("[data-testid=reveal-model]");
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/${name}-after.png`, fullPage: true });
}
await browser.close();
