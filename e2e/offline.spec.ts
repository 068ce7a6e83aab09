// Offline: after a first visit the service worker keeps the app, Pyodide and the API's read-only
// answers, and the model worker keeps its start-up snapshot; a reload with the network cut still
// explores and charts (Python restored from the snapshot), and a scenario saved offline waits in
// this browser and is saved when the connection returns.
import { expect, test } from "@playwright/test";
import { ExplorerPage } from "./pages/ExplorerPage";

test.use({ serviceWorkers: "allow" }); // a visitor's browser, with the app's service worker

test("the app works offline after the first visit, and saving waits for the connection", async ({ page, context }) => {
  test.setTimeout(120_000);
  const ex = new ExplorerPage(page);
  await ex.open("decnet");
  await ex.waitForRuntime();
  // The service worker has kept everything once it is active; the worker keeps its snapshot
  // once the page has been quiet for a moment.
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!reg.active) throw new Error("no active service worker");
  });
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
