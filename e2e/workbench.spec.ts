// The model workbench: an edit runs only in the sandbox, which reaches no server and nothing of
// the page; an edited constant redraws the chart, its readouts and its sensitivity, and is
// judged against the memo; a runaway loop is stopped and a syntax error shown, each at its
// line; an edited default is fitted back to the memo's values, and a link carries the fitted edit to a fresh browser, which shows what changed
// before anything runs; an edit of a helper the model runs (LAVC's mva.py) and of its module, too
// long for a short link, is saved as a scenario whose short link takes it to a fresh browser,
// which shows what changed in each file, runs it with the edited helper, and shows the fit's
// error at its file and line (each page that runs an edit starts Python twice: few pages).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";

const SOURCE = readFileSync(new URL("../models/perfmodels/afs.py", import.meta.url), "utf8");
// the editor's last line (the file ends with a newline: an empty line), where code is typed
const LAST = SOURCE.split("\n").length;
const SLOWER_DISK = "DISK_MBPS = 5.0  # what if the fileserver's disk were four times slower?\n";
// a parameter's default changed: the network the edit runs with at half the memo's fit
const SLOW_DEFAULT = "_solve = solve\n\ndef solve(k, p=None, detail=True):\n    return _solve(k, p or {**fitted(SPEC.id), 'network_MBps': 5.0}, detail)\n";
/** "40.1 % at the median (at most 47.6 %)": [median, worst] */
const errors = (text: string, which: RegExp) => which.exec(text)?.slice(1, 3).map(Number) ?? [];
const MVA = readFileSync(new URL("../models/perfmodels/mva.py", import.meta.url), "utf8");


async function openWorkbench(page: Page, hash = "#edit") {
  await page.goto(`/explore/afs${hash}`);
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("model-source")).toBeVisible();
}

/** Back to the original, then `code` typed at the end of the module (its first line is LAST). */
async function append(page: Page, code: string) {
  const reset = page.getByTestId("reset-model");
  if (await reset.isEnabled()) await reset.click();
  await page.getByTestId("model-source").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText(code);
}

/** The edited model's metrics at the knobs' defaults, computed by CPython from the edited files
 * (perfmodels/editing/editbridge.py, as the sandbox runs it): what the page must show for the edit. */
function evaluateEdited(system: string, files: Record<string, string>): Record<string, number> {
  const code = `import json, sys
from perfmodels.editing import editbridge as b
a = json.load(sys.stdin)
assert json.loads(b.call("edit", json.dumps(a)))["result"] is None
print(json.dumps(json.loads(b.call("evaluate", json.dumps({"system": a["system"]})))["result"]["metrics"]))`;
  const out = execFileSync(fileURLToPath(new URL("../.venv/bin/python", import.meta.url)), ["-c", code], {
    cwd: fileURLToPath(new URL("../models", import.meta.url)), input: JSON.stringify({ system, files }), timeout: 60_000,
  });
  return JSON.parse(String(out));
}

const sandboxReady = (page: Page) => expect(page.getByTestId("sandbox-status")).toContainText("runs in the sandbox (started in", { timeout: 90_000 });

