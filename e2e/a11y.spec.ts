// Accessibility: axe-core on every page, the layout from a phone to a projector, and the chart
// read without sight (its description, table, reader and sound). The live class and the lesson
// by keyboard and screen reader: a11y-class.spec.ts.
import type { Page } from "@playwright/test";
import { expect, test } from "./lib/sharedTab";
import LZString from "lz-string";

const { compressToEncodedURIComponent } = LZString;
import { axeViolations, sidewaysOverflow } from "./lib/axe";
import { resized } from "./lib/resize";

// axe is injected as a script, which the app's Content-Security-Policy rightly refuses.
test.use({ bypassCSP: true });

async function pages(page: Page): Promise<string[]> {
  const systems = (await (await page.request.get("/api/models")).json()) as { id: string }[];
  const sources = (await (await page.request.get("/api/sources")).json()) as { id: string }[];
  return ["/", "/models", "/data", "/my", "/learn", ...systems.flatMap((s) => [`/explore/${s.id}`, `/models/${s.id}`]),
    ...sources.map((s) => `/data/${s.id}`),
    // one curve per circuit, and a pinned baseline
    "/explore/decnet?per=circuit", "/explore/decnet?link_quota=32&baseline=link_quota:8",
    // the user's own measurements, fitted (the panel, its table, the squares and both curves)
    `/explore/ffs?bus=MASSBUS&fitted=cpu_block_ms%3A5.3&data=${compressToEncodedURIComponent("block_size (KB),Throughput (KB/s)\n4,380\n8,520\n16,610\n")}`,
    // the bounds and the knee on a closed network
    "/explore/lavc?y=boot_cpu_percent",
    // a step with a point question, a choice question, a knob question, the bounds, and the presenter view
    "/learn/decnet-link-quota/2", "/learn/decnet-link-quota/4", "/learn/lavc-capacity/4", "/learn/lavc-capacity/3", "/learn/afs-chunksize/3?present=1"];
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  if (path.startsWith("/explore/")) await expect(page.locator("[data-testid=model-curve], [data-testid=fitted-curve]")).toHaveAttribute("d", /^M/);
  else if (path.startsWith("/models/")) await expect(page.getByTestId("fit-summary")).toBeVisible();
  else if (path.startsWith("/data/")) await expect(page.locator("table").first()).toBeVisible();
  // a step shows its chart, or (a choice, before its answer) its question alone
  else if (/^\/learn\/.+\/\d/.test(path)) await expect(page.getByTestId("chart").or(page.getByTestId("question")).first()).toBeVisible();
  else await expect(page.locator("main")).toBeVisible();
}

// Each page is opened once and looked at from a phone to a projector: axe at 1280 px, then the
// layout at each width (a resize, as a phone turned or a window dragged); opening every page at
// every width cost the suite a minute and a half of page loads. Three tests, a third each, so the
// two workers share them.
const WIDTHS = [["narrow phone", 320, 640], ["phone", 375, 812], ["projector", 1920, 1080]] as const;
const PARTS = 3;


for (let part = 0; part < PARTS; part++) {
  test(`no axe violation of any WCAG 2.0-2.2 A or AA rule, and the layout fits 320, 375 and 1920 px: pages, part ${part + 1} of ${PARTS}`, async ({ page }) => {
    test.setTimeout(180_000);
    const all = await pages(page);
    for (const path of all.filter((_, i) => i % PARTS === part)) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await settle(page, path);
      expect(await axeViolations(page), path).toEqual([]);
      for (const [, width, height] of WIDTHS) {
        await resized(page, width, height);
        expect(await sidewaysOverflow(page), `${path} at ${width}px`).toEqual({ scroll: 0, wide: [] });
      }
    }
  });
}

