import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { openDeskFile, saveDeskFile } from '../helpers/e2e/desk-file';
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

const HEADER = 'kennel-desk.json';
const MANIFEST = 'kennel-manifest.json';
/** The desk file's stated limit (`DESK_FILE_LIMITS.fileBytes`): 1 GiB. */
const LIMIT_BYTES = 1024 ** 3;

/** The file's entries in their order, rezipped after `change`: the header stays first, the manifest last. */
function rezip(
  bytes: Uint8Array,
  change: (entries: Record<string, Uint8Array>) => void,
): Uint8Array {
  const entries = unzipSync(bytes);
  change(entries);
  const ordered: Zippable = {};
  for (const name of Object.keys(entries))
    ordered[name] = [entries[name] as Uint8Array, { level: 0 }];
  return zipSync(ordered);
}

function editJson<T>(entries: Record<string, Uint8Array>, name: string, edit: (value: T) => void) {
  const value = JSON.parse(strFromU8(entries[name] as Uint8Array)) as T;
  edit(value);
  entries[name] = strToU8(JSON.stringify(value));
}

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