test("an edit reaches no server and nothing of the page: fetch, pyfetch, XHR, storage, cookies and the parent all fail", async ({ page, context, baseURL }) => {
  test.setTimeout(240_000);
  // a server of the test's own that counts what reaches it, beside the app
  const hits: string[] = [];
  const probe = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.end("reached");
  });
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const other = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  const reached: string[] = [];
  await context.route("**/*", (route) => {
    if (route.request().url().includes("leak")) reached.push(route.request().url());
    return route.continue();
  });
  const said: string[] = [];
  page.on("worker", (w) => w.on("console", (m) => said.push(m.text())));
  await openWorkbench(page);
  await append(page, "ASKED = 1\n");
  await sandboxReady(page);

  // asked without waiting (fetch answers later): the sandbox's console says what became of each
  const later = (name: string, call: string) =>
    `import js\n${call}.then(lambda r: js.console.log('LEAK ${name}'), lambda e: js.console.log('refused ${name} ' + str(e)))\n`;
  for (const [name, code] of [
    ["fetch", later("fetch", `js.fetch('${baseURL}/api/models?leak=fetch')`)],
    ["fetch elsewhere", later("fetch elsewhere", `js.fetch('${other}/leak')`)],
    ["pyfetch", "import asyncio, js, pyodide.http\nasync def f():\n    try:\n        await pyodide.http.pyfetch('" + baseURL +
      "/api/models?leak=pyfetch')\n        js.console.log('LEAK pyfetch')\n    except Exception as e:\n        js.console.log('refused pyfetch ' + str(e))\nasyncio.ensure_future(f())\n"],
  ] as const) {
    await append(page, code);
    await expect.poll(() => said.find((s) => s.includes(name)) ?? "", { timeout: 60_000 }).toMatch(new RegExp(`^refused ${name} .*(Failed to fetch|NetworkError)`));
  }
  // asked and answered at once: the edit stops at its line with the refusal
  for (const [code, line, refusal] of [
    [`import js\nx = js.XMLHttpRequest.new()\nx.open('GET', '${baseURL}/api/models?leak=xhr', False)\nx.send()\n`, LAST + 3, "NetworkError"],
    ["import js\nSTOLEN = js.localStorage.getItem('memolab-teacher')\n", LAST + 1, "AttributeError: localStorage"],
    ["import js\nSTOLEN = js.document.cookie\n", LAST + 1, "AttributeError: document"],
    ["import js\nSTOLEN = js.parent.document.body.innerHTML\n", LAST + 1, "AttributeError: parent"],
    ["import js\nSTOLEN = js.indexedDB.open('memolab')\n", LAST + 1, "SecurityError"],
  ] as const) {
    await append(page, code);
    await expect(page.getByTestId("edit-problem")).toContainText(`Line ${line} of perfmodels/afs.py: `, { timeout: 30_000 });
    await expect(page.getByTestId("edit-problem")).toContainText(refusal);
  }
  expect(said.filter((s) => s.startsWith("LEAK"))).toEqual([]);
  expect(reached).toEqual([]);
  expect(hits).toEqual([]);
  probe.close();
});

