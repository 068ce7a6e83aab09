// What matters most here: the panel on every system, its bars in order of effect, and a bar
// that puts its knob on the x axis.
import { expect, test } from "./lib/sharedTab";
import { ExplorerPage } from "./pages/ExplorerPage";

test("every system shows what matters most at its setting, largest effect first, and a bar sets the x axis", async ({ page }) => {
  test.setTimeout(120_000);
  const systems = (await (await page.request.get("/api/models")).json()) as { id: string; x_default: string }[];
  const ex = new ExplorerPage(page);
  for (const s of systems) {
    await ex.open(s.id);
    const panel = page.getByTestId("sensitivity");
    await expect(panel.getByTestId("sensitivity-bar").first()).toBeVisible();
    // the order is the span's: each bar's width never grows down the list
    const widths = await panel.locator(".tornado-bar").evaluateAll((bars) => bars.map((b) => (b as HTMLElement).getBoundingClientRect().width));
    for (let i = 1; i < widths.length; i++) expect(widths[i], s.id).toBeLessThanOrEqual(widths[i - 1] + 1);
    // a numeric knob other than the one on x: choose it
    const other = panel.locator(`button[data-testid=sensitivity-bar]:not([data-sensitivity-knob="${s.x_default}"])`).first();
    if (await other.count()) {
      const knob = (await other.getAttribute("data-sensitivity-knob"))!;
      await other.click();
      await expect.poll(() => ex.params().get("x")).toBe(knob);
      await expect(page.getByRole("combobox", { name: "x axis" })).toHaveValue(knob);
      await expect(panel.locator(`[data-sensitivity-knob="${knob}"]`)).toHaveAttribute("aria-pressed", "true");
    }
  }
});

test("the knob behind the bottleneck is marked, and says which bottleneck", async ({ page }) => {
  const ex = new ExplorerPage(page);
  // below its knee DECnet is limited by its window: the quota itself
  await ex.open("decnet");
  const cause = page.getByTestId("sensitivity").getByTestId("bottleneck-cause");
  await expect(cause).toHaveCount(1);
  await expect(page.locator("[data-testid=sensitivity] li.cause [data-testid=sensitivity-bar]")).toHaveAttribute("data-sensitivity-knob", "link_quota");
  await expect(cause).toHaveText("the limit here");
  // a cluster past saturation: the boot CPU, and the knob that loads it most
  await ex.open("lavc", "users=200&y=boot_cpu_percent");
  await expect(page.locator("[data-testid=sensitivity] li.cause [data-testid=sensitivity-bar]")).toHaveAttribute("data-sensitivity-knob", "ios_per_user_s");
  await expect(cause).toHaveText("behind the boot CPU, the limit here");
  // below saturation nothing limits: nothing is marked
  await ex.open("lavc", "users=40&y=boot_cpu_percent");
  await expect(page.getByTestId("sensitivity").getByTestId("sensitivity-bar").first()).toBeVisible();
  await expect(cause).toHaveCount(0);
});

test("the knob behind the bottleneck and the knob that moves the metric most are each named for what they are, and each figure in honest units", async ({ page }) => {
  test.setTimeout(120_000);
  const ex = new ExplorerPage(page);
  for (const system of ["rsx-swap", "rsx-qio", "ffs", "decnet", "afs"]) {
    await ex.open(system);
    const panel = page.getByTestId("sensitivity");
    await expect(panel.getByTestId("sensitivity-bar").first()).toBeVisible();
    const claim = panel.getByTestId("sensitivity-claim");
    const metric = await page.getByRole("combobox", { name: "y axis" }).inputValue();
    const r = await (await page.request.post(`/api/models/${system}/sensitivity`, { data: { knobs: {}, metric } })).json();
    const label = (name: string) => r.knobs.find((k: { name: string }) => k.name === name).label as string;
    // the first bar is the largest effect, and the claim names that knob as the one that moves it most
    await expect(panel.getByTestId("sensitivity-bar").first()).toHaveAttribute("data-sensitivity-knob", r.largest);
    if (r.cause === r.largest) await expect(claim).toContainText("it is also the knob that moves the");
    else await expect(claim).toContainText(`${label(r.largest)} moves the`);
    if (r.cause && r.cause !== r.largest) {
      await expect(claim).not.toContainText(`is ${label(r.cause)}, the one that moves what the ${r.bottleneck} allows most; it is also`);
      await expect(claim).not.toContainText("also the knob that moves");
    }
    // no figure per 1 % taken across one of the model's steps or of a logarithm
    await expect(panel).not.toContainText(/[\d.]+ % per 1 % here/);
  }
  await ex.open("afs");
  await expect(page.locator("[data-sensitivity-knob=chunksize] .tornado-text")).toContainText(/% per doubling \(8K bytes to 16K bytes\)/);
  await ex.open("rsx-swap");
  await expect(page.locator("[data-sensitivity-knob=swap_interval_s] .tornado-text")).toContainText(/−[\d.]+ points at the next step \(to 0\.45 s\)/);
});

test("while a knob moves, the panel says its bars are the last setting's, and once it rests they are this one's", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("lavc");
  // once the browser's runtime answers: a panel whose answerer changes is drawn afresh, and
  // that change coming during the presses below could hide their busy mark
  await ex.waitForRuntime();
  const panel = page.getByTestId("sensitivity");
  await expect(panel.getByTestId("sensitivity-bar").first()).toBeVisible();
  await expect(panel).not.toHaveAttribute("aria-busy", "true");
  const before = await panel.locator("p.muted").first().textContent();
  await ex.slider("Users").focus();
  for (let i = 0; i < 12; i++) await page.keyboard.press("PageUp");
  // (the bars wait for the knobs to rest: until their answer comes they are marked as behind)
  await expect(panel).toHaveAttribute("aria-busy", "true");
  await expect(panel).not.toHaveAttribute("aria-busy", "true");
  await expect(panel.locator("p.muted").first()).not.toHaveText(before ?? "");
});
