import type { Browser, BrowserContext } from '@playwright/test';
import { KennelApp } from './kennel-app';
import { startOwnHost } from './own-host';

/**
 * One front desk of a shelter: its own Kennel (browser-mode web host with its
 * own data folder, so its own core and rate-limit governor) and its own browser
 * context, on an origin of its own, so its own IndexedDB and outbox.
 */
export interface Desk {
  app: KennelApp;
  context: BrowserContext;
  /** Console lines and page errors of the desk's page. */
  consoleLines: string[];
  close(): Promise<void>;
}

/**
 * Opens a desk whose `local` profile points at `serviceUrl`. Several desks on
 * one service are several computers of one shelter; the caller closes each.
 */
export async function startDesk(browser: Browser, serviceUrl: string): Promise<Desk> {
  const host = await startOwnHost({ KENNEL_LOCAL_URL: serviceUrl }, 'desk');
  const context = await browser.newContext();
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  page.on('pageerror', (error) => consoleLines.push(String(error)));
  return {
    app: new KennelApp(page, host.url),
    context,
    consoleLines,
    async close() {
      await context.close();
      await host.close();
    },
  };
}