test("an edited constant redraws the chart over the dashed original and is judged against the memo; a runaway loop and a syntax error are shown at their lines; an edited default is fitted back, and the link carries the fitted edit to a fresh browser", async ({ page, browser }) => {
  test.setTimeout(300_000);
  await openWorkbench(page);
  const before = await page.getByTestId("model-curve").getAttribute("d");
  const readout = page.getByTestId("readout-read_kBps").locator("dd").first();
  const sensitivity = page.getByTestId("sensitivity");
  await expect(sensitivity).toHaveAttribute("data-of", "model");
  const originalRead = Number(await readout.getAttribute("data-value"));
  await append(page, SLOWER_DISK);
  await expect(page.getByTestId("original-curve")).toHaveAttribute("d", before!, { timeout: 90_000 });
  await expect(page.getByTestId("model-curve")).not.toHaveAttribute("d", before!);
  // the readouts and "What matters most here" are the edit's at this setting, as CPython computes
  // the edited source, never the original's
  const editedRead = evaluateEdited("afs", { "perfmodels/afs.py": SOURCE + SLOWER_DISK }).read_kBps;
  expect(Math.abs(editedRead - originalRead)).toBeGreaterThan(0.05 * originalRead);
  await expect.poll(async () => Number(await readout.getAttribute("data-value")), { timeout: 30_000 }).toBeCloseTo(editedRead, 6);
  await expect(sensitivity).toHaveAttribute("data-of", "edit");
  await expect(sensitivity).toContainText(`of your edited model is ${await readout.textContent()} at this setting`, { timeout: 30_000 });
  await expect(page.getByTestId("legend")).toContainText("the original model (dashed), before your edit");
  await expect(page.getByTestId("model-diff")).toContainText(`1 line added, 0 removed`);
  await expect(page.getByTestId("model-diff")).toContainText(SLOWER_DISK.trim());
  // the memo's error: fitted to all of it, then each configuration left out, beside the original's
  const fit = page.getByTestId("edited-fit");
  const edit = fit.getByRole("row", { name: /your edit/ });
  await expect(edit).not.toContainText("…", { timeout: 120_000 });
  const [median, worst, leftMedian, leftWorst] = (await edit.getByRole("cell").allTextContents()).map((t) => Number.parseFloat(t));
  const original = (await fit.getByRole("row", { name: /the original/ }).getByRole("cell").allTextContents()).map((t) => Number.parseFloat(t));
  for (const v of [median, worst, leftMedian, leftWorst]) expect(v).toBeGreaterThan(0);
  expect(worst).toBeGreaterThanOrEqual(median);
  expect(median).not.toBe(original[0]); // a disk a quarter as fast moves the fit
  await expect(page.getByTestId("edited-laws")).toContainText("No law broken at 300 random settings");

  // a runaway loop in solve: stopped at its line, the last good curve kept
  const drawn = await page.getByTestId("model-curve").getAttribute("d");
  await page.getByTestId("model-source").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText("def solve(k, p=None, detail=True):\n    n = 0\n    while True:\n        n += 1\n");
  // while it runs, it says so, and the figures of the edit before it are gone
  await expect(page.getByTestId("sandbox-status")).toHaveText("Running your edit…");
  // and above the chart, where the eye is (the editor's own words are far below it)
  await expect(page.getByTestId("edit-status")).toContainText("Running your edit in the sandbox… Until it answers, the chart still shows the last edit that ran");
  await expect(page.getByTestId("edited-laws")).not.toContainText("No law broken");
  await expect(page.getByTestId("edited-fit")).toContainText("(running your edit…)");
  await expect(page.getByTestId("edit-problem")).toContainText(/Line \d+ of perfmodels\/afs\.py: stopped: it ran past the time limit/, { timeout: 60_000 });
  // failed: nothing under the error reads as if this edit had passed
  await expect(page.getByTestId("edited-laws")).toHaveText("The laws are not checked: the edit on screen does not run (its error is above).");
  await expect(page.getByTestId("edited-fit")).toContainText("(not judged: the edit does not run)");
  await expect(page.getByTestId("edit-status")).toContainText(/^Your edit does not run \(line \d+ of perfmodels\/afs\.py: stopped: it ran past the time limit/);
  await expect(page.getByTestId("edit-status")).toContainText("the chart still shows the last edit that ran");
  await page.getByTestId("workbench").screenshot({ path: test.info().outputPath("workbench-failed.png") });
  const line = Number(/Line (\d+)/.exec((await page.getByTestId("edit-problem").textContent()) ?? "")?.[1]);
  expect([LAST + 3, LAST + 4]).toContain(line); // the loop's own lines
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", drawn!);
  await expect(page.getByTestId("original-curve")).toBeVisible();

  // a syntax error at its line; Reset brings the original back
  await append(page, "x = (\n");
  await expect(page.getByTestId("edit-problem")).toContainText(`Line ${LAST} of perfmodels/afs.py: SyntaxError`, { timeout: 30_000 });
  await page.getByTestId("reset-model").click();
  await expect(page.getByTestId("original-curve")).toHaveCount(0);
  await expect(page.getByTestId("edit-status")).toHaveText("");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", before!);
  await expect(page.getByTestId("model-diff")).toContainText("No change against the original");

  // a parameter's default changed: far off the memo as it runs; fitted in the sandbox, the memo's
  // values and error come back, and the fitted edit draws the original's curve
  await append(page, SLOW_DEFAULT);
  await expect(page.getByTestId("original-curve")).toHaveAttribute("d", before!, { timeout: 60_000 });
  await expect(page.getByTestId("model-curve")).not.toHaveAttribute("d", before!);
  await page.getByTestId("fit-edit-memo").click();
  const said = page.getByTestId("fit-edit-errors");
  await expect(said).toContainText("fitted", { timeout: 60_000 });
  const [runs, fitted] = [errors((await said.textContent())!, /([\d.]+) % at the median \(at most ([\d.]+) %\) with the parameters/),
    errors((await said.textContent())!, /([\d.]+) % at the median \(at most ([\d.]+) %\) fitted/)];
  expect(runs[0]).toBeGreaterThan(3 * original[0]);
  expect(Math.abs(fitted[0] - original[0])).toBeLessThanOrEqual(0.2);
  expect(Math.abs(fitted[1] - original[1])).toBeLessThanOrEqual(0.2);
  // each fitted value's range of equally good values holds the original's calibrated one
  const params = await page.getByTestId("fit-edit-param").allTextContents();
  expect(params).toHaveLength(4);
  for (const p of params) {
    const [lo, hi, calibrated] = (/from ([\d.]+) to ([\d.]+); the original's ([\d.]+)\)$/.exec(p) ?? []).slice(1).map(Number);
    expect(calibrated).toBeGreaterThanOrEqual(lo);
    expect(calibrated).toBeLessThanOrEqual(hi);
  }
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", before!);
  await expect(page.getByTestId("legend")).toContainText("your edit, fitted to the memo");

  // the link carries the edit and its fit; a fresh browser shows what changed before anything runs
  await expect.poll(() => new URL(page.url()).hash, { timeout: 10_000 }).toMatch(/^#model=[A-Za-z0-9_-]+&fit=memo$/);
  const link = page.url();
  expect(new URL(link).hash.length).toBeLessThan(2000);
  await expect(page.getByTestId("share-edit")).toHaveAttribute("data-way", "short link");
  await expect(page.getByTestId("share-edit")).toContainText("The address holds your edit");
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  const banner = other.getByTestId("edited-banner");
  await expect(banner).toContainText("This link carries an edited model");
  await expect(banner).toContainText("'network_MBps': 5.0");
  await expect(banner).toContainText("Nothing of it has run");
  await expect(other.getByTestId("model-sandbox")).toHaveCount(0); // no sandbox until asked
  await expect(other.getByTestId("original-curve")).toHaveCount(0);
  await other.getByTestId("run-edit").click();
  await expect(other.getByTestId("fit-edit-errors")).toHaveText((await said.textContent())!, { timeout: 120_000 });
  await expect(other.getByTestId("model-curve")).toHaveAttribute("d", before!);
  await expect(other.getByTestId("original-curve")).toBeVisible();
  await fresh.close();
});

/** Many lines of constants, each unlike the others (so the edit packs long). */
function spareLines(lines: number): string {
  let seed = 42;
  const digits = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return String(seed).padStart(10, "0");
  };
  return Array.from({ length: lines }, (_, i) => `SPARE_${i} = ${digits()}.${digits()}  # ${digits()}\n`).join("");
}

test("an edit of LAVC's mva.py and of lavc.py, too long for a short link, is saved as a scenario whose link opens it in a fresh browser: a banner names each file, nothing runs until asked, then the curve follows the edited helper, and a fit's error is shown at its file and line", async ({ page, browser }) => {
  test.setTimeout(300_000);
  // every station twice as slow, in the MVA with kinds of request that closed.py imported by
  // name from mva.py (LAVC's: a lock's and an I/O's own times); and a
  // recursion that refuses to serve a fit, which lavc.py tells it of (a fit gives solve parameters)
  const SLOWER = "FITTING = False\n_recursion = recursion_kinds\n\n\ndef recursion_kinds(rates, services, scvs, copies, think, population, keep=()):\n" +
    "    if FITTING:\n        raise ArithmeticError('this recursion is not for a fit')\n" +
    "    return _recursion(rates, [[2 * t for t in s] for s in services], scvs, copies, think, population, keep)\n";
  const raised = MVA.split("\n").length + 6; // the line of the raise (typed on mva.py's last line)
  const NOTE = "# what if every station were twice as slow? (perfmodels/mva.py) Not in a fit, though.\n" +
    "from . import mva as _mva\n_solve = solve\n\n\ndef solve(k, p=None, detail=True):\n    _mva.FITTING = p is not None\n" +
    "    try:\n        return _solve(k, p, detail)\n    finally:\n        _mva.FITTING = False\n";
  const SPARE = spareLines(120);
  // the lines each adds (typed on the file's last line, which is empty)
  const [slower, note, spare] = [SLOWER, NOTE, SPARE].map((t) => t.split("\n").length - 1);
  const files = [`perfmodels/lavc.py: ${note + spare} lines added, 0 removed`, `perfmodels/mva.py: ${slower} lines added, 0 removed`];
  // the edit is made and saved without running anything here (no sandbox started: the fresh
  // browser runs it)
  await page.route("**/sandbox.html", (route) => route.abort());
  // (the time a disk request takes: MVA's queues; the default y, the CPU's demand, has none)
  await page.goto("/explore/lavc?y=io_elapsed_ms#edit");
  const tabs = page.getByTestId("model-files").getByRole("tab");
  await expect(tabs).toHaveText(["perfmodels/lavc.py", "perfmodels/closed.py", "perfmodels/mechanism.py", "perfmodels/bounds.py", "perfmodels/pace.py", "perfmodels/mva.py"]);
  // the files by keyboard: End picks the last, Home the first
  await tabs.first().focus();
  await page.keyboard.press("End");
  await expect(tabs.last()).toHaveAttribute("aria-selected", "true");
  await expect(tabs.last()).toBeFocused();
  await append(page, SLOWER);
  await expect(tabs.last()).toContainText("edited");
  const hash = () => new URL(page.url()).hash;
  await expect.poll(hash, { timeout: 10_000 }).toMatch(/^#model=[A-Za-z0-9_-]+$/);
  const share = page.getByTestId("share-edit");
  await expect(share).toHaveAttribute("data-way", "short link");
  const mvaAlone = hash();
  expect(mvaAlone.length).toBeLessThan(2000);
  await page.keyboard.press("Shift+Tab"); // out of the editor, back to its tabs
  await page.keyboard.press("Home");
  await expect(page.getByRole("textbox", { name: "Source of perfmodels/lavc.py" })).toBeVisible();
  await page.getByTestId("model-source").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText(NOTE + SPARE);
  // each file keeps its own edit; the diff shows both
  await tabs.last().click();
  await expect(page.getByTestId("model-source")).toContainText("return _recursion(rates, [[2 * t for t in s] for s in services]");
  const diff = page.getByTestId("model-diff");
  await expect(diff).toContainText(`Your edit against the original, in 2 files: ${slower + note + spare} lines added, 0 removed`);
  await expect(diff.getByRole("heading")).toHaveText(files);

  // so many lines would make a long link: the page says so, and saves the edit as a scenario
  await expect(share).toHaveAttribute("data-way", "long link");
  await expect(share).toContainText("Save it as a scenario for a short link");
  await expect.poll(() => hash().length).toBeGreaterThan(2000); // the long link, until saved
  await page.getByTestId("save-edit").click();
  const dialog = page.locator("dialog[open]");
  await expect(dialog.getByTestId("save-with-edit")).toBeVisible();
  await dialog.getByLabel("Title").fill("Every station twice as slow");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  const saved = await dialog.getByTestId("scenario-link").inputValue();
  expect(saved).toMatch(/\/s\/[A-Za-z0-9_-]{16,}$/);
  const slug = saved.split("/s/")[1];
  await dialog.getByRole("button", { name: "Done" }).click();
  // the author's address names the saved edit now: short
  await expect.poll(hash).toBe(`#saved-model=${slug}`);
  await expect(share).toHaveAttribute("data-way", "saved");
  await page.close();

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(saved);
  await expect(other).toHaveURL(new RegExp(`/explore/lavc\\?.*scenario=${slug}#saved-model=${slug}$`));
  await expect(other.getByTestId("scenario-banner")).toContainText("Every station twice as slow");
  const banner = other.getByTestId("edited-banner");
  await expect(banner).toContainText("This saved scenario carries an edited model");
  await expect(banner).toContainText(`Someone changed ${note + spare} lines of perfmodels/lavc.py and ${slower} lines of perfmodels/mva.py`);
  await expect(banner.getByRole("heading")).toHaveText(files);
  await expect(banner).toContainText("return _recursion(rates, [[2 * t for t in s] for s in services]");
  await expect(banner).toContainText("Nothing of it has run");
  await expect(other.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  const original = await other.getByTestId("model-curve").getAttribute("d");
  await expect(other.getByTestId("model-sandbox")).toHaveCount(0); // no sandbox until asked
  await expect(other.getByTestId("original-curve")).toHaveCount(0);
  await expect(other.getByRole("tab", { selected: true })).toHaveText("perfmodels/lavc.py edited");
  await other.getByTestId("run-edit").click();
  // closed.py ran again with the edited recursion: LAVC's curve moves (the axis with it), the
  // original dashed beside it
  await expect(other.getByTestId("original-curve")).toBeVisible({ timeout: 120_000 });
  await expect(other.getByTestId("model-curve")).not.toHaveAttribute("d", original!);
  expect(await other.getByTestId("model-curve").getAttribute("d")).not.toBe(await other.getByTestId("original-curve").getAttribute("d"));
  await expect(other.getByTestId("edit-problem")).toHaveCount(0);
  await expect.poll(() => new URL(other.url()).hash).toBe(`#saved-model=${slug}`); // run, not rewritten

  // fitted, the edit fails in the helper: the fit says where, the file's tab is marked, and the
  // file is a button away
  await other.getByTestId("fit-edit-memo").click();
  const failed = other.getByTestId("fit-edit-problem");
  await expect(failed).toContainText(`Line ${raised} of perfmodels/mva.py: ArithmeticError: this recursion is not for a fit`, { timeout: 60_000 });
  const otherTabs = other.getByTestId("model-files").getByRole("tab");
  await expect(otherTabs.last()).toContainText("error");
  await failed.getByRole("button", { name: "Show perfmodels/mva.py" }).click();
  await expect(otherTabs.last()).toHaveAttribute("aria-selected", "true");
  await expect(other.getByTestId("edit-problem")).toHaveCount(0); // the edit itself runs: its curve stays
  await expect(other.getByTestId("original-curve")).toBeVisible();
  await fresh.close();
});

test("'Edit this model' takes the reader to the editor it opened (below the chart, far below on a phone), a link's edit does not move the page", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  await page.goto("/explore/decnet");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await page.getByTestId("edit-model").click();
  const title = page.locator("#workbench-title");
  await expect(title).toBeFocused({ timeout: 30_000 });
  await expect(title).toBeInViewport();
  // opened by its address (#edit), the page starts at the top as any page does
  await page.goto("/explore/decnet#edit");
  await expect(page.getByTestId("model-source")).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
