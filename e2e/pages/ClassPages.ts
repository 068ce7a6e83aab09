// Page objects for a live class: the teacher's presenter view with its class panel, and a
// student's seat at /c/{code}.
import { type Browser, type BrowserContextOptions, expect, type Locator, type Page } from "@playwright/test";

export class TeacherView {
  readonly panel: Locator;
  readonly code: Locator;
  readonly answered: Locator;
  classCode = "";

  constructor(readonly page: Page) {
    this.panel = page.getByTestId("class-panel");
    this.code = page.getByTestId("class-code");
    this.answered = page.getByTestId("answered");
    page.on("dialog", (d) => d.accept()); // "End the class?" and the like
  }

  async startOn(lessonPath: string): Promise<string> {
    await this.page.goto(`${lessonPath}?present=1`);
    await this.page.getByTestId("start-class").click();
    await expect(this.panel).toBeVisible();
    this.classCode = (await this.code.textContent())!.trim();
    return this.classCode;
  }

  /** The class's record: the answers' CSV as the teacher downloads it, rows by column name. */
  async csv(): Promise<Record<string, string>[]> {
    const text = await this.page.evaluate(async (code) => {
      const held = JSON.parse(localStorage.getItem("memolab.classes.v1") ?? "{}");
      const r = await fetch(`/api/classes/${code}/answers.csv`, { headers: { "X-Teacher-Token": held[code]?.teacher ?? "" } });
      return r.text();
    }, this.classCode);
    const [head, ...rows] = text.trim().split(/\r?\n/).map(cells);
    return rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
  }

  /** The next step, once the server holds it: the page shows the step before its move is stored,
   * and an answer sent in between is refused as one to a step the class has not reached. */
  async next() {
    await this.page.locator("h1").click(); // focus away from any control: arrows move the class
    const moved = this.page.waitForResponse((r) => r.url().endsWith(`/api/classes/${this.classCode}/control`) && r.request().method() === "POST");
    await this.page.keyboard.press("ArrowRight");
    expect((await moved).ok()).toBe(true);
  }

  /** The class's answers on the projector as they come (off until the reveal unless asked). */
  async showAnswers() {
    const button = this.page.getByTestId("show-answers");
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  }
}

export class StudentSeat {
  constructor(readonly page: Page) {}

  /** Join by the link, or (`typed`) by typing the code on /learn as read off the projector. */
  /** `prepare`: done to the phone's page before it opens the class (a fake clock installed). */
  static async join(browser: Browser, code: string, name: string, typed = false, device: BrowserContextOptions = {}, prepare?: (page: Page) => Promise<void>): Promise<StudentSeat> {
    const page = await (await browser.newContext(device)).newPage();
    await prepare?.(page);
    if (typed) {
      await page.goto("/learn");
      await page.getByTestId("class-code-input").fill(code.toLowerCase());
      await page.getByRole("button", { name: "Join the class" }).click();
    } else {
      await page.goto(`/c/${code}`);
    }
    await page.getByTestId("student-name").fill(name);
    await page.getByTestId("join").click();
    await expect(page.getByTestId("seat")).toBeVisible();
    return new StudentSeat(page);
  }

  /** A phone: 375x812, touch, a mobile viewport. */
  static readonly phone: BrowserContextOptions = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

  async atStep(n: number) {
    await expect(this.page.getByTestId("seat")).toHaveAttribute("data-step", String(n));
  }

  /** What the page's announcements region has said, oldest first (what a screen reader read). */
  async said(): Promise<string[]> {
    return this.page.getByTestId("announcements").locator("p").allTextContents();
  }

  async predict(value: number) {
    await this.page.getByTestId("typed-prediction").fill(String(value));
    await this.page.getByRole("button", { name: /Send my (new )?answer/ }).click();
    await expect(this.page.getByTestId("sent-note")).toContainText("Sent.");
  }
}

/** One CSV line's cells (quoted cells may hold commas and doubled quotes). */
function cells(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]));
}
