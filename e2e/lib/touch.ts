// A finger on a phone, through Chromium's DevTools protocol: a tap is a touchStart and a
// touchEnd at the middle of the element (what a phone sends; the page's click follows from it).
import type { CDPSession, Locator, Page } from "@playwright/test";

/** A phone in a class test: its page, and the CDP session its real touches go through. */
export interface Phone {
  name: string;
  page: Page;
  cdp: CDPSession;
}

/** A finger taps the middle of `target` (touchStart, touchEnd: what a phone sends). */
export async function tap(cdp: CDPSession, target: Locator) {
  // In the middle of the screen, as a thumb brings it there: "in view" is not enough on a phone,
  // where a step's chart sticks to the top over what scrolls under it (a choice under it was
  // tapped through the chart: class-check's choice stayed unchosen in two clean-clone runs)
  await target.evaluate((el) => el.scrollIntoView({ block: "center", inline: "center" }));
  const b = await steadyBox(target);
  const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
  const shows = await target.evaluate((el, [px, py]) => {
    const at = document.elementFromPoint(px, py);
    const labels = el instanceof HTMLInputElement ? [...(el.labels ?? [])] : [];
    return !!at && (el.contains(at) || labels.some((l) => l.contains(at)));
  }, [x, y]);
  if (!shows) throw new Error(`a finger cannot reach ${target}: something else is drawn over its middle`);
  const point = [{ x, y, id: 1, radiusX: 8, radiusY: 8, force: 1 }];
  // Stamped as a finger's 80 ms tap: unstamped, each event is stamped when Chromium takes it, so
  // a busy machine could space the two as a long press would be
  const at = Date.now() / 1000;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point, timestamp: at });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [], timestamp: at + 0.08 });
}

/** Where `target` is once it has stopped moving (two looks 50 ms apart agree): the scroll that
 * brought it to the middle, or the page's own layout, may still be moving it. */
async function steadyBox(target: Locator) {
  let b = (await target.boundingBox())!;
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const now = (await target.boundingBox())!;
    if (now.x === b.x && now.y === b.y && now.width === b.width && now.height === b.height) break;
    b = now;
  }
  return b;
}