test("a lesson step's chart is described and tabled only once the answer is out; no axe violation after the reveal", async ({ page }) => {
  await page.goto("/learn/decnet-link-quota/3");
  const chart = page.getByTestId("chart");
  await expect(chart).toHaveAccessibleDescription(/^Throughput against Link quota\. The model's curve, and the memo's measurements, are described here once the answer is out\.$/);
  await expect(page.getByText("Table of the plotted values")).toHaveCount(0); // nothing to give the answer away
  await page.getByTestId("typed-prediction").fill("400000");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("reveal-memo")).toContainText("The memo measured");
  await expect(chart).toHaveAccessibleDescription(/It rises from .* The memo gives/);
  await page.getByRole("slider", { name: "Read values along the curve" }).focus();
  await page.keyboard.press("t");
  await expect(page.getByTestId("chart-table").locator("tbody tr").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

// 320 CSS px: the reflow WCAG 1.4.10 asks for (a 1280 px screen at 400 % zoom); each width's page
// opened at that width, not resized to it, and kept as a screenshot
for (const [name, width, height] of WIDTHS) {
  test(`layout fits a ${width} px ${name}: the explorer opened at that width`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/explore/decnet");
    await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
    expect(await sidewaysOverflow(page)).toEqual({ scroll: 0, wide: [] });
    await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  });
}

// WCAG contrast ratio of two computed CSS colours (rgb or rgba, opaque).
const CONTRAST = `(a, b) => {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\\d.]+/g).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}`;

/** The focused element's ring colour (outline, or stroke for a chart part) and the colour it
 * sits on (the nearest ancestor's opaque background), with their contrast ratio. */
async function focusRing(page: Page) {
  return page.evaluate((contrast) => {
    const ratio = new Function(`return ${contrast}`)() as (a: string, b: string) => number;
    const el = document.activeElement as Element;
    const css = getComputedStyle(el);
    const ring = el instanceof SVGElement ? css.stroke : css.outlineColor;
    let bg = "rgb(255, 255, 255)";
    for (let p: Element | null = el.parentElement; p; p = p.parentElement) {
      const c = getComputedStyle(p).backgroundColor;
      if (c && c !== "transparent" && !/rgba\(.*, 0\)$/.test(c)) {
        bg = c;
        break;
      }
    }
    return { ring, bg, ratio: ratio(ring, bg), width: el instanceof SVGElement ? Number.parseFloat(css.strokeWidth) : Number.parseFloat(css.outlineWidth) };
  }, CONTRAST);
}

test("skip links lead to the knobs and to the chart, and every focus ring contrasts 3:1 with what it sits on", async ({ page }) => {
  await page.goto("/explore/decnet");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("skip-knobs")).toBeFocused();
  await expect(page.getByTestId("skip-knobs")).toBeInViewport();
  expect((await focusRing(page)).ratio).toBeGreaterThanOrEqual(3); // on the dark header
  await page.keyboard.press("Enter");
  await expect(page.locator("#knobs")).toBeFocused();
  await page.keyboard.press("Tab"); // on from there: the first knob
  await expect(page.locator(".knob-panel").locator("input, select").first()).toBeFocused();
  const knob = await focusRing(page);
  expect(knob.ratio, `${knob.ring} on ${knob.bg}`).toBeGreaterThanOrEqual(3);
  expect(knob.width).toBeGreaterThanOrEqual(2);

  await page.keyboard.press("Shift+Tab"); // back up: the header's links come before the knobs
  await page.goto("/explore/decnet");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("skip-chart")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#chart")).toBeFocused();
  await page.keyboard.press("Tab"); // on from there: reading the curve
  await expect(page.getByRole("slider", { name: "Read values along the curve" })).toBeFocused();
  const chart = await focusRing(page);
  expect(chart.ratio, `${chart.ring} on ${chart.bg}`).toBeGreaterThanOrEqual(3);

  // a header link's ring, on the dark header
  await page.getByRole("link", { name: "Learn" }).focus();
  const nav = await focusRing(page);
  expect(nav.ratio, `${nav.ring} on ${nav.bg}`).toBeGreaterThanOrEqual(3);

  // elsewhere, one skip link, to the page's content
  await page.goto("/learn");
  await expect(page.locator("main")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("skip-content")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#content")).toBeFocused();
  await page.keyboard.press("Tab"); // on from there: the page's first control, past the header
  expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
});

test("the chart is described in words from the model's answer, and a knob move is announced once it rests", async ({ page }) => {
  await page.goto("/explore/decnet");
  const chart = page.getByTestId("chart");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  // the description is the chart's own (what a screen reader reads with it) ...
  await expect(chart).toHaveAccessibleDescription(/^Throughput against Link quota, from 2 buffers to 64 buffers\. It rises from/);
  await expect(chart).toHaveAccessibleDescription(/The memo gives (one measurement|\d+ measurements): at \d+ buffers, [\d.]+K? ?bit\/s \(printed [^;]+; the model [\d.]+K? ?bit\/s, \d+ % (above|below)\)/);
  // ... and anyone can open it
  await page.getByText("Describe the chart").click();
  await expect(page.getByTestId("chart-description")).toBeVisible();
  const before = await page.getByTestId("chart-description").textContent();

  await page.getByRole("slider", { name: "Buffer size", exact: true }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
  await expect.poll(() => page.getByTestId("chart-description").textContent()).not.toBe(before);
  await expect(page.getByTestId("chart-change")).toHaveText(/^Throughput at link quota \d+ buffers (fell|rose) from .+ to .+\.$/, { timeout: 5000 });

  await page.goto("/explore/lavc");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("chart")).toHaveAccessibleDescription(/The knee N\* is at [\d.]+ users \([\d.]+%\), where the textbook's two asymptotes meet: beyond it the boot CPU sets the pace, though it is not yet saturated there/);
  await expect(page.getByTestId("chart")).toHaveAccessibleDescription(/The boot CPU saturates at [\d.]+ users \([\d.]+%\): the model has it (9[5-9]|100)(\.\d)? % busy there\./);
});

test("the chart's reader steps to the memo's measurements with M and says what limits the curve there", async ({ page }) => {
  await page.goto("/explore/decnet");
  await expect(page.getByTestId("memo-point").first()).toBeAttached();
  const reader = page.getByRole("slider", { name: "Read values along the curve" });
  await reader.focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("m");
  await expect(reader).toHaveAttribute("aria-valuetext", /^Link quota 16 buffers: Throughput [\d.]+K bit\/s; limited by the link quota; the memo measured [\d.]+K bit\/s; the memo measured [\d.]+K bit\/s; asymptotic bounds [\d.]+K bit\/s to [\d.]+K bit\/s; balanced job bounds [\d.]+K bit\/s to [\d.]+K bit\/s\.$/);
  await page.keyboard.press("End");
  await expect(reader).toHaveAttribute("aria-valuetext", /limited by the sending CPU; asymptotic bounds/);
  await page.keyboard.press("Shift+M");
  await expect(reader).toHaveAttribute("aria-valuetext", /^Link quota 16 buffers:/);
});

test("T on the chart's reader opens the table of its values: units in the headers, about twenty rows, the memo's measurements with their source", async ({ page }) => {
  await page.goto("/explore/decnet");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await page.getByRole("slider", { name: "Read values along the curve" }).focus();
  await page.keyboard.press("t");
  await expect(page.getByText("Table of the plotted values")).toBeFocused();
  const table = page.getByTestId("chart-table").getByRole("table").first();
  await expect(table.getByRole("columnheader", { name: "Link quota (buffers)" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Throughput (bit/s)" })).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(20); // 32 points, thinned
  await expect(table.locator("tbody tr").first().getByRole("rowheader")).toHaveText("2 buffers");
  const memo = page.getByTestId("chart-table-memo");
  await expect(memo.locator("tbody tr")).toHaveCount(2);
  await expect(memo.locator("tbody tr").first()).toContainText("434726");
  await expect(memo.locator("tbody tr").first()).toContainText("DECNET-IO-PERFORMANCE");
});

for (const [name, width, height] of [["phone", 375, 812], ["desktop", 1280, 800]] as const) {
  test(`on a ${name}, nothing that takes focus by Tab hides under the sticky chart`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height });
    await page.goto("/explore/decnet");
    await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
    await page.getByText("Describe the chart").click(); // more to tab through below the chart
    const hidden: string[] = [];
    // down the page, then back up it (where the chart sits above what comes into view)
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press(i < 40 ? "Tab" : "Shift+Tab");
      const where = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const sticky = document.querySelector(".chart-sticky");
        if (!el || !sticky || sticky.contains(el) || el === document.body) return null;
        const r = el.getBoundingClientRect();
        const s = sticky.getBoundingClientRect();
        const under = r.bottom <= s.bottom && r.top >= s.top && r.left < s.right && r.right > s.left;
        return under ? `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute("aria-label") ?? "").slice(0, 30)}"` : null;
      });
      if (where) hidden.push(where);
    }
    expect(hidden).toEqual([]);
  });
}

