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
export const chromiumLaunchOptions: LaunchOptions = {
  ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
