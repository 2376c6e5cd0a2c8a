import { readFile } from 'node:fs/promises';
import { expect, type Download, type Page } from '@playwright/test';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';

const BOM = '\uFEFF';

/** The export dialog's two file types, as labelled. */
export type ExportFormatLabel = 'CSV file (opens in any spreadsheet)' | 'Excel workbook (.xlsx)';

/** Chooses what to export in the list's dialog and gives the download that follows. */
export async function exportList(
  page: Page,
  which: RegExp,
  format: ExportFormatLabel,
): Promise<Download> {
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the list' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: which }).check();
  await dialog.getByRole('radio', { name: format }).check();
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloaded;
  await expect(dialog).toBeHidden();
  return download;
}

/** A downloaded CSV's rows, after checking it starts with a byte-order mark. */
export async function csvRows(download: Download): Promise<string[][]> {
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith(BOM), 'the CSV starts with a byte-order mark').toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(BOM.length), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** A downloaded workbook's one sheet, every cell as read (text, a Date, or null for none). */
export async function sheetRows(download: Download): Promise<unknown[][]> {
  const sheets = await readXlsxFile(await readFile(await download.path()));
  expect(sheets).toHaveLength(1);
  return sheets[0]?.data ?? [];
}

/** The service's columns of the list's files. */
const SERVICE_HEADINGS = ['Name', 'ID', 'Category', 'Status'];

/** The intake record's columns, after the service's, in the list's files. */
export const RECORD_HEADINGS = [
  'Microchip',
  'Sex',
  'Neutered',
  'Date of birth',
  'Date of birth estimated',
  'Breed',
  'Colour and markings',
  'How it came in',
  'When it came in',
  'Where it was found',
  'Kennel',
  'Stray hold until',
  'Notes',
  'Outcome',
  'Outcome date',
];

/** Every heading of the list's files, in English. */
export const LIST_FILE_HEADINGS = [...SERVICE_HEADINGS, ...RECORD_HEADINGS];