test("the curve plays as sound in the browser, and Escape stops it", async ({ page }) => {
  await page.goto("/explore/lavc");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await page.getByTestId("sonify").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("sonify")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(/^Playing \d+ tones, left to right: the lowest pitch is .+; a click at each memo measurement; a chime where the curve reaches its capacity\. Escape stops\.$/)).toBeAttached();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("sonify")).toHaveAttribute("aria-pressed", "false");
});

test("in forced colours (Windows high contrast) the curve, the memo's points and the axis titles are drawn in the system's colours", async ({ page }) => {
  await page.emulateMedia({ forcedColors: "active", colorScheme: "dark" });
  await page.goto("/explore/decnet");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("memo-point").first()).toBeAttached();
  const seen = await page.evaluate(() => {
    const css = (s: string) => getComputedStyle(document.querySelector(s)!);
    return {
      text: getComputedStyle(document.body).color, // CanvasText
      page: getComputedStyle(document.documentElement).backgroundColor, // Canvas
      curve: css("[data-testid=model-curve]").stroke,
      memo: css("[data-testid=memo-point]").fill,
      title: css(".axis .axis-label").fill,
    };
  });
  expect(seen.curve).toBe(seen.text);
  expect(seen.title).toBe(seen.text);
  expect(seen.memo).not.toBe(seen.page);
  expect(seen.curve).not.toBe(seen.page);
});

