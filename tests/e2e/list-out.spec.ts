import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import type { StoredPet } from '../../server/types';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { statusLabel, type KennelApp, type ProfileLabel } from '../helpers/e2e/kennel-app';
import { LIST_FILE_HEADINGS, RECORD_HEADINGS } from '../helpers/e2e/list-files';

/**
 * The list out of Kennel: exported as shown (status filter, search and sort
 * applied) or whole, as CSV and as an Excel workbook, and printed whole, not
 * only the rows the virtualised table has drawn.
 */

/** The print adds the two record columns staff look for on paper. */
const PRINT_HEADINGS = [...LIST_FILE_HEADINGS.slice(0, 4), 'Microchip', 'Kennel'];
const BOM = '\uFEFF';

/** A row of an exported file, or of the list: Name, ID, Category, Status. */
type Cells = string[];

/** A row as a CSV writes it: the list's cells, then an empty cell per record field. */
const inCsv = (cells: Cells): Cells => [...cells, ...RECORD_HEADINGS.map(() => '')];
/** A row as a workbook holds it: the list's cells, then no cell for the record's fields. */
const inSheet = (cells: Cells): unknown[] => [...cells, ...RECORD_HEADINGS.map(() => null)];

/** As the list writes an animal of a service whose categories have no names here. */
function asListed(pet: StoredPet): Cells {
  return [pet.name, pet.id.toString(), `Category ${pet.categoryId}`, statusLabel(pet.status)];
}

/** Folded as a person reads it: case and accents aside. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Chooses what to export in the dialog and saves the download that follows. */
async function exportList(
  page: Page,
  which: RegExp,
  format: 'CSV file (opens in any spreadsheet)' | 'Excel workbook (.xlsx)',
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

/** The CSV's rows, after checking it starts with a byte-order mark. */
async function csvRows(download: Download): Promise<Cells[]> {
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith(BOM), 'the CSV starts with a byte-order mark').toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(BOM.length), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** The workbook's first sheet, every cell as read (an id must come back as text). */
async function sheetRows(download: Download): Promise<unknown[][]> {
  const sheets = await readXlsxFile(await readFile(await download.path()));
  expect(sheets).toHaveLength(1);
  return sheets[0]?.data ?? [];
}

/**
 * The browser's Print dialog cannot be answered from a test: `print` does
 * nothing instead (the tests compile without the DOM library, hence the cast).
 */
async function stubPrintDialog(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { print: () => void }).print = () => {};
  });
}

/** Every row the list shows (all fit on screen in these tests), as cells. */
async function listRows(app: KennelApp): Promise<Cells[]> {
  return (await app.visibleRows()).map((row) => [row.name, row.id, row.category, row.status]);
}

async function openProfile(app: KennelApp, profile: ProfileLabel, held: number): Promise<void> {
  if (profile === 'Local') await app.open();
  else await app.selectProfile(profile);
  await app.enterKey(KEYS.pro, profile);
  await expect(app.listCounts()).toHaveText(`${held} animals on this computer`);
}

