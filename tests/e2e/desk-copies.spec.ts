import type { Page } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';
import { takeInWithRecord } from '../helpers/e2e/record-form';
import { openSettings } from '../helpers/e2e/settings';

/**
 * The window's side of the desktop app's automatic copies and File menu.
 * Electron cannot run here, so the preload's `window.kennelDesk` (the one
 * boundary, `electron/contract/desk-copies.ts`) is stood in for by a page
 * script that keeps what the window hands over and hands back what it kept;
 * the main process's side is unit-tested in Node.
 */

interface Kept {
  reason: string;
  bytes: number | null;
}

/** What the stand-in records, read by the test. */
interface Boundary {
  wanted: ((reason: string) => void) | null;
  menu: ((command: string) => void) | null;
  kept: Kept[];
  copies: Map<string, Uint8Array>;
  words: { file: string }[];
}

declare const window: { __desk: Boundary; kennelDesk: unknown };

/** The stand-in for the preload's `window.kennelDesk`; runs in the page before the app. */
function standIn(): void {
  const desk: Boundary = { wanted: null, menu: null, kept: [], copies: new Map(), words: [] };
  window.__desk = desk;
  window.kennelDesk = {
    onWanted(listener: (reason: string) => void) {
      desk.wanted = listener;
      return () => (desk.wanted = null);
    },
    async keep(bytes: Uint8Array | null, reason: string) {
      desk.kept.push({ reason, bytes: bytes === null ? null : bytes.length });
      if (bytes !== null) desk.copies.set(`kennel-desk-copy-${desk.kept.length}.kennel`, bytes);
      return true;
    },
    async list() {
      return [...desk.copies].map(([name, bytes]) => ({
        name,
        savedAt: Date.now(),
        bytes: bytes.length,
      }));
    },
    async read(name: string) {
      return desk.copies.get(name) ?? null;
    },
    onMenu(listener: (command: string) => void) {
      desk.menu = listener;
      return () => (desk.menu = null);
    },
    async menuWords(words: { file: string }) {
      desk.words.push(words);
    },
  };
}

const kept = (page: Page): Promise<Kept[]> => page.evaluate(() => window.__desk.kept);

test.describe('the desktop app’s automatic copies, from the window’s side', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(standIn);
  });

  test('a copy is made when asked, nothing when the desk holds nothing, and one restores', async ({
    app,
    page,
  }) => {
    await app.openWithKey(KEYS.pro);
    await expect.poll(() => page.evaluate(() => window.__desk.wanted !== null)).toBe(true);
    await page.evaluate(() => window.__desk.wanted?.('daily'));
    await expect.poll(() => kept(page)).toEqual([{ reason: 'daily', bytes: null }]);

    const name = uniqueNames('Copied', 1)[0] ?? '';
    await takeInWithRecord(app, { name, categoryId: '2' }, { chip: '985141000000301' });
    await app.expectWaiting(0);
    // Sent, not only out of the waiting count: a copy is not made of an animal mid-send.
    await expect.poll(() => app.outboxNames()).toEqual([]);
    await page.evaluate(() => window.__desk.wanted?.('quit'));
    await expect.poll(async () => (await kept(page)).length).toBe(2);
    const [, copy] = await kept(page);
    expect(copy?.reason).toBe('quit');
    expect(copy?.bytes).toBeGreaterThan(0);

    const settings = await openSettings(page);
    const section = settings.getByRole('region', { name: 'Desk file' });
    await expect(section).toContainText('Restore from an automatic copy');
    await section.getByRole('button', { name: 'Open this copy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open a desk file' });
    await expect(dialog.getByRole('region', { name: 'Local' })).toContainText('one intake record');
    await dialog.getByRole('button', { name: 'Close without changing anything' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the File menu saves, leads to Open, and speaks the chosen language', async ({
    app,
    page,
  }) => {
    await app.openWithKey(KEYS.pro);
    await expect.poll(() => page.evaluate(() => window.__desk.words.at(-1)?.file)).toBe('File');
    const download = page.waitForEvent('download');
    await page.evaluate(() => window.__desk.menu?.('save'));
    expect((await download).suggestedFilename()).toMatch(/^kennel-desk-\d{4}-\d{2}-\d{2}\.kennel$/);

    await page.evaluate(() => window.__desk.menu?.('open'));
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByRole('button', { name: 'Open a desk file' })).toBeFocused();
    await settings.getByRole('radio', { name: 'Español' }).check();
    await expect.poll(() => page.evaluate(() => window.__desk.words.at(-1)?.file)).toBe('Archivo');
  });
});
