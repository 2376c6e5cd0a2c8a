import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/helpers/chromium';
import { replayHint, runSeed } from './tests/helpers/seed';

// Drawn once here (the workers inherit it through the environment) and said up front.
const seed = runSeed();
if (process.env.TEST_WORKER_INDEX === undefined) console.log(replayHint(seed));

/**
 * End-to-end tests run the built renderer (`out/renderer`) in browser mode, in a
 * real headless Chromium, against the reference service. Each test starts its own
 * service and web host (see `tests/helpers/e2e/fixtures.ts`), so nothing here
 * starts a shared web server.
 */

/**
 * Specs that kill Kennel's processes run one at a time, after every other
 * test: a restart (the host compiles as it starts, the browser reopens its
 * database) starved of cores by three other tests took long enough to trip
 * their timeouts, so crash runs failed by chance rather than by a fault.
 */
const ONE_AT_A_TIME = [
  '**/crash-mid-sync.spec.ts',
  '**/import-crash.spec.ts',
  '**/hold-crash.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Three tests at once on two cores: most of a test's time is spent waiting on
  // the app's backoff and the services' latency, not on a core.
  workers: 3,
  // A flaky test is a bug to fix, not to retry.
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    headless: true,
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    // Recording a trace for every test costs CI a tenth of its cores; locally a
    // failed test keeps its trace. In CI, replay the failure by its seed instead.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'chromium', testIgnore: ONE_AT_A_TIME, fullyParallel: true },
    {
      name: 'chromium, one at a time',
      testMatch: ONE_AT_A_TIME,
      workers: 1,
      dependencies: ['chromium'],
    },
  ],
});
