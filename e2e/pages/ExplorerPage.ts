// Page object for /explore/{system}: the controls and chart parts the tests touch.
import { expect, type Locator, type Page } from "@playwright/test";

export class ExplorerPage {
  readonly chart: Locator;
  readonly curve: Locator;
  readonly memoPoints: Locator;
  readonly current: Locator;
  readonly status: Locator;
  readonly notices: Locator;

  constructor(readonly page: Page) {
    this.chart = page.getByTestId("chart");
    this.curve = page.getByTestId("model-curve");
    this.memoPoints = page.getByTestId("memo-point");
    this.current = page.getByTestId("current-point");
    this.status = page.getByTestId("runtime-status");
    this.notices = page.getByTestId("notices");
  }

  /** Open the explorer, with every knob shown (the folded assumptions unfolded) unless `folded`. */
  async open(system: string, query = "", { folded = false } = {}) {
    await this.page.goto(`/explore/${system}${query ? `?${query}` : ""}`);
    await expect(this.curve).toHaveAttribute("d", /^M/);
    if (!folded) await this.unfold();
  }

  /** Unfold the knobs the memo does not give, if this system has any. */
  async unfold() {
    const closed = this.page.locator("[data-testid=more-knobs]:not([open]) > summary");
    if (await closed.count()) await closed.click();
  }

  slider(label: string): Locator {
    return this.page.getByRole("slider", { name: label, exact: true });
  }

  select(label: string): Locator {
    return this.page.getByRole("combobox", { name: label, exact: true });
  }

  readout(metric: string): Locator {
    return this.page.getByTestId(`readout-${metric}`).locator("dd");
  }

  async waitForRuntime(phase: "ready" | "failed" = "ready") {
    await expect(this.status).toHaveAttribute("data-phase", phase, { timeout: 45_000 });
  }

  params(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }
}
