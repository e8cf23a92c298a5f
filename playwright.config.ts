import { defineConfig, devices } from "@playwright/test";
import { chromiumPath, CHROMIUM_ARGS } from "./tests/e2e/chromium";
import { BASE_URL, E2E_PORT, E2E_STATE_DIR } from "./tests/e2e/config";

/**
 * End-to-end tests: real Debian Chromium against the built Worker served by `vite preview` on a freshly
 * migrated and seeded state (`npm run test:e2e` prepares it). Screenshots land in test-results/.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "test-results/html" }]],
  use: {
    baseURL: BASE_URL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `npx vite preview --port ${E2E_PORT} --strictPort`,
    url: BASE_URL,
    env: { GLOW_STATE_DIR: E2E_STATE_DIR, PORT: String(E2E_PORT) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
