// The atlas (/atlas): every system's curve on one dimensionless chart, each a link to its
// explorer at the setting drawn, at a desktop's and a phone's size: seven curves, each reached by
// the keyboard, one followed to its explorer; each system's capacity beside it; the server draws
// them while the runtime starts; described, tabled, no axe violation, nothing past a phone's edge.
import { expect, type Page, test } from "@playwright/test";
import { axeViolations, sidewaysOverflow } from "./lib/axe";

// axe is injected as a script, which the app's Content-Security-Policy rightly refuses.
test.use({ bypassCSP: true });

async function systems(page: Page): Promise<string[]> {
  return ((await (await page.request.get("/api/models")).json()) as { id: string }[]).map((s) => s.id);
}

/** The explorer opened from a link shows that link's setting: its knobs, x and y, and no notice. */
async function opensAt(page: Page, href: string, system: string) {
  await page.waitForURL(new RegExp(`/explore/${system}\\?`));
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("notices")).toHaveCount(0);
  const want = new URL(href, page.url()).searchParams;
  const got = new URL(page.url()).searchParams;
  for (const [k, v] of want) expect(got.get(k), k).toBe(v);
  await expect(page.getByRole("combobox", { name: "x axis" })).toHaveValue(want.get("x")!);
  await expect(page.getByRole("combobox", { name: "y axis" })).toHaveValue(want.get("y")!);
}

for (const [name, viewport] of [["desktop", { width: 1920, height: 1080 }], ["phone", { width: 375, height: 812 }]] as const) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport, ...(name === "phone" ? { isMobile: true, hasTouch: true } : {}) });

    test("draws the seven systems, each linked to its explorer; one followed opens there", async ({ page }) => {
      const ids = await systems(page);
      const asked: string[] = [];
      page.on("request", (r) => {
        const m = /\/api\/models\/([^/]+)\/atlas$/.exec(r.url());
        if (m && r.method() === "POST") asked.push(m[1]);
      });
      await page.goto("/atlas");
      const curves = page.getByTestId("atlas-curve");
      await expect(curves).toHaveCount(7);
      expect(ids.length).toBe(7);
      // a first visit's curves come from the server: nobody waits for the runtime to start
      expect([...asked].sort()).toEqual([...ids].sort());
      const hrefs: Record<string, string> = {};
      for (const c of await curves.all()) {
        const system = (await c.getAttribute("data-system"))!;
        hrefs[system] = (await c.getAttribute("href"))!;
        expect(hrefs[system]).toMatch(new RegExp(`^/explore/${system}\\?`));
        await expect(c.locator("path.atlas-curve")).toHaveAttribute("d", /^M/);
      }
      expect(Object.keys(hrefs).sort()).toEqual([...ids].sort());
      // each system's capacity beside it, with its unit
      await expect(page.getByTestId("atlas-capacity")).toHaveCount(7);
      for (const cap of await page.getByTestId("atlas-capacity").allTextContents()) expect(cap).toMatch(/\d[^a-z]* ?[A-Za-z%]/);

      if (name === "desktop") {
        // from the chart's reader, Tab reaches every curve's link in turn; Enter follows FFS's
        await page.getByTestId("curve-reader").focus();
        const reached: string[] = [];
        for (let i = 0; i < 7; i++) {
          await page.keyboard.press("Tab");
          reached.push(await page.evaluate(() => document.activeElement?.getAttribute("data-system") ?? ""));
        }
        expect([...reached].sort()).toEqual([...ids].sort());
        await page.locator("[data-testid=atlas-curve][data-system=ffs]").focus();
        await page.keyboard.press("Enter");
        await opensAt(page, hrefs.ffs, "ffs");
      } else {
        // a finger follows a system's name in the table (the same link as its curve)
        const link = page.locator("[data-testid=atlas-system][data-system=afs] [data-testid=atlas-link]");
        expect(await link.getAttribute("href")).toBe(hrefs.afs);
        await link.tap();
        await opensAt(page, hrefs.afs, "afs");
      }
    });

    test("described and tabled, with no axe violation and nothing past the screen's edge", async ({ page }) => {
      await page.goto("/atlas");
      await expect(page.getByTestId("atlas-curve")).toHaveCount(7);
      const names = ["DECnet", "OFN", "RSX swap", "RSX QIO", "FFS", "LAVC", "AFS"];
      const said = await page.getByTestId("chart-description").textContent();
      for (const n of names) expect(said).toContain(`${n} (`);
      expect(said).toContain("y = x");
      await page.getByText("Table of the plotted values").click();
      const heads = await page.getByTestId("chart-table").locator("thead th").allTextContents();
      expect(heads).toEqual(["Load over its knee", "Textbook bound, min(x, 1)", ...names]);
      expect(await axeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual({ scroll: 0, wide: [] });
    });
  });
}

test("the site's navigation leads to the atlas", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Atlas" }).click();
  await expect(page).toHaveURL(/\/atlas$/);
  await expect(page.getByRole("link", { name: "Atlas" })).toHaveAttribute("aria-current", "page");
});
