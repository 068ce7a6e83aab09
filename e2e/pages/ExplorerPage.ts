// Page object for /explore/{system}: the controls and chart parts the tests touch.
import { expect, type Locator, type Page } from "@playwright/test";

export class ExplorerPage {
  constructor(readonly page: Page) {}

  // the parts the tests read, found by test id when asked (locators are lazy)
  get chart(): Locator {
    return this.page.getByTestId("chart");
  }
  get curve(): Locator {
    return this.page.getByTestId("model-curve");
  }
  get memoPoints(): Locator {
    return this.page.getByTestId("memo-point");
  }
  get current(): Locator {
    return this.page.getByTestId("current-point");
  }
  get status(): Locator {
    return this.page.getByTestId("runtime-status");
  }
  get notices(): Locator {
    return this.page.getByTestId("notices");
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

  // "Your measurements": its parts by test id
  readonly own = {
    input: () => this.page.getByTestId("own-data-input"),
    points: () => this.page.getByTestId("own-data-point"),
    problems: () => this.page.getByTestId("own-data-problem"),
    fittedCurve: () => this.page.getByTestId("fitted-curve"),
    params: () => this.page.getByTestId("fit-param"),
  };

  /** Paste a table, fit the model to it, and wait for the fit and its rows left out. */
  async fitTable(table: string) {
    await this.own.input().fill(table);
    await expect(this.page.getByTestId("own-data-summary")).toBeVisible();
    await this.page.getByTestId("own-data-fit").click();
    await expect(this.own.fittedCurve()).toHaveAttribute("d", /^M/);
    await expect(this.page.getByTestId("fit-table")).not.toContainText("…", { timeout: 30_000 });
  }

  // "Simulate": its parts by test id
  readonly sim = {
    service: () => this.page.getByTestId("simulate-service"),
    run: () => this.page.getByTestId("simulate"),
    stop: () => this.page.getByTestId("simulate-stop"),
    points: () => this.page.getByTestId("simulated-point"),
    sentence: () => this.page.getByTestId("simulate-sentence"),
    progress: () => this.page.getByTestId("simulate-progress"),
    message: () => this.page.getByTestId("simulate-message"),
  };
}
