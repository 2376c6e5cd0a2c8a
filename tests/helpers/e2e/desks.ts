import { mkdtemp, rm } from 'node:fs/promises';
import { RENDERER_DIR } from './renderer-dir';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { startWebHost } from '../../../electron/web/index';
import { KennelApp } from './kennel-app';

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
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-e2e-desk-'));
  const host = await startWebHost({
    // Tests never touch the keyring of the desktop they run on.
    keyring: null,
    port: 0,
    rendererDir: RENDERER_DIR,
    dataDir,
    env: { KENNEL_LOCAL_URL: serviceUrl },
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
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
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
