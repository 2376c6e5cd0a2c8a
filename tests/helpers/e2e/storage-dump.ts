import type { BrowserContext, Page } from '@playwright/test';
import { dumpInPage } from './in-page-dump';

/** Everything a page keeps where a leaked secret could hide, as searchable text. */
export interface StorageDump {
  /** Text per place: `url`, `html`, `localStorage`, `sessionStorage`, `indexedDb`, `cookies`. */
  places: Record<string, string>;
  /** The IndexedDB databases that were read, so a test can tell the dump is not empty. */
  databaseNames: string[];
}

/**
 * Dumps the page's DOM, Web Storage, every IndexedDB database (all records of all
 * stores) and the context's cookies, so a test can search them for a secret.
 */
export async function dumpPageStorage(page: Page, context: BrowserContext): Promise<StorageDump> {
  const inPage = await page.evaluate(dumpInPage);
  const cookies = JSON.stringify(await context.cookies());
  return {
    places: {
      url: inPage.url,
      html: inPage.html,
      localStorage: inPage.localStorage,
      sessionStorage: inPage.sessionStorage,
      indexedDb: inPage.indexedDb,
      cookies,
    },
    databaseNames: inPage.databaseNames,
  };
}

/** Names of the places in `dump` that contain `secret`; empty when it is nowhere. */
export function placesContaining(dump: StorageDump, secret: string): string[] {
  return Object.entries(dump.places)
    .filter(([, text]) => text.includes(secret))
    .map(([place]) => place);
}
