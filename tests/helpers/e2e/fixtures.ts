import { mkdtemp, rm } from 'node:fs/promises';
import { RENDERER_DIR } from './renderer-dir';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { startWebHost } from '../../../electron/web/index';
import { startDesk, type Desk } from './desks';
import { KennelApp } from './kennel-app';
import { ServiceControl, type ReferenceServiceOptions } from './service-control';
import { replayHint, runSeed, seedFor, testSeed } from '../seed';

/** The running browser-mode web host. */
type WebHost = Awaited<ReturnType<typeof startWebHost>>;

/** Demo keys of the reference service, by plan. */
export const KEYS = {
  free: 'kennel-demo-free',
  pro: 'kennel-demo-pro',
  business: 'kennel-demo-business',
  custom: 'kennel-demo-custom',
} as const;

/**
 * Short rate-limit windows so a 429 or an exhausted window costs seconds, not a
 * minute. The limits per window stay those of each plan.
 */
export const SHORT_WINDOWS = { minuteMs: 3_000, dayMs: 120_000 } as const;

/** Per-test knobs, set with `test.use({ ... })`. */
export interface KennelOptions {
  /** Options of the `local` profile's reference service (port is always chosen by the fixture). */
  serviceOptions: Partial<ReferenceServiceOptions>;
  /** Options of the `staging` profile's reference service (default: 12 animals, ids above 2^53). */
  stagingServiceOptions: Partial<ReferenceServiceOptions>;
}

/** What every end-to-end test gets, fresh and closed again on teardown. */
export interface KennelFixtures {
  /**
   * This test's seed, from the run's `KENNEL_TEST_SEED` and the test's title: the
   * services' faults roll dice from it, and so should anything random in the test.
   * A failing test prints how to replay it.
   */
  seed: number;
  /** An empty temporary folder: the web host's data folder (config, key file). */
  dataDir: string;
  /** The `local` profile's reference service, on a loopback port of this worker's own; can stop and restart. */
  service: ServiceControl;
  /** The `staging` profile's reference service: 12 seeded animals with ids above 2^53. */
  stagingService: ServiceControl;
  /** The web host serving `out/renderer`, pointed at both services. */
  webHost: WebHost;
  /** The app, not yet opened, in the test's own browser context. */
  app: KennelApp;
  /** Opens one more tab of the app in the same context (same origin, same IndexedDB). */
  openTab: () => Promise<KennelApp>;
  /** Console lines from every tab of the test's context, to search for secrets. */
  consoleLines: string[];
  /**
   * Opens one more desk on the `local` service: its own web host, data folder
   * and browser context (another computer of the same shelter). Closed on teardown.
   */
  openDesk: () => Promise<Desk>;
}

export const test = base.extend<KennelFixtures & KennelOptions>({
  serviceOptions: [{}, { option: true }],
  stagingServiceOptions: [{}, { option: true }],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads dependencies from this pattern
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'kennel-e2e-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },

  seed: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads dependencies from this pattern
    async ({}, use, testInfo) => {
      const run = runSeed();
      const seed = testSeed(testInfo.titlePath, run);
      testInfo.annotations.push({ type: 'seed', description: `${seed} (run ${run})` });
      await use(seed);
      if (testInfo.status !== testInfo.expectedStatus) console.log(replayHint(run));
    },
    { auto: true },
  ],

  service: async ({ serviceOptions, seed }, use) => {
    const control = await ServiceControl.start({
      windows: SHORT_WINDOWS,
      faultSeed: seed,
      ...serviceOptions,
    });
    await use(control);
    await control.dispose();
  },

  stagingService: async ({ stagingServiceOptions, seed }, use) => {
    // Fewer animals and ids above 2^53: staging's data cannot be mistaken for local's.
    const control = await ServiceControl.start({
      seed: 12,
      bigIds: true,
      windows: SHORT_WINDOWS,
      faultSeed: seedFor('staging', seed),
      ...stagingServiceOptions,
    });
    await use(control);
    await control.dispose();
  },

  webHost: async ({ dataDir, service, stagingService }, use) => {
    const host = await startWebHost({
      // Tests never touch the keyring of the desktop they run on.
      keyring: null,
      port: 0,
      rendererDir: RENDERER_DIR,
      dataDir,
      env: { KENNEL_LOCAL_URL: service.url, KENNEL_STAGING_URL: stagingService.url },
    });
    await use(host);
    await host.close();
  },

  consoleLines: async ({ context }, use) => {
    const lines: string[] = [];
    const listen = (page: Page): void => {
      page.on('console', (message) => lines.push(message.text()));
      page.on('pageerror', (error) => lines.push(String(error)));
    };
    context.pages().forEach(listen);
    context.on('page', listen);
    await use(lines);
  },

  app: async ({ page, webHost, consoleLines: _consoleLines }, use) => {
    await use(new KennelApp(page, webHost.url));
  },

  openTab: async ({ context, webHost }, use) => {
    await use(async () => {
      const tab = new KennelApp(await context.newPage(), webHost.url);
      await tab.open();
      return tab;
    });
  },

  openDesk: async ({ browser, service }, use) => {
    const desks: Desk[] = [];
    await use(async () => {
      const desk = await startDesk(browser, service.url);
      desks.push(desk);
      return desk;
    });
    await Promise.all(desks.map((desk) => desk.close()));
  },
});

export { expect } from '@playwright/test';
