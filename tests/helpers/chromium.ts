import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * How every browser test and benchmark starts Chromium: Debian's build when it is
 * installed (no browser download needed), else Playwright's own; background
 * networking off, since it only adds noise and refused connections. No sandbox:
 * CI runs as root, where Chromium's sandbox cannot start; the pages under test
 * are our own, served from loopback.
 */
/**
 * Features Playwright turns off for every launch (its own list, as of the
 * Playwright in package-lock.json): Chromium keeps only the last
 * `--disable-features` it is given, so ours must repeat them.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

/**
 * Every browser context opens a headless window, and each window loads two
 * address-bar pop-ups of Chromium's own (web pages in a process of their own)
 * that no test ever shows: about a second of a core per test, a sixth of the
 * end-to-end step's work.
 */
const UNUSED_WINDOW_PARTS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const chromiumLaunchOptions: LaunchOptions = {
  ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_WINDOW_PARTS].join(',')}`,
  ],
};
