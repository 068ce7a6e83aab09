// The DECnet slice end to end: URL -> chart and memo points -> keyboard -> URL -> reload.
import { expect, test } from "./lib/sharedTab";
import { ExplorerPage } from "./pages/ExplorerPage";

const CI_QUERY = "circuit=CI&link_quota=16&buffer_size=576&test=SENDER%2FSERVER";

test("opens from a URL with the curve, memo points and readouts", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", CI_QUERY);
  await expect(ex.curve).toHaveAttribute("data-points", "32");
  // The CI table's SENDER/SERVER row: Bps in Test 1 and Test 2.
  await expect(ex.memoPoints).toHaveCount(2);
  await expect(ex.memoPoints.first()).toHaveAttribute("aria-label", /CI table.*SENDER\/SERVER.*column Bps/);
  await expect(ex.readout("throughput_bps")).toHaveText(/bit\/s/);
  await expect(ex.readout("cpu_percent")).toHaveText(/%/);
  await expect(page.getByTestId("readout-bottleneck")).toContainText("link quota");
  await expect(ex.slider("Link quota")).toHaveValue("16");
  await expect(ex.select("Circuit")).toHaveValue("CI");
  await expect(ex.select("Test")).toHaveValue("SENDER/SERVER");
  await expect(ex.slider("Buffer size")).toHaveValue("576");
  // A memo point shows its citation on keyboard focus.
  await ex.memoPoints.first().focus();
  await expect(page.getByRole("tooltip")).toContainText("Test 1");
});

test("keyboard moves the link quota; the marker and URL follow; reload keeps it", async ({ page }) => {
  const ex = new ExplorerPage(page);
  const external: string[] = [];
  const seen: string[] = [];
  page.context().on("request", (r) => {
    const host = new URL(r.url()).hostname;
    seen.push(r.url());
    if (host !== "127.0.0.1") external.push(r.url());
  });
  await ex.open("decnet", CI_QUERY);
  await ex.waitForRuntime("ready");
  await expect(page.getByTestId("source")).toHaveText(/browser/);
  const before = await ex.current.getAttribute("cx");
  const throughputBefore = await ex.readout("throughput_bps").getAttribute("data-value");

  await ex.slider("Link quota").focus();
  await page.keyboard.press("ArrowRight");
  await expect(ex.current).toHaveAttribute("data-x", "18");
  await expect.poll(() => ex.params().get("link_quota")).toBe("18");
  expect(await ex.current.getAttribute("cx")).not.toBe(before);
  await expect(ex.readout("throughput_bps")).not.toHaveAttribute("data-value", throughputBefore!);

  await page.keyboard.press("ArrowRight");
  await expect.poll(() => ex.params().get("link_quota")).toBe("20");
  const url = page.url();
  await page.reload();
  await expect(ex.curve).toHaveAttribute("d", /^M/);
  expect(page.url()).toBe(url);
  await expect(ex.slider("Link quota")).toHaveValue("20");
  await expect(ex.current).toHaveAttribute("data-x", "20");

  // The worker's runtime came from the app itself, and nothing left loopback.
  expect(seen.some((u) => /\/pyodide\/[0-9a-f]{12}\/pyodide\.asm\.wasm$/.test(u))).toBe(true);
  expect(external).toEqual([]);
});

test("changing a choice redraws the curve and the memo points", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", CI_QUERY);
  const d = await ex.curve.getAttribute("d");
  await ex.select("Circuit").selectOption("DTE");
  await expect(ex.curve).not.toHaveAttribute("d", d!);
  await expect.poll(() => ex.params().get("circuit")).toBe("DTE");
  await expect(ex.memoPoints).toHaveCount(2);
  await expect(ex.memoPoints.first()).toHaveAttribute("aria-label", /DTE table/);
  await expect(page.getByTestId("readout-bottleneck")).toContainText("circuit");
});

test("bad URL parameters show a notice and fall back to defaults", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", "circuit=XYZ&link_quota=999&buffer_size=<script>&colour=red");
  await expect(ex.notices).toContainText("Circuit must be one of DTE, CI, NI");
  await expect(ex.notices).toContainText("Link quota must be an integer from 2 to 64");
  await expect(ex.notices).toContainText('Unknown parameter "colour"');
  await expect(ex.select("Circuit")).toHaveValue("CI");
  await expect(ex.slider("Link quota")).toHaveValue("16");
  await expect(ex.slider("Buffer size")).toHaveValue("576");
  expect(ex.params().get("link_quota")).toBe("16");
});