test.describe('export the list', () => {
  test('exports the list as shown, filtered and searched, as CSV and Excel, every row exact', async ({
    app,
    page,
    service,
  }) => {
    const onService = service.state.pets();
    await openProfile(app, 'Local', onService.length);

    await app.statusFilter().selectOption('available');
    await app.searchBox().fill('i');
    const expected = onService.filter(
      (pet) => pet.status === 'available' && folded(pet.name).includes('i'),
    );
    // Enough to prove a filter and a search, few enough to all be on screen.
    expect(expected.length).toBeGreaterThan(2);
    expect(expected.length).toBeLessThan(onService.filter((p) => p.status === 'available').length);
    await expect(app.listCounts()).toHaveText(
      `Showing ${expected.length} of ${onService.length} animals on this computer`,
    );
    // Sorted by name, descending: the order is the list's, not the service's.
    await app.sortButton('Name').click();
    await app.sortButton('Name').click();
    await expect(app.columnHeader('Name')).toHaveAttribute('aria-sort', 'descending');
    await expect(app.dataRows()).toHaveCount(expected.length);
    const shown = await listRows(app);
    expect([...shown].sort()).toEqual(expected.map(asListed).sort());

    const csv = await exportList(page, /^The list as shown/, 'CSV file (opens in any spreadsheet)');
    expect(csv.suggestedFilename()).toMatch(/^kennel-local-animals-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await csvRows(csv)).toEqual([LIST_FILE_HEADINGS, ...shown.map(inCsv)]);
    await expect(
      page.getByText(`Exported ${expected.length} animals to ${csv.suggestedFilename()}.`),
    ).toBeVisible();

    const xlsx = await exportList(page, /^The list as shown/, 'Excel workbook (.xlsx)');
    expect(xlsx.suggestedFilename()).toMatch(/^kennel-local-animals-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(await sheetRows(xlsx)).toEqual([LIST_FILE_HEADINGS, ...shown.map(inSheet)]);
  });

  test('exports every animal on this computer whatever the list shows', async ({
    app,
    page,
    service,
  }) => {
    const onService = service.state.pets();
    await openProfile(app, 'Local', onService.length);
    await app.statusFilter().selectOption('sold');
    await expect(app.listCounts()).toHaveText(/^Showing \d+ of /);

    const csv = await exportList(
      page,
      new RegExp(`^Every animal on this computer \\(${onService.length}\\)$`),
      'CSV file (opens in any spreadsheet)',
    );
    const rows = await csvRows(csv);
    expect(rows[0]).toEqual(LIST_FILE_HEADINGS);
    expect(rows.slice(1).sort()).toEqual(onService.map(asListed).map(inCsv).sort());
  });

  test('on Staging, ids above 2^53 come out digit for digit, in CSV and in Excel', async ({
    app,
    page,
    service,
    stagingService,
  }) => {
    await openProfile(app, 'Local', service.state.pets().length);
    const onStaging = stagingService.state.pets();
    expect(onStaging.every((pet) => pet.id > 2n ** 53n)).toBe(true);
    await openProfile(app, 'Staging', onStaging.length);
    await expect(app.dataRows()).toHaveCount(onStaging.length);
    const shown = await listRows(app);
    expect([...shown].sort()).toEqual(onStaging.map(asListed).sort());

    const csv = await exportList(page, /^The list as shown/, 'CSV file (opens in any spreadsheet)');
    expect(csv.suggestedFilename()).toMatch(/^kennel-staging-animals-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await csvRows(csv)).toEqual([LIST_FILE_HEADINGS, ...shown.map(inCsv)]);

    const xlsx = await exportList(page, /^The list as shown/, 'Excel workbook (.xlsx)');
    const sheet = await sheetRows(xlsx);
    expect(sheet).toEqual([LIST_FILE_HEADINGS, ...shown.map(inSheet)]);
    // Text, not numbers: a number would have lost the last digits.
    for (const row of sheet.slice(1)) expect(typeof row[1]).toBe('string');
  });

  test('the export dialog passes axe', async ({ app, page, service }) => {
    await openProfile(app, 'Local', service.state.pets().length);
    await page.getByRole('button', { name: 'Export…' }).click();
    await expect(page.getByRole('dialog', { name: 'Export the list' })).toBeVisible();
    await expectNoAxeViolations(page, 'export dialog');
  });
});

test.describe('print the list', () => {
  // More rows than the virtualised table ever draws; the service pages with links, so all arrive.
  test.use({ serviceOptions: { seed: 350, pagination: true } });

  test('prints every row of the list as shown, without the forms, on several pages', async ({
    app,
    page,
    service,
  }) => {
    const onService = service.state.pets();
    expect(onService).toHaveLength(350);
    await openProfile(app, 'Local', 350);
    // Fewer rows are drawn on screen than the list holds.
    expect(await app.dataRows().count()).toBeLessThan(350);
    // The browser's Print dialog cannot be answered from a test.
    await stubPrintDialog(page);

    await page.getByRole('button', { name: 'Print list' }).click();
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByRole('table', { name: 'Animals on this computer' });
    await expect(printed).toBeVisible();
    await expect(printed.getByRole('columnheader')).toHaveText(PRINT_HEADINGS);
    await expect(printed.locator('tbody tr')).toHaveCount(350);
    const cells = await printed
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...(row as unknown as { cells: Iterable<{ textContent: string | null }> }).cells].map(
            (cell) => (cell.textContent ?? '').trim(),
          ),
        ),
      );
    expect([...cells].sort()).toEqual(onService.map((pet) => [...asListed(pet), '', '']).sort());
    await expect(printed).toContainText(/Kennel · Local profile · printed .+ · 350 animals/);
    await expectNoAxeViolations(page, 'list (print)');
    // Nothing else is printed: not the forms, not the on-screen list.
    await expect(page.getByRole('heading', { name: 'Add an animal' })).toBeHidden();
    await expect(page.getByLabel('Find by ID')).toBeHidden();
    const onScreen = page.getByRole('table', { name: 'Animals', exact: true });
    await expect(onScreen).toBeHidden();
    const pdf = await page.pdf({ format: 'A4' });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);

    // On screen, the print table is never shown.
    await page.emulateMedia({ media: 'screen' });
    await expect(printed).toBeHidden();
    await expect(onScreen).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add an animal' })).toBeVisible();
  });

  test('Ctrl+P prints the list as filtered, all of it', async ({ app, page, service }) => {
    const adopted = service.state.pets().filter((pet) => pet.status === 'sold');
    await openProfile(app, 'Local', 350);
    await stubPrintDialog(page);
    await app.statusFilter().selectOption('sold');
    await expect(app.listCounts()).toHaveText(
      `Showing ${adopted.length} of 350 animals on this computer`,
    );

    await page.keyboard.press('ControlOrMeta+p');
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByRole('table', { name: 'Animals on this computer' });
    await expect(printed.locator('tbody tr')).toHaveCount(adopted.length);
    await expect(printed.locator('tbody tr').filter({ hasNotText: 'Adopted' })).toHaveCount(0);
  });
});
