import { expect, type Locator, type Page } from '@playwright/test';

/** The Import view, as staff reach it: the "Import" button under the header. */
export async function openImport(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Import' })
    .click();
  const view = page.getByRole('region', { name: 'Import animals' });
  await expect(view.getByRole('heading', { name: 'Import animals' })).toBeVisible();
  return view;
}

/** Chooses a CSV file (UTF-8) of `lines` in the Import view's file field. */
export async function chooseCsvFile(view: Locator, name: string, lines: string[]): Promise<void> {
  await view.getByLabel('Spreadsheet file (CSV or TSV)').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\r\n'), 'utf8'),
  });
}

/** The line over the preview: "3 ready to add, 2 that look like animals already added." */
export function importSummary(view: Locator): Locator {
  return view.getByRole('status').filter({ hasText: /ready to add/ });
}

/** The preview's row for spreadsheet row `line` (its row header is the row number). */
export function importRow(view: Locator, source: string, line: number): Locator {
  return view
    .getByRole('table', { name: `Rows from ${source}` })
    .getByRole('row')
    .filter({ has: view.page().getByRole('rowheader', { name: String(line), exact: true }) });
}
