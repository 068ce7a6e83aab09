// `test` whose `page` is one browser tab that a worker keeps from test to test, for the files
// that look at the app's pages without changing the browser itself (no clock, no offline, no
// touch screen): a visitor going from page to page in one tab, not a new browser for each test.
// The tab keeps its renderer process, its compiled code, its HTTP cache and Python's start-up
// snapshot once one is made: a load of an explorer cost 3.68 CPU-s in a fresh context and 2.57
// in one tab (bench/page_loads.mjs, docs/performance.md). Between tests nothing a test did is
// left: its routes, listeners and other pages go, the tab leaves the app for a page without it,
// local and session storage and cookies are cleared, and the next test's viewport and media
// (colours, motion) are set. A first visit is what the other files see, each in a fresh context.
import { test as base, type Page } from "@playwright/test";

// the events a test may listen to (the runner's own listeners, if any, are left alone)
const EVENTS = ["request", "response", "requestfinished", "requestfailed", "console", "dialog", "pageerror", "download", "popup", "page", "websocket"];

/** The worker's tab for a set of context options (only `bypassCSP` differs between files). */
type Tabs = (bypassCSP: boolean) => Promise<Page>;

export const test = base.extend<object, { sharedTabs: Tabs }>({
  sharedTabs: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, serviceWorkers } = workerInfo.project.use;
      const tabs = new Map<boolean, Promise<Page>>();
      await use((bypassCSP) => {
        let tab = tabs.get(bypassCSP);
        if (!tab) {
          tab = browser.newContext({ baseURL, viewport, serviceWorkers, bypassCSP }).then((c) => c.newPage());
          tabs.set(bypassCSP, tab);
        }
        return tab;
      });
      for (const tab of tabs.values()) await (await tab).context().close();
    },
    { scope: "worker" },
  ],
  page: async ({ sharedTabs, bypassCSP, viewport }, use) => {
    const page = await sharedTabs(bypassCSP ?? false);
    if (viewport) await page.setViewportSize(viewport);
    await page.emulateMedia({ media: null, colorScheme: "light", reducedMotion: "no-preference", forcedColors: "none" }); // a fresh context's
    await use(page);
    // what a test hung on the tab or its context goes with it: routes, listeners, other pages
    const context = page.context();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    for (const event of EVENTS) {
      page.removeAllListeners(event);
      context.removeAllListeners(event);
    }
    for (const other of context.pages()) if (other !== page) await other.close();
    // the app left before its storage is cleared, so that nothing it writes on leaving survives
    await page.goto("/api/health");
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await context.clearCookies();
  },
});

export { expect } from "@playwright/test";
