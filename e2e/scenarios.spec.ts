// Saved scenarios: save, open the link in a fresh browser, see the same view; hostile titles stay
// text; delete with the token and the link reports it gone.
import { expect, test } from "./lib/sharedTab";
import LZString from "lz-string";
import { ExplorerPage } from "./pages/ExplorerPage";

const PAYLOAD = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>"'&`;

test("save and share a scenario, reopen it elsewhere, then delete it", async ({ page, browser }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", "circuit=NI&link_quota=32&buffer_size=1467&test=DTS%2FDTR&x=buffer_size&y=cpu_percent");
  await page.getByRole("button", { name: "Save & share" }).click();
  await page.getByLabel("Title").fill(PAYLOAD);
  await page.getByLabel("Notes").fill(`${PAYLOAD}\nsecond line`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const link = await page.getByTestId("scenario-link").inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{16,}$/);
  await expect(page.getByTestId("delete-token")).toHaveText(/.{32,}/);
  const curve = await ex.curve.getAttribute("d");

  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(link);
  await expect(fresh).toHaveURL(/\/explore\/decnet\?.*scenario=/);
  const ex2 = new ExplorerPage(fresh);
  await expect(ex2.curve).toHaveAttribute("d", curve!);
  await expect(ex2.select("Circuit")).toHaveValue("NI");
  await expect(ex2.slider("Link quota")).toHaveValue("32");
  await expect(fresh.getByRole("combobox", { name: "y axis" })).toHaveValue("cpu_percent");
  const banner = fresh.getByTestId("scenario-banner");
  await expect(banner.getByRole("heading")).toHaveText(PAYLOAD);
  await expect(banner).toContainText("second line");
  expect(await fresh.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(banner.locator("img, script")).toHaveCount(0);

  await page.goto("/my");
  await page.getByRole("button", { name: /^Delete / }).first().click();
  await expect(page.getByRole("status").first()).toContainText("Deleted");
  await fresh.goto(link);
  await expect(fresh.getByRole("alert")).toContainText("This scenario is not here");
  await other.close();
});

test("a saved scenario keeps every field the URL holds: reopened, its URL says the same (a fit's band, the bounds hidden)", async ({ page, browser }) => {
  const table = "block_size (KB),Throughput (KB/s)\n4,380\n8,520\n16,610\n";
  const view = "y=cpu_percent&per=operation&baseline=bus%3AUNIBUS&fit=cpu_block_ms&bounds=off";
  await page.goto(`/explore/ffs?bus=MASSBUS&${view}&fitted=cpu_block_ms%3A5.3%3A4.9%3A5.8&data=${LZString.compressToEncodedURIComponent(table)}`);
  await expect(page.getByTestId("fitted-curve").first()).toHaveAttribute("d", /^M/);
  const before = new URL(page.url()).searchParams;
  // every part of the view is off its default here (the knobs are always in the link)
  for (const key of ["x", "y", "per", "baseline", "data", "fitted", "fit", "bounds"]) expect(before.has(key), key).toBe(true);
  await page.getByRole("button", { name: "Save & share" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const link = await page.getByTestId("scenario-link").inputValue();
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(link);
  await expect(fresh).toHaveURL(/\/explore\/ffs\?.*scenario=/);
  await expect(fresh.getByTestId("fitted-curve").first()).toHaveAttribute("d", /^M/);
  const after = new URL(fresh.url()).searchParams;
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (key === "scenario") continue;
    expect(after.get(key), key).toBe(before.get(key));
  }
  expect(after.get("bounds")).toBe("off");
  expect(after.get("fitted")).toBe("cpu_block_ms:5.3:4.9:5.8");
});
