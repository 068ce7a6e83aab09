// A page looked at another size without opening it again (a phone turned, a window dragged): the
// walks open each page once and resize it, since every page load starts Python anew.
import type { Page } from "@playwright/test";

/** The page at `width` x `height`, once the chart has been drawn again for it. */
export async function resized(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  // the chart measures its box in a ResizeObserver and React draws it again: two frames, and a
  // moment for what follows a layout (the end-of-curve labels place themselves after it)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForTimeout(200);
}
