import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { openDeskFile, saveDeskFile } from '../helpers/e2e/desk-file';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { addForm, detailsDrawer, heldList } from '../helpers/e2e/panes';
import { addPhotoTools, drawPhoto } from '../helpers/e2e/photo-tools';
import { openRecordFields, recordOutcome, takeInWithRecord } from '../helpers/e2e/record-form';
import { nameCategories } from '../helpers/e2e/settings';
import { readStoredRecords } from '../helpers/e2e/stored-records';

/**
 * The desk file between three desks of one shelter, each with its own data
 * folder and browser, on one reference service in its default mode (it
 * ignores `Idempotency-Key`, so only the lookup before sending keeps an
 * animal from being created twice):
 *
 * - desk A takes three animals in offline, with records and photos, saves
 *   the file, and sends one of them before it is retired;
 * - desk B opens the file to replace A: everything arrives, and each animal
 *   reaches the service once, the one A sent included;
 * - desk C adds the file to its own records: a conflicting outcome is
 *   offered for a choice, categories merge, and C sends nothing.
 */

/** A's hold: long enough that only "Send now" sends before A is retired. */
const HOLD_SECONDS = 120;
const CHIPS = ['985141000000101', '985141000000102', '985141000000103'] as const;

async function choosePhoto(page: Page, bytes: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await addForm(page).getByRole('button', { name: 'Choose a photo…' }).click();
  await (await chooser).setFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: bytes });
  await expect(addForm(page).getByRole('status').filter({ hasText: 'Photo ready' })).toBeVisible();
}

/** Takes an animal in with a chip, a kennel and a photo, as staff at desk A do. */
async function takeInWithPhoto(app: KennelApp, name: string, chip: string, seed: number) {
  await openRecordFields(app.page);
  await choosePhoto(
    app.page,
    await drawPhoto(app.page, { width: 640, height: 480, seed, type: 'image/jpeg' }),
  );
  await takeInWithRecord(app, { name, categoryId: '1' }, { chip, kennel: `Dogs ${seed}` });
}

function createdOnService(service: { state: { requests: { method: string; path: string }[] } }) {
  return service.state.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pets'))
    .length;
}

