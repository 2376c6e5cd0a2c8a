import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/helpers/chromium';

/**
 * End-to-end tests run the built renderer (`out/renderer`) in browser mode, in a
 * real headless Chromium, against the reference service. Each test starts its own
 * service and web host (see `tests/helpers/e2e/fixtures.ts`), so nothing here
 * starts a shared web server.
 */

export default defineConfig({
  testDir: 'tests/e2e',
  // Two cores shared with the build and the service: one test at a time keeps runs predictable.
  workers: 1,
  fullyParallel: false,
  // A flaky test is a bug to fix, not to retry.
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    headless: true,
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium' }],
});
