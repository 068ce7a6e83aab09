// A lesson step of every kind walked by keyboard alone (issue 51, item 3): Tab from the top of the
// page reaches the question, the prediction is made with keys, and the next Tab lands on the
// step's own button (Reveal, or Commit for a pick), whose Enter reveals the step. The order
// follows the task: the prediction, then Reveal; never Reveal before the prediction. Once revealed,
// the focus is on the answer (the button that had it is gone) and the answer is announced.
import { expect, type Locator, type Page, test } from "@playwright/test";

/** Tab from where focus is until `target` (or something in it) has the focus. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const steps: [string, string, (page: Page) => Promise<void>][] = [
  ["a point", "/learn/decnet-link-quota/2", async (page) => {
    await tabTo(page, page.getByTestId("typed-prediction"));
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
    await expect(page.getByTestId("prediction-handle")).not.toHaveAttribute("data-y", "");
  }],
  ["a choice", "/learn/ffs-block-size/4", async (page) => {
    await tabTo(page, page.getByTestId("question").getByRole("radio").first());
    await page.keyboard.press("ArrowDown"); // (arrows pick within the group)
    await expect(page.getByTestId("question").getByRole("radio").nth(1)).toBeChecked();
  }],
  ["a knob", "/learn/ffs-block-size/3", async (page) => {
    await tabTo(page, page.getByTestId("question").getByRole("radio").first());
    await page.keyboard.press("Space");
    await expect(page.getByTestId("question").getByRole("radio").first()).toBeChecked();
  }],
  ["a sketched curve", "/learn/lavc-capacity/7", async (page) => {
    await tabTo(page, page.getByTestId("sketch-by-keyboard"));
    await page.keyboard.press("Enter"); // the sliders, folded away until asked
    const sliders = page.getByTestId("sketch-slider");
    for (let i = 0; i < (await sliders.count()); i++) {
      await page.keyboard.press("Tab");
      await expect(sliders.nth(i)).toBeFocused();
      for (let k = 0; k <= i; k++) await page.keyboard.press("ArrowRight");
    }
  }],
];

for (const [kind, path, predict] of steps) {
  test(`${kind} step by keyboard alone: the prediction, then Tab to its button, then Enter reveals, the focus on the answer`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId("question")).toBeVisible();
    await page.locator("body").focus();
    await predict(page);
    await page.keyboard.press("Tab");
    const button = page.getByTestId("question").getByRole("button", { name: /^(Reveal|Commit my answer)$/ });
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("reveal")).toBeVisible();
    // the button is gone with the question: the focus goes to what it revealed, never to <body>,
    // and the reveal is said
    await expect(page.getByRole("region", { name: "The answer" })).toBeFocused();
    await expect(page.getByTestId("announcements")).toContainText("The answer is out.");
    if (kind === "a point") await page.screenshot({ path: test.info().outputPath("keyboard-point.png") });
  });
}