test.describe('the desk file', () => {
  test('A saves its offline work; B replaces A and sends each animal once; C adds and sends nothing', async ({
    openDesk,
    service,
    seed,
  }, testInfo) => {
    test.setTimeout(240_000);
    const file = testInfo.outputPath('desk-a.kennel');
    const [earlier, ...offline] = uniqueNames('Desk file', 4);
    if (earlier === undefined || offline.length !== 3) throw new Error('names');

    // Desk A: one animal sent while online, its outcome recorded; then three offline.
    const a = await openDesk();
    await addPhotoTools(a.app.page);
    a.app.holdSeconds = HOLD_SECONDS;
    await a.app.open();
    await a.app.enterKey(KEYS.pro);
    await nameCategories(a.app, { '1': 'Dogs', '2': 'Cats' });
    await takeInWithRecord(a.app, { name: earlier, categoryId: '1' }, { chip: '985141000000100' });
    await heldList(a.app.page).getByRole('button', { name: 'Send now' }).click();
    await expectEachOnService(service, [earlier]);
    await recordOutcome(a.app, earlier, 'Adopted');

    await service.stop();
    for (const [i, name] of offline.entries()) {
      await takeInWithPhoto(a.app, name, CHIPS[i] ?? '', seed + i);
    }
    await expect.poll(async () => (await readStoredRecords(a.app.page)).photos.length).toBe(3);
    await saveDeskFile(a.app.page, file);

    // Back online, A sends the first of the three and is retired at once.
    await service.start();
    const sentByA = offline[0] ?? '';
    await heldList(a.app.page)
      .getByRole('listitem')
      .filter({ hasText: sentByA })
      .getByRole('button', { name: 'Send now' })
      .click();
    await expectEachOnService(service, [sentByA]);
    await a.close();
    const createdBeforeB = createdOnService(service);

    // Desk B replaces A.
    const b = await openDesk();
    await b.app.open();
    await b.app.enterKey(KEYS.pro);
    const dialog = await openDeskFile(b.app.page, file);
    const local = dialog.getByRole('region', { name: 'Local' });
    await expect(local).toContainText('4 intake records');
    await expect(local).toContainText('3 photos');
    await expect(local).toContainText('3 animals waiting to be sent');
    await expect(dialog).toContainText('Do not use the old desk again');
    await expect(dialog).toContainText(
      'Would take 4 records, 3 photos, 2 category names, 3 waiting animals and 6 history entries.',
    );
    await expect(dialog).toContainText(
      'Would merge one record, add 2 category names, the history of one animal and 6 history entries; 3 waiting animals stay with the desk that saved the file.',
    );
    await expectNoAxeViolations(b.app.page, 'an opened desk file, before anything changes');
    await dialog
      .getByRole('button', { name: 'This computer replaces the one that saved it' })
      .click();
    await expect(dialog.getByRole('status')).toContainText('3 animals waiting to be sent');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await expectEachOnService(service, offline);
    await b.app.expectWaiting(0, 60_000);
    const counts = countByName(service.state.pets().map((p) => p.name));
    for (const name of [earlier, ...offline]) expect(counts.get(name), name).toBe(1);
    // Two sent by B, after looking each of the three up; none sent again.
    expect(createdOnService(service) - createdBeforeB).toBe(2);
    await expect
      .poll(async () => (await readStoredRecords(b.app.page)).records.map((r) => r.chip).sort())
      .toEqual(['985141000000100', ...CHIPS]);
    const { records, photos } = await readStoredRecords(b.app.page);
    expect(photos).toHaveLength(3);
    // Every record now sits under its animal's service ID, with its name.
    for (const record of records) expect(record.key).toMatch(/^\d+$/);
    expect(records.find((r) => r.name === earlier)?.outcome).toBe('adopted');
    await b.app.searchBox().fill(earlier);
    await expect(b.app.rowNamed(earlier)).toContainText('Dogs (1)');

    // Desk C has its own, newer outcome for the animal A sent first.
    const c = await openDesk();
    await c.app.open();
    await c.app.enterKey(KEYS.pro);
    await c.app.searchBox().fill(earlier);
    await expect(c.app.rowNamed(earlier)).toContainText('Category 1');
    await recordOutcome(c.app, earlier, 'Returned to owner');
    const createdBeforeC = createdOnService(service);
    const added = await openDeskFile(c.app.page, file);
    const outcome = added.getByRole('group', {
      name: new RegExp(`^${earlier}, ID \\d+: Outcome$`),
    });
    await expect(
      outcome.getByRole('radio', { name: /^This desk: Returned to owner/ }),
    ).toBeChecked();
    await expectNoAxeViolations(c.app.page, 'an opened desk file with the differences to choose');
    await outcome.getByRole('radio', { name: /^The file: Adopted/ }).check();
    await added.getByRole('button', { name: 'Add to this desk' }).click();
    await expect(added.getByRole('status')).toContainText('Added to this desk');
    await added.getByRole('button', { name: 'Close' }).click();

    // A's history came too, marked with the desk that took the animal in.
    await expect(detailsDrawer(c.app.page)).toContainText(
      /Taken in at another desk, .+, on .+; its history came with a desk file\./,
    );
    const onC = await readStoredRecords(c.app.page);
    expect(onC.records.find((r) => r.name === earlier)?.outcome).toBe('adopted');
    // Only the sent animal's record: the waiting ones belong to the desk that saved the file.
    expect(onC.records.map((r) => r.chip)).toEqual(['985141000000100']);
    await expect(c.app.rowNamed(earlier)).toContainText('Dogs (1)');
    await c.app.expectWaiting(0);
    expect(createdOnService(service)).toBe(createdBeforeC);
  });
});
