// The model workbench's screenshots (`node scripts/screenshots.mjs workbench`): the AFS explorer
// at a 1920x1080 desktop with an edit (the fileserver's disk four times slower) drawn over the
// dashed original and judged against the memo (docs/workbench-edit.png), and the same edit's
// link opened afresh: the banner saying what changed, before anything runs
// (docs/workbench-banner.png); and an edit of a parameter's default (the network at half the
// memo's fit) fitted back to the memo's figures in the sandbox (docs/workbench-fit.png).
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
  await page.getByTestId("reset-model").click();
  await source.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText("_solve = solve\n\ndef solve(k, p=None, detail=True):\n    return _solve(k, p or {**fitted(SPEC.id), 'network_MBps': 5.0}, detail)\n");
  await page.getByTestId("original-curve").waitFor({ timeout: 120_000 });
  await page.getByTestId("fit-edit-memo").click();
  await page.getByTestId("fit-edit-result").waitFor({ timeout: 120_000 });
  await page.getByTestId("legend").getByText("fitted to the memo").waitFor();
  await page.getByTestId("edit-fit").evaluate((el) => el.scrollIntoView({ block: "end" }));
  await page.screenshot({ path: join(ROOT, "docs/workbench-fit.png") });
  await ctx.close();

  const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const other = await fresh.newPage();
  await other.goto(link);
  await other.getByTestId("edited-banner").waitFor();
  await other.getByTestId("edited-banner").scrollIntoViewIfNeeded();
  await other.screenshot({ path: join(ROOT, "docs/workbench-banner.png") });
  await fresh.close();
  console.log("wrote docs/workbench-edit.png, docs/workbench-banner.png and docs/workbench-fit.png");
}
