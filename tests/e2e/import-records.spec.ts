import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { chooseCsvFile, importRow, importSummary, openImport } from '../helpers/e2e/import-view';
import { uniqueNames } from '../helpers/e2e/names';
import { readStoredRecords, type StoredRecord } from '../helpers/e2e/stored-records';

/** The records on this computer, sorted by their animal's name. */
async function namedRecords(page: Page): Promise<StoredRecord[]> {
  const { records } = await readStoredRecords(page);
  return records.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
}

/** A record's own fields, without its key, its animal's name and when it changed. */
function fieldsOf(record: StoredRecord): Record<string, unknown> {
  const { key: _key, name: _name, ...fields } = record as StoredRecord & { updatedAt?: number };
  delete (fields as { updatedAt?: number }).updatedAt;
  return fields;
}

/**
 * A spreadsheet's intake columns become each animal's record on this
 * computer: written with the animal's queue entry, kept under its local key
 * through the hold, then under the ID the service gives it. A column the
 * import does not use is named, never dropped without a word.
 */

const FILE = 'intake.csv';
const SHORT_CHIP =
  'A microchip number has 15 digits, or 9 or 10 characters on older chips; this one has 14.';

/** Local midnight of a day, as the record keeps a day given without its time. */
const midnight = (y: number, m: number, d: number): number => new Date(y, m - 1, d).getTime();

