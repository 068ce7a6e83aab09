// The model workbench's screenshots (`node scripts/screenshots.mjs workbench`): the AFS explorer
// at a 1920x1080 desktop with an edit (the fileserver's disk four times slower) drawn over the
// dashed original and judged against the memo (docs/workbench-edit.png), and the same edit's
// link opened afresh: the banner saying what changed, before anything runs
// (docs/workbench-banner.png); an edit of a parameter's default (the network at half the memo's
// fit) fitted back to the memo's figures in the sandbox (docs/workbench-fit.png); then an edit of
// many lines, too long for a short link, saved as a scenario and its short link opened afresh at
// 1920x1080 (docs/workbench-scenario.png).
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
  await page.getByTestId("reset-model").click();
  const saved = await savedLongEdit(page);
  await ctx.close();

  // a visitor opening each link in a browser of their own, before anything of the edit runs
  const visit = async (url, viewport, file, banners = ["edited-banner"]) => {
    const fresh = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const other = await fresh.newPage();
    await other.goto(url);
    for (const b of banners) await other.getByTestId(b).waitFor();
    await other.getByTestId("edited-banner").scrollIntoViewIfNeeded();
    await other.screenshot({ path: join(ROOT, file) });
    await fresh.close();
  };
  await visit(link, { width: 1280, height: 800 }, "docs/workbench-banner.png");
  await visit(saved, { width: 1920, height: 1080 }, "docs/workbench-scenario.png", ["edited-banner", "scenario-banner"]);
  console.log("wrote docs/workbench-edit.png, docs/workbench-banner.png, docs/workbench-fit.png and docs/workbench-scenario.png");
}

/** A hundred and twenty new constants and a disk eight times slower typed after the edit: a link too long to
 * paste anywhere, so the edit is saved as a scenario; its short link. */
async function savedLongEdit(page) {
  let seed = 7;
  const digits = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return String(seed).padStart(10, "0");
  };
  const lines = Array.from({ length: 120 }, (_, i) => `SEEK_MS_${i} = ${digits().slice(0, 2)}.${digits().slice(0, 3)}  # seek on run ${digits()}, arm ${digits().slice(0, 4)}\n`).join("");
  await page.getByTestId("model-source").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText(`${lines}DISK_MBPS = 2.5  # and a disk eight times slower than the memo's\n`);
  await page.locator("[data-testid=share-edit][data-way='long link']").waitFor({ timeout: 60_000 });
  await page.getByTestId("save-edit").click();
  const dialog = page.locator("dialog[open]");
  await dialog.getByLabel("Title").fill("A fileserver disk eight times slower");
  await dialog.getByLabel("Notes").fill("Does the chunksize still matter once the disk is this slow?");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  return dialog.getByTestId("scenario-link").inputValue();
}
