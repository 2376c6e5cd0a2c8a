import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { CrashableBrowser } from '../helpers/e2e/crashable-browser';
import { chooseDeskFile, openDeskFile, saveDeskFile } from '../helpers/e2e/desk-file';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { takeInWithRecord } from '../helpers/e2e/record-form';
import { chooseLook } from '../helpers/e2e/settings';
import { readStoredRecords } from '../helpers/e2e/stored-records';

/**
 * A desk the browser had to empty. Chromium keeps a page's IndexedDB in one
 * LevelDB store; finding it damaged as it opens (a computer that lost power
 * mid-write), it deletes the store and tells the first open afterwards,
 * once. The test damages the store as a failing disk would (bytes of its
 * files changed while the browser is closed) and starts the same browser
 * profile again: the desk must say what was lost, lead to the desk file, and
 * get every waiting animal back from it, each reaching the service once.
 */

const CHIP = '985141000777001';
const LOST_TITLE = 'The data on this computer was damaged, and had to be started again empty.';

/** Changes one byte in every 97 of each file of the page's IndexedDB store, as a failing disk would. */
async function damageStore(userDataDir: string): Promise<string[]> {
  const root = join(userDataDir, 'Default', 'IndexedDB');
  const stores = (await readdir(root)).filter((name) => name.endsWith('.indexeddb.leveldb'));
  const damaged: string[] = [];
  for (const store of stores) {
    for (const name of await readdir(join(root, store))) {
      if (!/\.(log|ldb)$/.test(name)) continue;
      const path = join(root, store, name);
      const bytes = await readFile(path);
      for (let at = 100; at < bytes.length; at += 97) bytes[at] = (bytes[at] ?? 0) ^ 0xff;
      await writeFile(path, bytes);
      damaged.push(name);
    }
  }
  return damaged;
}

function lostNotice(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: LOST_TITLE });
}

test('a desk the browser had to empty says so, and gets its waiting animals back from its desk file', async ({
  service,
  webHost,
}) => {
  test.setTimeout(120_000);
  const work = await mkdtemp(join(tmpdir(), 'kennel-storage-lost-'));
  const browser = new CrashableBrowser(join(work, 'chromium'));
  const file = join(work, 'desk.kennel');
  try {
    // Two animals wait on this desk while the service is away, one with its record.
    await service.stop();
    let app = new KennelApp(await browser.launch(), webHost.url);
    await app.open();
    await app.enterKey(KEYS.pro);
    const names = uniqueNames('Lost store', 2);
    const [withRecord = '', other = ''] = names;
    await takeInWithRecord(
      app,
      { name: withRecord, categoryId: '3' },
      { chip: CHIP, kennel: 'Lost A1', intakeType: 'Stray' },
    );
    await app.enterAnimals([{ name: other, categoryId: '3' }]);
    await app.expectWaiting(2);
    await saveDeskFile(app.page, file);
    // A desk that lost nothing says nothing.
    await expect(lostNotice(app.page)).toHaveCount(0);

    await browser.close();
    expect(await damageStore(browser.userDataDir)).not.toEqual([]);
    app = new KennelApp(await browser.launch(), webHost.url);
    await app.open();

    // The desk is empty, and says why and what to do, instead of only "All sent".
    const notice = lostNotice(app.page);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Animals waiting to be sent, intake records, photos');
    await expect(notice).toContainText(
      'If this desk was saved to a file, open the newest one and choose “This computer replaces the one that saved it”',
    );
    await app.expectWaiting(0);
    await expectNoAxeViolations(app.page, 'the notice of a desk the browser emptied');

    // It is said again at every start until staff have read it.
    await app.reload();
    await expect(lostNotice(app.page)).toBeVisible();

    // "Open a desk file" leads to the desk file's button in Settings.
    await notice.getByRole('button', { name: 'Open a desk file' }).click();
    const settings = app.page.getByRole('dialog', { name: 'Settings' });
    await expect(
      settings
        .getByRole('region', { name: 'Desk file' })
        .getByRole('button', { name: 'Open a desk file' }),
    ).toBeFocused();
    const dialog = await chooseDeskFile(settings, file);
    await dialog
      .getByRole('button', { name: 'This computer replaces the one that saved it' })
      .click();
    await expect(dialog.getByRole('status')).toContainText('2 animals waiting to be sent');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await app.page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    // Both are back with the record, and each reaches the service once.
    await app.expectWaiting(2);
    expect((await readStoredRecords(app.page)).records.map((r) => r.chip)).toEqual([CHIP]);
    await service.start();
    await app.page.getByRole('button', { name: 'Sync now' }).click();
    await expectEachOnService(service, names);
    await app.expectWaiting(0, 60_000);
    const counts = countByName(service.state.pets().map((p) => p.name));
    expect(names.map((name) => counts.get(name))).toEqual([1, 1]);

    // A second window of the desk says it too, until it is read in either.
    const second = new KennelApp(await app.page.context().newPage(), webHost.url);
    await second.open();
    await expect(lostNotice(second.page)).toBeVisible();

    // In Spanish too; read, it is not said again.
    await chooseLook(app.page, { language: 'es' });
    const spanish = app.page.getByRole('alert').filter({
      hasText: 'Los datos de este equipo se dañaron y hubo que empezarlos de nuevo, vacíos.',
    });
    await expect(spanish).toBeVisible();
    await spanish.getByRole('button', { name: 'Ya lo he leído' }).click();
    await expect(spanish).toHaveCount(0);
    // Still in English there (so the English words would be found), and gone.
    await expect(second.page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(lostNotice(second.page)).toHaveCount(0);
    await second.page.close();
    await app.reload();
    // The file opened again once the page is up (the notice and this dialog
    // come together): its animals are not taken twice, and nothing is said.
    const again = await openDeskFile(app.page, file, 'es');
    await expect(again).toContainText(
      'Este equipo ya tomó antes los animales por enviar de este archivo; no se toman otra vez.',
    );
    await expect(app.page.getByRole('alert').filter({ hasText: 'se dañaron' })).toHaveCount(0);
  } finally {
    await browser.close().catch(() => undefined);
    await rm(work, { recursive: true, force: true, maxRetries: 5 });
  }
});