test.describe('the intake record from a spreadsheet', () => {
  // A hold long enough to see the records under their local keys first.
  test.beforeEach(({ app }) => {
    app.holdSeconds = 6;
  });

  test('Microchip, Sex, Intake date and Notes fill the records, Weight is named as not imported, and a bad chip is fixed in place', async ({
    app,
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    await app.openWithKey(KEYS.pro);
    const [bella, rex, kit] = uniqueNames('Chip', 3);
    if (bella === undefined || rex === undefined || kit === undefined) throw new Error('names');
    const view = await openImport(page);
    await chooseCsvFile(view, FILE, [
      'Name,Category,Microchip,Sex,Intake date,Notes,Weight',
      // The 14th proves the column is day first, so 03/04 is the 3rd of April.
      `${bella},2,985 141 000 123 456,F,14/02/2024,"Found near the park, no collar",12 kg`,
      `${rex},3,98514100012345,Male,03/04/2024,Shy,4 kg`,
      `${kit},3,,hembra,,,3 kg`,
    ]);

    // The columns mapped themselves; the one Kennel does not use is named.
    await expect(view.getByLabel('Microchip column')).toHaveValue('2');
    await expect(view.getByLabel('Sex column')).toHaveValue('3');
    await expect(view.getByLabel('Intake date column')).toHaveValue('4');
    await expect(view.getByLabel('Notes column')).toHaveValue('5');
    await expect(view.getByText('Not imported: Weight.')).toBeVisible();
    await expect(importSummary(view)).toHaveText('2 ready to add, 1 to fix.');
    const rexRow = importRow(view, FILE, 3);
    await expect(rexRow.getByText(SHORT_CHIP)).toBeVisible();
    const chipField = rexRow.getByLabel('Microchip, row 3');
    await expect(chipField).toHaveValue('98514100012345');
    await expect(chipField).toHaveAttribute('aria-invalid', 'true');
    await expect(importRow(view, FILE, 2)).toContainText('Microchip: 985141000123456');
    await expectNoAxeViolations(page, 'import with record columns, a chip to fix');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page, 'import with record columns, a chip to fix, dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The row to fix goes out with its record columns, as written.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      view.getByRole('button', { name: 'Export the row left as CSV' }).click(),
    ]);
    const left = Papa.parse<string[]>(await readFile(await download.path(), 'utf8')).data;
    expect(left).toEqual([
      [
        'Row',
        'Name',
        'Category',
        'Status',
        'Microchip',
        'Sex',
        'When it came in',
        'Notes',
        'Problem',
      ],
      [
        '3',
        rex,
        '3',
        '',
        '98514100012345',
        'Male',
        '03/04/2024',
        'Shy',
        `Microchip: ${SHORT_CHIP}`,
      ],
    ]);

    // Fixed by keyboard, as staff would: type the right number, move on.
    await chipField.fill('985141000123457');
    await chipField.press('Tab');
    await expect(importSummary(view)).toHaveText('3 ready to add.');
    await expect(rexRow.getByText(SHORT_CHIP)).toHaveCount(0);

    await view.getByRole('button', { name: 'Add 3 animals' }).click();
    await expect(view.getByText('Queued 3 animals.', { exact: false })).toBeVisible();

    // Held: each record waits under its animal's local key, written with it.
    const expected = {
      [bella]: {
        chip: '985141000123456',
        sex: 'female',
        intakeAt: midnight(2024, 2, 14),
        notes: 'Found near the park, no collar',
      },
      [rex]: { chip: '985141000123457', sex: 'male', intakeAt: midnight(2024, 4, 3), notes: 'Shy' },
      [kit]: { sex: 'female' },
    };
    const held = await namedRecords(page);
    expect(held.map((record) => record.name)).toEqual([bella, rex, kit]);
    for (const record of held) {
      expect(record.key).toMatch(/^local:/);
      expect(fieldsOf(record)).toEqual(expected[record.name!]);
    }

    // Sent: each record is under the ID the service gave its animal.
    const idOf = (name: string): string | undefined =>
      service.state
        .pets()
        .find((pet) => pet.name === name)
        ?.id.toString();
    await expect
      .poll(() => [bella, rex, kit].map(idOf).every((id) => id !== undefined), { timeout: 60_000 })
      .toBe(true);
    await expect
      .poll(async () => (await namedRecords(page)).map((r) => [r.name, r.key]), {
        timeout: 30_000,
      })
      .toEqual([
        [bella, idOf(bella)],
        [rex, idOf(rex)],
        [kit, idOf(kit)],
      ]);
    for (const record of await namedRecords(page)) {
      expect(fieldsOf(record)).toEqual(expected[record.name!]);
    }

    // One chip is one animal: a later file with Bella's chip is held back, naming her.
    const [sol] = uniqueNames('Again', 1);
    await chooseCsvFile(view, 'again.csv', ['Name,Category,Chip', `${sol},2,985141000123456`]);
    await expect(importSummary(view)).toHaveText(
      '0 ready to add, 1 that looks like an animal already added.',
    );
    await expect(importRow(view, 'again.csv', 2)).toContainText(
      `Microchip 985141000123456 is already recorded for ${bella} on this computer.`,
    );
    await expect(
      importRow(view, 'again.csv', 2).getByRole('checkbox', { name: 'Add anyway' }),
    ).not.toBeChecked();
  });

  test('an intake date still to come, a sex Kennel does not know and an unreadable date are said on their row, and a cleared column lets the rows in', async ({
    app,
    page,
  }) => {
    await app.openWithKey(KEYS.pro);
    const [luna] = uniqueNames('Soon', 1);
    const view = await openImport(page);
    const next = new Date();
    next.setFullYear(next.getFullYear() + 1);
    await chooseCsvFile(view, FILE, [
      'Name,Category,Sex,Intake date,Outcome date',
      `${luna},2,girl,${next.getFullYear()}-01-01,someday`,
    ]);
    await expect(importSummary(view)).toHaveText('0 ready to add, 1 to fix.');
    const row = importRow(view, FILE, 2);
    await expect(row).toContainText(
      'Kennel does not know \u201cgirl\u201d here. Write Female, Male, or Unknown.',
    );
    await expect(row).toContainText('This date is still to come.');
    await expect(row).toContainText('Kennel cannot read \u201csomeday\u201d as a date.');

    // Fixed in the row: a sex from the list, a day typed as staff write it.
    await row.getByLabel('Sex, row 2').selectOption('female');
    await row.getByLabel('When it came in, row 2').fill('02/01/2024');
    await row.getByLabel('When it came in, row 2').press('Tab');
    await expect(row).not.toContainText('This date is still to come.');
    // The outcome date is left to the spreadsheet: clearing its column lets the row in.
    await view.getByLabel('Outcome date column').selectOption('');
    await expect(view.getByText('Not imported: Outcome date.')).toBeVisible();
    await expect(importSummary(view)).toHaveText('1 ready to add.');
  });
});
