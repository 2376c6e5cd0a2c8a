import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../../helpers/chromium';

/** Starts headless Chromium as the end-to-end tests do. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}
