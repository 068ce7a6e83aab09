// Offline: after a first visit the service worker keeps the explorer, /my, Pyodide and the API's
// read-only answers (the rest of the app at the next visit), and the model worker keeps its
// start-up snapshot; a reload with the network cut still explores and charts (Python restored
// from the snapshot), and a scenario saved offline waits in this browser and is saved when the
// connection returns.
import { expect, type Page, test } from "@playwright/test";
import { ExplorerPage } from "./pages/ExplorerPage";

test.use({ serviceWorkers: "allow" }); // a visitor's browser, with the app's service worker

/** A first visit to DECnet's explorer, until its Python and the service worker are ready. */
async function firstVisit(page: Page): Promise<ExplorerPage> {
  const ex = new ExplorerPage(page);
  await ex.open("decnet");
  await ex.waitForRuntime();
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!reg.active) throw new Error("no active service worker");
  });
  return ex;
}

test("the app works offline after the first visit, and saving waits for the connection", async ({ page, context }) => {
  test.setTimeout(120_000);
  const ex = await firstVisit(page);
  // The service worker has kept everything once it is active; the worker keeps its snapshot
  // once the page has been quiet for a moment.
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).sort()))
    .toEqual(["memolab-api", expect.stringMatching(/^memolab-app-[0-9a-f]{16}$/), "memolab-python"]);
  await expect.poll(() => page.evaluate(async () => (await (await caches.open("memolab-python")).keys()).length)).toBe(1);

  await context.setOffline(true);
  await page.goto("/explore/lavc?users=120");
  await expect(ex.curve).toHaveAttribute("d", /^M/, { timeout: 45_000 });
  await ex.waitForRuntime();
  const before = await ex.curve.getAttribute("d");
  await ex.slider("Locks per user").focus();
  await page.keyboard.press("ArrowRight");
  await expect(ex.curve).not.toHaveAttribute("d", before!);
  await expect(page.getByTestId("source")).toHaveText("computed by the browser");

  await page.getByRole("button", { name: "Save & share" }).click();
  await page.getByLabel("Title").fill("Saved while offline");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("save-queued")).toContainText("You are offline");
  await page.getByRole("button", { name: "Done" }).click();

  await page.goto("/my");
  await expect(page.getByTestId("outbox")).toContainText("Saved while offline");
  await context.setOffline(false);
  await expect(page.getByRole("link", { name: "Saved while offline" })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("outbox")).toHaveCount(0);
  await page.getByRole("link", { name: "Saved while offline" }).click();
  await expect(page).toHaveURL(/\/explore\/lavc\?.*scenario=/);
  await expect(page.getByRole("slider", { name: "Users", exact: true })).toHaveValue("120");
});

test("a first visit keeps what its page needs; the next visit keeps the rest of the app, the workbench included", async ({ page }) => {
  test.setTimeout(120_000);
  await firstVisit(page);
  // the build's own list, as the worker was built with it
  const build = await page.evaluate(async () => {
    const src = await (await fetch("/sw.js")).text();
    return JSON.parse(JSON.parse(src.match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)![1])) as { files: string[] };
  });
  const kept = () => page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith("memolab-app-"))!;
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  });
  const workbench = build.files.filter((f) => /^\/assets\/Workbench-.*\.js$/.test(f));
  expect(workbench).toHaveLength(1);
  expect(await kept()).not.toContain(workbench[0]);
  // the next visit (a page the worker answers) keeps the rest
  await page.reload();
  await expect.poll(async () => (await kept()).length, { timeout: 30_000 }).toBe(build.files.length);
  expect((await kept()).sort()).toEqual([...build.files].sort());
});
