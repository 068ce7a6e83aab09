// The model workbench's screenshots (`node scripts/screenshots.mjs workbench`): the AFS explorer
// at a 1920x1080 desktop with an edit (the fileserver's disk four times slower) drawn over the
// dashed original and judged against the memo (docs/workbench-edit.png), and the same edit's
// link opened afresh: the banner saying what changed, before anything runs
// (docs/workbench-banner.png).
import { join } from "node:path";
import { ROOT } from "../bench/lib.mjs";

export async function workbenchShots(browser, base) {
  const ctx = await browser.newContext({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  await page.goto(`${base}/explore/afs#edit`);
  const source = page.getByTestId("model-source");
  await source.waitFor();
  await source.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText("DISK_MBPS = 5.0  # what if the fileserver's disk were four times slower?\n");
  await page.getByTestId("original-curve").waitFor({ timeout: 120_000 });
  const edit = page.getByTestId("edited-fit").getByRole("row", { name: /your edit/ });
  await page.waitForFunction((el) => el && !el.textContent.includes("…"), await edit.elementHandle(), { timeout: 180_000 });
  await page.getByTestId("edited-laws").getByText("No law broken").waitFor();
  await page.screenshot({ path: join(ROOT, "docs/workbench-edit.png") });
  const link = page.url();
  await ctx.close();

  const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const other = await fresh.newPage();
  await other.goto(link);
  await other.getByTestId("edited-banner").waitFor();
  await other.getByTestId("edited-banner").scrollIntoViewIfNeeded();
  await other.screenshot({ path: join(ROOT, "docs/workbench-banner.png") });
  await fresh.close();
  console.log("wrote docs/workbench-edit.png and docs/workbench-banner.png");
}
