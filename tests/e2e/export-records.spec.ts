import type { Page } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { chooseCsvFile, importSummary, openImport } from '../helpers/e2e/import-view';
import { csvRows, exportList, LIST_FILE_HEADINGS, sheetRows } from '../helpers/e2e/list-files';
import { uniqueNames } from '../helpers/e2e/names';

/**
 * The list's CSV and Excel carry every field of each animal's intake record
 * after the service's, headed and worded in the language in use, the chip as
 * text; the printed list adds the chip and the kennel. The records are made
 * by importing a spreadsheet, as a shelter moving in would.
 */

const pad = (n: number): string => String(n).padStart(2, '0');

/** Today less an age, as the record works out a birth date from an estimate (local calendar). */
function bornAgo(years: number, months: number): string {
  const day = new Date();
  day.setHours(0, 0, 0, 0);
  day.setMonth(day.getMonth() - (years * 12 + months));
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The row of the file whose first cell is `name`. */
function rowOf<T>(rows: T[][], name: string): T[] {
  const row = rows.find((cells) => cells[0] === name);
  if (row === undefined) throw new Error(`no row for ${name}`);
  return row;
}

async function showAnimals(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Animals' })
    .click();
}

test.describe('the intake record in the list’s files', () => {
  test('CSV and Excel carry every record field, the chip as 15 digits of text, and the print adds chip and kennel', async ({
    app,
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    await app.openWithKey(KEYS.pro);
    const [bella, rex] = uniqueNames('Record', 2);
    if (bella === undefined || rex === undefined) throw new Error('names');
    const view = await openImport(page);
    await chooseCsvFile(view, 'intake.csv', [
      'Name,Category,Microchip,Sex,Neutered,DOB,Age,Breed,Colour,Intake type,Intake date,Where found,Kennel,Hold until,Notes,Outcome,Outcome date',
      `${bella},2,985141000123456,F,Yes,2022-05-04,,Labrador,"Black, white chest",Stray,2024-02-14 09:30,Park gate,Dogs B3,,Shy with men,,`,
      `${rex},3,012-345-678,M,No,,2y 3m,Terrier,Brown,Owner surrender,2024-04-03,,Dogs A1,,,Adopted,2024-05-01`,
    ]);
    await expect(importSummary(view)).toHaveText('2 ready to add.');
    await view.getByRole('button', { name: 'Add 2 animals' }).click();
    await expect(view.getByText('Queued 2 animals.', { exact: false })).toBeVisible();
    const idOf = (name: string): string =>
      service.state
        .pets()
        .find((pet) => pet.name === name)
        ?.id.toString() ?? '';
    await expect.poll(() => [idOf(bella), idOf(rex)].includes(''), { timeout: 60_000 }).toBe(false);
    await app.expectWaiting(0, 30_000);
    await showAnimals(page);

    const bellaCells = [
      bella,
      idOf(bella),
      'Category 2',
      'No status',
      '985141000123456',
      'Female',
      'Yes',
      '2022-05-04',
      'No',
      'Labrador',
      'Black, white chest',
      'Stray',
      '2024-02-14 09:30',
      'Park gate',
      'Dogs B3',
      // A stray's hold: the profile's 3 days from the day it came in.
      '2024-02-17',
      'Shy with men',
      '',
      '',
    ];
    const rexBorn = bornAgo(2, 3);
    const rexCells = [
      rex,
      idOf(rex),
      'Category 3',
      'No status',
      '012345678',
      'Male',
      'No',
      rexBorn,
      'Yes',
      'Terrier',
      'Brown',
      'Owner surrender',
      '2024-04-03 00:00',
      '',
      'Dogs A1',
      '',
      '',
      'Adopted',
      '2024-05-01',
    ];

    const csv = await exportList(
      page,
      /^Every animal on this computer/,
      'CSV file (opens in any spreadsheet)',
    );
    const rows = await csvRows(csv);
    expect(rows[0]).toEqual(LIST_FILE_HEADINGS);
    // In the CSV a chip's digits are grouped, so a spreadsheet keeps them as text.
    expect(rowOf(rows, bella)).toEqual(
      bellaCells.map((cell, i) => (i === 4 ? '985 141 000 123 456' : cell)),
    );
    expect(rowOf(rows, rex)).toEqual(rexCells.map((cell, i) => (i === 4 ? '012 345 678' : cell)));
    // An animal from the service without a record has every record cell empty.
    const other = rows.find((cells) => cells[0] !== bella && cells[0] !== rex && cells !== rows[0]);
    expect(other?.slice(4)).toEqual(LIST_FILE_HEADINGS.slice(4).map(() => ''));

    const xlsx = await exportList(page, /^Every animal on this computer/, 'Excel workbook (.xlsx)');
    const sheet = await sheetRows(xlsx);
    expect(sheet[0]).toEqual(LIST_FILE_HEADINGS);
    const utc = (text: string): Date => {
      const [y, m, d, hh, mm] = text.split(/[- :]/).map(Number);
      return new Date(Date.UTC(y!, m! - 1, d!, hh ?? 0, mm ?? 0));
    };
    // Text where text, dates where dates, and no cell for a field not recorded.
    const asSheet = (cells: string[]): unknown[] =>
      cells.map((cell, i) => {
        if (cell === '') return null;
        return [7, 12, 15, 18].includes(i) ? utc(cell) : cell;
      });
    // A workbook keeps a time as a fraction of a day: read back, it is compared to the minute.
    const toMinute = (cells: unknown[]): unknown[] =>
      cells.map((cell) => (cell instanceof Date ? Math.round(cell.getTime() / 60_000) : cell));
    expect(toMinute(rowOf(sheet, bella))).toEqual(toMinute(asSheet(bellaCells)));
    expect(toMinute(rowOf(sheet, rex))).toEqual(toMinute(asSheet(rexCells)));
    expect(rowOf(sheet, bella)[12]).toBeInstanceOf(Date);
    // The chip is a text cell holding all 15 digits, not 9.85141E+14.
    const chip = rowOf(sheet, bella)[4];
    expect(typeof chip).toBe('string');
    expect(chip).toBe('985141000123456');

    // The printed list: the chip and the kennel beside the service's columns.
    await page.evaluate(() => {
      (globalThis as unknown as { print: () => void }).print = () => {};
    });
    await app.searchBox().fill(bella);
    await expect(app.dataRows()).toHaveCount(1);
    await page.getByRole('button', { name: 'Print list' }).click();
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByRole('table', { name: 'Animals on this computer' });
    await expect(printed.getByRole('columnheader')).toHaveText([
      'Name',
      'ID',
      'Category',
      'Status',
      'Microchip',
      'Kennel',
    ]);
    await expect(printed.locator('tbody tr td')).toHaveText([
      bella,
      idOf(bella),
      'Category 2',
      'No status',
      '985141000123456',
      'Dogs B3',
    ]);
  });
});
