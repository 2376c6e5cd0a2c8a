import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { isMovedData, MOVE_PAGE, type MovedData } from '../../electron/contract/moved-data';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { startOwnHost, type OwnHost } from '../helpers/e2e/own-host';
import { RENDERER_DIR } from '../helpers/e2e/renderer-dir';

/** An earlier desk's data on the `file://` origin, as a page there writes it. */
const SEED_SCRIPT = `
localStorage.setItem('kennel.language', 'es');
const open = indexedDB.open('kennel-local', 80);
open.onupgradeneeded = () => {
  const store = open.result.createObjectStore('outbox', { keyPath: 'id' });
  store.createIndex('createdAt', 'createdAt');
  store.put({ id: 'a', createdAt: 1, payload: { name: 'Bella' } });
};
open.onsuccess = () => {
  open.result.close();
  window.seeded = true;
};
`;

/** Runs the old origin's reader (`move-data.html`) at `pageUrl` and answers what it delivered. */
async function readWithMovePage(page: Page, pageUrl: string): Promise<MovedData> {
  await page.addInitScript(() => {
    const target = globalThis as unknown as { kennelOldOrigin: unknown; moved?: unknown };
    target.kennelOldOrigin = {
      deliver: async (data: unknown) => {
        target.moved = data;
      },
    };
  });
  await page.goto(pageUrl);
  const handle = await page.waitForFunction(
    () => (globalThis as unknown as { moved?: unknown }).moved,
    undefined,
    { timeout: 15_000 },
  );
  const data: unknown = await handle.jsonValue();
  if (!isMovedData(data)) throw new Error('The move page delivered something else.');
  return data;
}

/** A tab of Kennel on `host` that finds `data` waiting, as the desktop app's first start on its own origin does. */
async function openWithMovedData(browser: Browser, host: OwnHost, data: MovedData) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((moved) => {
    const target = globalThis as unknown as { kennelMovedData: unknown; movedStored?: boolean };
    let taken = false;
    target.kennelMovedData = {
      take: async () => (taken ? null : moved),
      stored: async () => {
        taken = true;
        target.movedStored = true;
      },
    };
  }, data);
  const app = new KennelApp(page, host.url);
  await app.open();
  return { app, page, close: () => context.close() };
}

test.describe('moving an earlier desk to the app’s own origin', () => {
  test('the reader runs from file://, as the desktop app opens it, and reads that origin whole', async ({
    page,
  }) => {
    // Any file:// page shares the origin: one of our own puts an earlier desk's data there.
    const folder = await mkdtemp(join(tmpdir(), 'kennel-file-origin-'));
    try {
      await writeFile(
        join(folder, 'seed.html'),
        '<!doctype html><title>seed</title><script src="seed.js"></script>',
      );
      await writeFile(join(folder, 'seed.js'), SEED_SCRIPT);
      await page.goto(pathToFileURL(join(folder, 'seed.html')).href);
      await page.waitForFunction(() => (globalThis as { seeded?: boolean }).seeded === true);
      const moveUrl = pathToFileURL(resolve(RENDERER_DIR, MOVE_PAGE)).href;
      const data = await readWithMovePage(page, moveUrl);
      expect(data.localStorage).toEqual([['kennel.language', 'es']]);
      expect(data.databases).toEqual([
        {
          name: 'kennel-local',
          version: 80,
          stores: [
            {
              name: 'outbox',
              keyPath: 'id',
              autoIncrement: false,
              indexes: [
                { name: 'createdAt', keyPath: 'createdAt', unique: false, multiEntry: false },
              ],
              keys: ['a'],
              values: [{ id: 'a', createdAt: 1, payload: { name: 'Bella' } }],
            },
          ],
        },
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  test('animals queued on the old origin reach the service once from the new one, with the choices made', async ({
    browser,
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    // The earlier desk: its service out of reach, so what it takes in stays queued.
    const oldHost = await startOwnHost({ KENNEL_LOCAL_URL: 'http://127.0.0.1:9/v1' }, 'old-origin');
    // The key lives on the Node side, which the move does not touch: here it comes with the host.
    const newHost = await startOwnHost(
      { KENNEL_LOCAL_URL: service.url, KENNEL_LOCAL_KEY: KEYS.pro },
      'new-origin',
    );
    try {
      const old = new KennelApp(page, oldHost.url);
      await old.openWithKey(KEYS.pro);
      const names = uniqueNames('Moved', 3);
      for (const [i, name] of names.entries()) {
        await old.enterAnimalAtOnce({ name, categoryId: String(i + 1) });
      }
      await old.expectWaiting(3);
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('radio', { name: 'Español', exact: true }).check();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');

      const data = await readWithMovePage(page, `${new URL(oldHost.url).origin}/${MOVE_PAGE}`);

      const moved = await openWithMovedData(browser, newHost, data);
      try {
        // The choice came along: the new origin opens in Spanish.
        await expect(moved.page.locator('html')).toHaveAttribute('lang', 'es');
        await expect
          .poll(() =>
            moved.page.evaluate(() => (globalThis as { movedStored?: boolean }).movedStored),
          )
          .toBe(true);
        // The queue came along; failed tries had pushed it back, so staff send it now.
        await moved.page.getByRole('button', { name: 'Sincronizar ahora', exact: true }).click();
        await expect
          .poll(() => service.state.stats.created, { timeout: 60_000 })
          .toBe(names.length);
        const counts = countByName(service.state.pets().map((p) => p.name));
        for (const name of names) expect(counts.get(name), name).toBe(1);
      } finally {
        await moved.close();
      }
    } finally {
      await oldHost.close();
      await newHost.close();
    }
  });
});
