// axe-core run in the page with every WCAG 2.0, 2.1 and 2.2 A and AA rule it has, whatever the
// impact; the tests that use it set `bypassCSP` (axe is injected as a script, which the app's
// Content-Security-Policy rightly refuses).
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** Each violation as "rule (impact): the first few elements", or [] when there is none. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async (tags) => {
    const r = await (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } })
      .axe.run({ runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  }, WCAG_AA);
}

/** How far the page scrolls sideways, and the first elements that stick out past its right edge
 * (those inside a horizontal scroller of their own, wide tables and equations, may). */
export async function sidewaysOverflow(page: Page): Promise<{ scroll: number; wide: string[] }> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const wide = [...document.querySelectorAll("body *")].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.right > doc.clientWidth + 1 && !el.closest(".table-scroll, .model-doc pre");
    }).slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { scroll: doc.scrollWidth - doc.clientWidth, wide };
  });
}
