import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import {
  editJson,
  HEADER,
  MANIFEST,
  openDeskFile,
  resum,
  rezip,
  saveDeskFile,
} from '../helpers/e2e/desk-file';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';
import { takeInWithRecord } from '../helpers/e2e/record-form';
import { readStoredRecords } from '../helpers/e2e/stored-records';

/**
 * A desk file that cannot be trusted is refused with its own words, and
 * nothing on the desk changes: one cut short, one whose checksum no longer
 * matches, one from a newer Kennel, and one ten times over the size limit
 * (a sparse file: refused by its size before a byte is read).
 */

/** The desk file's stated limit (`DESK_FILE_LIMITS.fileBytes`): 1 GiB. */
const LIMIT_BYTES = 1024 ** 3;

test.describe('desk files that cannot be trusted', () => {
  test('cut short, changed, newer and ten times too large: each refused in its words, nothing changed', async ({
    app,
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Refused', 1);
    await takeInWithRecord(app, { name: name ?? '', categoryId: '2' }, { chip: '985141000000201' });
    await app.expectWaiting(0);
    const saved = testInfo.outputPath('desk.kennel');
    await saveDeskFile(page, saved);
    const bytes = new Uint8Array(await readFile(saved));
    const before = await readStoredRecords(page);

    const cutShort = testInfo.outputPath('cut-short.kennel');
    await writeFile(cutShort, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const changed = testInfo.outputPath('changed.kennel');
    await writeFile(
      changed,
      rezip(bytes, (entries) =>
        editJson(entries, MANIFEST, (manifest: { entries: { sha256: string }[] }) => {
          const first = manifest.entries[0];
          if (first) first.sha256 = first.sha256.replace(/^./, (c) => (c === '0' ? '1' : '0'));
        }),
      ),
    );
    const newer = testInfo.outputPath('newer.kennel');
    await writeFile(
      newer,
      rezip(bytes, (entries) =>
        editJson(entries, HEADER, (header: { format: number }) => (header.format += 1)),
      ),
    );
    const huge = testInfo.outputPath('huge.kennel');
    const handle = await open(huge, 'w');
    await handle.truncate(LIMIT_BYTES * 10);
    await handle.close();

    const refusals: [string, RegExp][] = [
      [cutShort, /incomplete: it was cut short/],
      [changed, /changed or damaged after Kennel saved it/],
      [newer, /saved by a newer Kennel/],
      [huge, /more than the 1\.1 GB a desk file can be/],
    ];
    for (const [path, words] of refusals) {
      const dialog = await openDeskFile(page, path);
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText(words);
      await expect(alert).toContainText('Nothing was changed.');
      if (path === cutShort) await expectNoAxeViolations(page, 'a desk file refused');
      await expect(dialog.getByRole('button', { name: 'Add to this desk' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await page.keyboard.press('Escape');
    }
    // Sparse, yet ten gigabytes to anything that copies the test's output.
    await rm(huge);
    expect(await readStoredRecords(page)).toEqual(before);
  });
});

test.describe('a desk file for another service address', () => {
  test('is taken only once staff confirm both addresses are the shelter’s', async ({
    app,
    page,
  }, testInfo) => {
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Elsewhere', 1);
    await takeInWithRecord(app, { name: name ?? '', categoryId: '2' }, { kennel: 'Cats B2' });
    await app.expectWaiting(0);
    const saved = testInfo.outputPath('desk.kennel');
    await saveDeskFile(page, saved);
    const elsewhere = testInfo.outputPath('elsewhere.kennel');
    await writeFile(
      elsewhere,
      rezip(new Uint8Array(await readFile(saved)), (entries) => {
        editJson(entries, 'profiles/local/contents.json', (contents: { serviceUrl: string }) => {
          contents.serviceUrl = 'https://pets.other-shelter.example/v1';
        });
        resum(entries);
      }),
    );

    const dialog = await openDeskFile(page, elsewhere);
    await expect(dialog.getByRole('region', { name: 'Local' })).toContainText(
      'kept for another service address than the one this computer uses for Local',
    );
    const add = dialog.getByRole('button', { name: 'Add to this desk' });
    const replace = dialog.getByRole('button', {
      name: 'This computer replaces the one that saved it',
    });
    await expect(add).toBeDisabled();
    await expect(replace).toBeDisabled();
    await dialog
      .getByRole('checkbox', { name: /both addresses belong to the same shelter/ })
      .check();
    await expect(add).toBeEnabled();
    await add.click();
    await expect(dialog.getByRole('status')).toContainText('Added to this desk: one intake record');
  });
});