test("read through the accessibility tree: the description names the metric, the range, LAVC's knee and saturation and DECnet's measurement, and follows a knob; the table has the curve's rows", async ({ page }) => {
  await page.goto("/explore/lavc");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await page.getByText("Describe the chart").click();
  const lavc = await page.getByTestId("chart-description").ariaSnapshot();
  expect(lavc).toMatch(/- paragraph: Boot member CPU demand \(offered\) against Users, from 1 users? to 400 users\./);
  // the knee N* (the boot CPU sets the pace from there) and, later, its saturation
  expect(lavc).toMatch(/The knee N\* is at [\d.]+ users \([\d.]+%\), where the textbook's two asymptotes meet: beyond it the boot CPU sets the pace, though it is not yet saturated there/);
  expect(lavc).toMatch(/The boot CPU saturates at [\d.]+ users \([\d.]+%\): the model has it (9[5-9]|100)(\.\d)? % busy there\./);

  await page.goto("/explore/decnet");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await page.getByText("Describe the chart").click();
  const description = page.getByTestId("chart-description");
  const before = await description.ariaSnapshot();
  expect(before).toMatch(/- paragraph: Throughput against Link quota, from 2 buffers to 64 buffers\./);
  expect(before).toMatch(/The memo gives (one measurement|\d+ measurements): at 16 buffers, [\d.]+K bit\/s \(printed 434726 Bps[^)]*; the model [\d.]+K bit\/s, \d+ % (above|below)\)/);
  await page.getByRole("slider", { name: "Buffer size", exact: true }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => description.ariaSnapshot()).not.toBe(before);

  await page.getByRole("slider", { name: "Read values along the curve" }).focus();
  await page.keyboard.press("t");
  const table = await page.getByTestId("chart-table").getByRole("table").first().ariaSnapshot();
  expect(table).toContain('- columnheader "Link quota (buffers)"');
  expect(table).toContain('- columnheader "Throughput (bit/s)"');
  expect(table.match(/- row "\d+ buffers [^"]*"/g) ?? []).toHaveLength(20);
  expect(table).toMatch(/- rowheader "2 buffers"/);
});

test("the chart's reader steps between the drawn curves with S, each read with its name and values", async ({ page }) => {
  await page.goto("/explore/decnet?per=circuit");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  const reader = page.getByRole("slider", { name: "Read values along the curve" });
  await expect(reader).toHaveAttribute("aria-keyshortcuts", "M Shift+M S Shift+S T");
  await reader.focus();
  await page.keyboard.press("End");
  const first = (await reader.getAttribute("aria-valuetext"))!;
  const name = first.match(/^(\S+) curve\. Link quota 64 buffers: Throughput /)?.[1];
  expect(name, first).toBeTruthy();
  await page.keyboard.press("s");
  const next = (await reader.getAttribute("aria-valuetext"))!;
  const other = next.match(/^(\S+) curve\. Link quota 64 buffers: Throughput /)?.[1];
  expect(other, next).toBeTruthy();
  expect(other).not.toBe(name);
  expect(next).toContain(`; ${name} `); // the curve it left is read beside it
  await page.keyboard.press("ArrowLeft"); // and the arrows walk the new curve
  await expect(reader).toHaveAttribute("aria-valuetext", new RegExp(`^${other} curve\\. Link quota 62 buffers`));
  await page.keyboard.press("Shift+S");
  await expect(reader).toHaveAttribute("aria-valuetext", new RegExp(`^${name} curve\\. Link quota 62 buffers`));
});

test("with reduced motion asked for, nothing on the explorer or a lesson animates, a knob move and a reveal included", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const moving = () => page.evaluate(() => document.getAnimations().map((a) => (a as CSSAnimation).animationName ?? a.id ?? "animation"));
  await page.goto("/explore/decnet");
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
  await page.getByRole("slider", { name: "Buffer size", exact: true }).focus();
  await page.keyboard.press("ArrowLeft");
  expect(await moving()).toEqual([]);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
  await page.goto("/learn/decnet-link-quota/2");
  await page.getByTestId("typed-prediction").fill("50000");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("reveal-model")).toContainText("The model gives");
  expect(await moving()).toEqual([]);
});
