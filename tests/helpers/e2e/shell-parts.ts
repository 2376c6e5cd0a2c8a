import { expect, type Locator, type Page } from '@playwright/test';

/** The animal details drawer: a complementary landmark named by its heading. */
export function animalDetails(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Animal details' });
}

/** The header's one line about the queue ("Sync: 12 waiting"), a button to the sync panel. */
export function syncProgress(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Sync: / });
}

/** When Kennel was last in touch with the service, under the sync panel. */
export function lastSynced(page: Page): Locator {
  return page.getByTestId('last-synced');
}

/** Fails unless `locator` lies wholly inside the page's viewport, as drawn now. */
export async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (box === null || viewport === null) throw new Error('nothing drawn to measure');
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box.y, 'top edge').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box.width, 'width').toBeGreaterThan(0);
  expect(box.height, 'height').toBeGreaterThan(0);
}

/** The few browser shapes the recorder below touches: this file is compiled without the DOM library. */
interface RecorderGlobals {
  document: {
    querySelector(selector: string): RecorderNode | null;
  };
  MutationObserver: new (callback: () => void) => {
    observe(target: RecorderNode, options: Record<string, boolean>): void;
  };
  kennelSyncLines?: string[];
}

interface RecorderNode {
  querySelector(selector: string): { textContent: string | null } | null;
}

/**
 * Starts keeping every text the header's sync line shows, in order, so a drain
 * shorter than the test's polling is seen all the same; {@link syncLinesSeen} reads them.
 */
export async function recordSyncLines(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as RecorderGlobals;
    const seen: string[] = [];
    g.kennelSyncLines = seen;
    const header = g.document.querySelector('header');
    const read = (): void => {
      const text = header?.querySelector('[data-testid="sync-progress"]')?.textContent?.trim();
      if (text !== undefined && seen[seen.length - 1] !== text) seen.push(text);
    };
    read();
    if (header !== null) {
      new g.MutationObserver(read).observe(header, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    }
  });
}

/** Every text of the header's sync line since {@link recordSyncLines}, in order. */
export function syncLinesSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as RecorderGlobals).kennelSyncLines ?? []);
}
