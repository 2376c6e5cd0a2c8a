import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * Starts headless Chromium: the system build when there is one (no browser
 * download needed), with background work off so it does not add noise to timings.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
