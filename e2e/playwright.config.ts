// Playwright drives Debian's chromium (no browser download) against the real app on loopback.
import { defineConfig } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM } from "../bench/lib.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = Number(process.env.E2E_PORT ?? 8765);

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // the whole run's limit (it takes about 8 minutes): past it Playwright stops and fails rather
  // than wait on a stuck test or server; scripts/test.sh's SUITE_LIMIT_S is the backstop
  globalTimeout: 20 * 60_000,
  // two browsers at once, handed tests (not whole files) as each comes free, so a long file does
  // not leave one worker running alone at the end: tests share one server but no state (each
  // makes its own classes and scenarios); a test that waits on a timer leaves the other the machine
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // no retries: a test that fails once is a race to find, not to hide (the class answer that hung
  // with no time limit, the sandbox's fresh frame without the edit: each found with a unit test)
  retries: 0,
  reporter: [["list"]],
  outputDir: join(tmpdir(), "memolab-e2e-results"),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM.executablePath,
      // the benches' flags (bench/lib.mjs: among them no address-bar popup, 1 CPU-s a context)
      args: [...CHROMIUM.args,
        // WebAssembly compiled by the baseline compiler only: each test's fresh context starts
        // Pyodide anew, and optimizing it each time cost CPU (chart.spec.ts: 90 CPU-s, 74 without)
        "--js-flags=--liftoff-only"],
    },
    viewport: { width: 1280, height: 900 },
    // No service worker unless a file asks (offline, the light phone): once Python has started it
    // copies the whole build and the API's read-only answers into Cache Storage, about 0.4 CPU-s a
    // browser context (measured: Chromium's and the app's CPU, four first visits each way), for
    // offline use that only those files test
    serviceWorkers: "block",
  },
  webServer: {
    command: `${join(root, ".venv/bin/python")} -m app`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warning", // one JSON line per request would bury the test report
      // every test is one client at one address, some computing every system's curves on the
      // server (parity): the per-client model budget is tested in the backend's own tests
      MODEL_CPU_S_PER_MINUTE: "1000000",
      DATABASE_URL: `sqlite:///${join(tmpdir(), `memolab-e2e-${process.pid}.sqlite3`)}`,
    },
  },
});
