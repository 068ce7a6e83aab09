// A first visit's bytes (issue 54), as a bound with a margin: an explorer's first curve is drawn
// from at most 300 KB on the wire (159 KB today). The figures are the benches' (bench/startup.mjs
// counts the whole visit through a proxy, the model worker's and the service worker's requests
// included, which the page's own network log does not see); this only catches a regression.
import { expect, test } from "@playwright/test";
import { ExplorerPage } from "./pages/ExplorerPage";

test.use({ serviceWorkers: "allow" }); // a visitor's browser, with the app's service worker

test("an explorer's first curve comes from under 300 KB", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true }); // (a first visit: nothing kept)
  const bytes = new Map<string, number>();
  cdp.on("Network.dataReceived", (e) => bytes.set(e.requestId, (bytes.get(e.requestId) ?? 0) + e.encodedDataLength));
  cdp.on("Network.loadingFinished", (e) => bytes.set(e.requestId, Math.max(bytes.get(e.requestId) ?? 0, e.encodedDataLength)));
  const total = () => [...bytes.values()].reduce((a, b) => a + b, 0);
  const ex = new ExplorerPage(page);
  await page.goto("/explore/decnet");
  await expect(ex.curve).toHaveAttribute("d", /^M/);
  const first = total();
  expect(first, `${Math.round(first / 1024)} KB before the first curve`).toBeLessThanOrEqual(300 * 1024);
});
