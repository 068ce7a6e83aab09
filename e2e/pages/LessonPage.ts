// Page object for /learn/{lesson}/{step}: the step, its question, the reveal, the presenter's QR code.
import { expect, type Locator, type Page } from "@playwright/test";
import jsQR from "jsqr";

export class LessonPage {
  readonly lesson: Locator;
  readonly curve: Locator;
  readonly handle: Locator;
  readonly reveal: Locator;
  readonly qr: Locator;

  constructor(readonly page: Page) {
    this.lesson = page.getByTestId("lesson");
    this.curve = page.getByTestId("model-curve");
    this.handle = page.getByTestId("prediction-handle");
    this.reveal = page.getByTestId("reveal");
    this.qr = page.getByTestId("qr");
  }

  async open(path: string) {
    await this.page.goto(path);
    await expect(this.lesson).toBeVisible();
  }

  async atStep(n: number) {
    await expect(this.lesson).toHaveAttribute("data-step", String(n));
    await expect(this.page).toHaveURL(new RegExp(`/${n}(\\?|#|$)`));
  }

  /** The text the QR code on screen encodes, decoded from its rendered pixels. */
  async qrText(): Promise<string | null> {
    const png = (await this.qr.screenshot()).toString("base64");
    // Decode the PNG in a blank page of its own (no app CSP there), then read the code in Node.
    const blank = await this.page.context().newPage();
    try {
      const { w, h, px } = await blank.evaluate(async (b64) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement("canvas");
        c.width = img.width;
        c.height = img.height;
        const g = c.getContext("2d")!;
        g.drawImage(img, 0, 0);
        return { w: img.width, h: img.height, px: Array.from(g.getImageData(0, 0, img.width, img.height).data) };
      }, png);
      return jsQR(Uint8ClampedArray.from(px), w, h)?.data ?? null;
    } finally {
      await blank.close();
    }
  }
}