test("a typed value out of range is refused with a message", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", CI_QUERY);
  const field = page.getByRole("textbox", { name: "Buffer size value" });
  await field.fill("99999");
  await field.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Buffer size must be" })).toBeVisible();
  expect(ex.params().get("buffer_size")).toBe("576");
  await field.fill("1024");
  await field.press("Enter");
  await expect.poll(() => ex.params().get("buffer_size")).toBe("1024");
});

test("without the in-browser runtime the page keeps working through the API", async ({ page }) => {
  await page.route("**/pyodide/*/pyodide.mjs", (route) => route.fulfill({ status: 404, body: "gone" }));
  const ex = new ExplorerPage(page);
  await ex.open("decnet", CI_QUERY);
  await ex.waitForRuntime("failed");
  await expect(ex.status).toContainText("the server computes the curves");
  await ex.slider("Link quota").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(ex.current).toHaveAttribute("data-x", "14");
  await expect(page.getByTestId("source")).toHaveText(/server/);
});

test("an unknown system shows a clear page", async ({ page }) => {
  await page.goto("/explore/nope");
  await expect(page.getByRole("alert")).toContainText("unknown system");
});

test("the home page lists the DECnet explorer with its question", async ({ page }) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: /TOPS-20 DECnet link throughput/ });
  await expect(link).toContainText("How much does a bigger link quota or buffer buy on each circuit");
  await expect(page.getByTestId("thumb-decnet").locator("path")).toHaveAttribute("d", /^M/);
  // the thumbnail names its axes, and the page leads to the lessons and the data
  await expect(page.getByTestId("thumb-decnet").locator("text")).toHaveText(["Throughput", "Link quota →"]);
  await expect(page.getByRole("link", { name: "Lessons" }).first()).toHaveAttribute("href", "/learn");
  await expect(page.getByRole("link", { name: "The memos' data" })).toHaveAttribute("href", "/data");
  await link.click();
  await expect(page).toHaveURL(/\/explore\/decnet\?/);
  await expect(page.getByTestId("model-curve")).toHaveAttribute("d", /^M/);
});

test("back and forward move between meaningful changes, not every slider tick", async ({ page }) => {
  const ex = new ExplorerPage(page);
  await ex.open("decnet", CI_QUERY);
  await ex.select("Circuit").selectOption("NI");
  await expect.poll(() => ex.params().get("circuit")).toBe("NI");
  await page.waitForTimeout(1100);
  // A burst of slider steps is one history entry.
  await ex.slider("Link quota").focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  await expect.poll(() => ex.params().get("link_quota")).toBe("26");
  await page.goBack();
  await expect.poll(() => ex.params().get("link_quota")).toBe("16");
  await expect(ex.slider("Link quota")).toHaveValue("16");
  await expect(ex.select("Circuit")).toHaveValue("NI");
  await page.goBack();
  await expect(ex.select("Circuit")).toHaveValue("CI");
  await page.goForward();
  await expect(ex.select("Circuit")).toHaveValue("NI");
  await expect(ex.curve).toHaveAttribute("d", /^M/);
});

test("a memo point measured at another setting is said with that setting and the model there, never the curve's error", async ({ page }) => {
  // the NI runs used 1467-byte buffers; the chart holds 576 (issue 39: "the model 44 % below")
  const ex = new ExplorerPage(page);
  await ex.open("decnet", "circuit=NI&buffer_size=576");
  await expect(page.locator("[data-testid=memo-point].inexact").first()).toBeVisible();
  await page.getByText("Describe the chart").click();
  const said = page.locator(".chart-description");
  await expect(said).toContainText("measured at buffer size 1467 bytes");
  await expect(said).toContainText("the model at that setting");
  // biome-ignore lint/performance/useDomNodeTextContent: its sentences are read as they are laid out, a line each
  const words = (await said.innerText()).split("\n").find((l) => l.startsWith("The memo gives"))!;
  for (const off of words.matchAll(/(\d+) % (above|below)/g)) expect(Number(off[1]), words).toBeLessThan(5);
  // the tooltip and the curve's reader say the same
  await page.locator("[data-testid=memo-point].inexact").first().focus();
  await expect(page.locator(".tooltip")).toContainText("the model at that setting");
  const reader = page.getByTestId("curve-reader");
  await reader.focus();
  await page.keyboard.press("m");
  await expect(reader).toHaveAttribute("aria-valuetext", /the memo measured [^;]* at buffer size 1467 bytes, the model at that setting/);
});
