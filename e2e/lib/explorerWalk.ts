// The walk every explorer gets (chart.spec.ts runs it on each system's page): every knob moved by
// keyboard or choice, the axes changed, a baseline pinned, the CSV exported and the page reloaded
// to the same view.
import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { ExplorerPage } from "../pages/ExplorerPage";

export interface WalkedSpec {
  id: string;
  knobs: { name: string; label: string; choices?: string[] }[];
  metrics: { name: string }[];
  x_default: string;
}

export async function knobsAxesCsvAndReload(page: Page, s: WalkedSpec) {
  const ex = new ExplorerPage(page);
  for (const k of s.knobs) {
    const before = ex.params().get(k.name);
    // A knob that cannot matter under the settings reached so far is disabled and says why.
    const box = page.locator(`[data-knob="${k.name}"]`);
    if (await box.evaluate((el) => el.classList.contains("inactive"))) {
      await expect(box.getByTestId("inactive-reason")).toContainText("No effect here");
      continue;
    }
    if (k.choices) {
      const next = k.choices.find((c) => c !== before)!;
      await ex.select(k.label).selectOption(next);
      await expect.poll(() => ex.params().get(k.name), `${s.id}.${k.name}`).toBe(next);
    } else {
      const slider = ex.slider(k.label);
      await slider.focus();
      const atMax = Number(await slider.inputValue()) >= Number(await slider.getAttribute("max"));
      await page.keyboard.press(atMax ? "ArrowLeft" : "ArrowRight");
      await expect.poll(() => ex.params().get(k.name), `${s.id}.${k.name}`).not.toBe(before);
    }
    await expect(ex.curve).toHaveAttribute("d", /^M/);
  }
  const numeric = s.knobs.filter((k) => !k.choices).map((k) => k.name);
  const x = numeric.find((n) => n !== s.x_default) ?? s.x_default;
  const y = s.metrics[s.metrics.length - 1].name;
  await page.getByRole("combobox", { name: "x axis" }).selectOption(x);
  await page.getByRole("combobox", { name: "y axis" }).selectOption(y);
  await expect.poll(() => [ex.params().get("x"), ex.params().get("y")]).toEqual([x, y]);
  await expect(ex.curve).toHaveAttribute("d", /^M/);
  await page.getByRole("button", { name: "Pin as baseline" }).click();
  await expect(page.getByTestId("baseline-curve")).toHaveAttribute("d", /^M/);
  await expect.poll(() => ex.params().get("baseline")).toBeTruthy();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${s.id}-${y}-vs-${x}-[0-9a-f]{8}\\.csv$`));
  const csv = readFileSync((await download.path())!, "utf8").trim().split("\n");
  const header = csv.findIndex((l) => !l.startsWith("#"));
  expect(csv[header].split(",")[0]).toBe("series");
  expect(csv.filter((l) => /^"?model\b/.test(l)).length).toBeGreaterThan(1);
  expect(csv.filter((l) => l.startsWith("baseline,")).length).toBeGreaterThan(1);
  const url = page.url();
  await page.reload();
  await expect(ex.curve).toHaveAttribute("d", /^M/);
  expect(page.url()).toBe(url);
  await expect(page.getByTestId("baseline-curve")).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("path-view")).toBeVisible();
}
