import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { nameCategories, openSettings } from '../helpers/e2e/settings';

function importView(page: Page) {
  return page.getByRole('region', { name: 'Import animals' });
}

async function openImport(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Import' })
    .click();
  await expect(page.getByRole('heading', { name: 'Import animals' })).toBeVisible();
}

function summary(page: Page) {
  return page.locator('.import-summary');
}

test.describe('Bulk intake from a spreadsheet', () => {
  test('50 pasted rows, 3 of them wrong: 47 are queued at once, the 3 stay to fix, and once fixed every animal reaches the service once', async ({
    app,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await nameCategories(app, { '2': 'Dog', '3': 'Cat' });
    const names = uniqueNames('Paste', 50);
    const lines = names.map((name, i) => {
      if (i === 10) return `\tDog\tavailable`; // no name
      if (i === 20) return `${name}\tUnicorn\tavailable`; // no such category
      if (i === 30) return `${name}\t3\tfostered`; // no such status
      return `${name}\t${i % 2 === 0 ? 'dog' : 'Cat'}\t${i % 3 === 0 ? 'Available' : ''}`;
    });
    await openImport(app.page);
    // Copied from a spreadsheet and pasted with the keyboard: the preview follows the paste.
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const copied = ['Name\tCategory\tStatus', ...lines].join('\n');
    await app.page.evaluate(async (text) => {
      // Compiled without the DOM library: name the one browser shape used.
      const { navigator } = globalThis as unknown as {
        navigator: { clipboard: { writeText(text: string): Promise<void> } };
      };
      await navigator.clipboard.writeText(text);
    }, copied);
    await app.page.getByLabel('Or paste cells copied from a spreadsheet').focus();
    await app.page.keyboard.press('ControlOrMeta+V');

    await expect(summary(app.page)).toHaveText('47 ready to add, 3 to fix.');
    // The headings mapped themselves.
    await expect(app.page.getByLabel('Name column')).toHaveValue('0');
    await expect(app.page.getByLabel('Category column')).toHaveValue('1');
    await expect(app.page.getByLabel('Status column')).toHaveValue('2');
    await expect(
      app.page.getByText('No category is called \u201cUnicorn\u201d', { exact: false }),
    ).toBeVisible();
    await expect(app.page.getByText('Name is required.')).toBeVisible();
    await expect(
      app.page.getByText(
        '\u201cfostered\u201d is not a status Kennel knows: the statuses are Available, Adoption pending, and Adopted.',
        { exact: false },
      ),
    ).toBeVisible();
    await expect(app.page.locator('.import-estimate')).toContainText('47 animals:');

    await app.page.getByRole('button', { name: 'Add 47 animals' }).click();
    await expect(app.page.getByText('Queued 47 animals.', { exact: false })).toBeVisible();
    await expect(summary(app.page)).toHaveText('0 ready to add, 3 to fix.');

    // Fixed in place, as a person would: type, move on, add.
    await app.page.getByLabel('Name, row 12').fill(`${names[10]}`);
    await app.page.getByLabel('Category, row 22').fill('cat');
    await app.page.getByLabel('Status, row 32').selectOption('pending');
    await app.page.getByLabel('Category, row 22').press('Tab');
    await expect(summary(app.page)).toHaveText('3 ready to add.');
    await app.page.getByRole('button', { name: 'Add 3 animals' }).click();
    await expect(app.page.getByText('Queued 3 animals.', { exact: false })).toBeVisible();

    await expect
      .poll(() => service.state.pets().filter((p) => names.includes(p.name)).length, {
        timeout: 60_000,
      })
      .toBe(50);
    const counts = countByName(service.state.pets().map((p) => p.name));
    for (const name of names) expect(counts.get(name)).toBe(1);
    const fixed = service.state.pets().find((p) => p.name === names[20]);
    expect(String(fixed?.categoryId)).toBe('3');
  });

  test('a 1,000-row CSV file: exactly 1,000 animals on the service, each once', async ({
    app,
    service,
  }) => {
    test.setTimeout(420_000);
    await app.open();
    await app.enterKey(KEYS.business);
    const names = uniqueNames('Transfer', 1000);
    const csv = [
      'name,category,status',
      ...names.map((n, i) => `"${n}",${(i % 5) + 1},available`),
    ].join('\r\n');
    await openImport(app.page);
    await app.page.getByLabel('Spreadsheet file (CSV or TSV)').setInputFiles({
      name: 'transfer.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await expect(summary(app.page)).toHaveText('1,000 ready to add.');
    await app.page.getByRole('button', { name: 'Add 1,000 animals' }).click();
    await expect(app.page.getByText('Queued 1,000 animals.', { exact: false })).toBeVisible();

    await app.page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Animals' })
      .click();
    await expect
      .poll(() => service.state.pets().filter((p) => names.includes(p.name)).length, {
        timeout: 300_000,
        intervals: [1_000],
      })
      .toBe(1000);
    await app.expectWaiting(0);
    const onService = service.state.pets().filter((p) => names.includes(p.name));
    const counts = countByName(onService.map((p) => p.name));
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  test('files that are not a readable spreadsheet get a sentence that says what to do, and nothing is queued', async ({
    app,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await openImport(app.page);
    const input = app.page.getByLabel('Spreadsheet file (CSV or TSV)');
    const alert = importView(app.page).getByRole('alert');

    await input.setInputFiles({
      name: 'animals.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]),
    });
    await expect(alert).toContainText('spreadsheet workbook');
    await input.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await expect(alert).toContainText('This file is empty');
    await input.setInputFiles({
      name: 'latin1.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,category\nZo\xeb,2\n', 'latin1'),
    });
    await expect(alert).toContainText('encoding Kennel does not know');
    await input.setInputFiles({
      name: 'blank.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('\n\n , \n'),
    });
    await expect(alert).toContainText('no rows');
    await expect(summary(app.page)).toHaveCount(0);
    expect(await app.outboxNames()).toEqual([]);
  });

  test('in Spanish, a file with Spanish headings maps itself, and the preview and the Add speak Spanish', async ({
    app,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await nameCategories(app, { '2': 'Perro', '3': 'Gato' });
    // Spanish, chosen in Settings; it applies at once and stays after a reload.
    const settings = await openSettings(app.page);
    await settings.getByRole('radio', { name: 'Español', exact: true }).check();
    await expect(app.page.locator('html')).toHaveAttribute('lang', 'es');
    await app.page.keyboard.press('Escape');
    await expect(app.page.getByRole('dialog', { name: 'Ajustes' })).toBeHidden();
    await app.reload();
    await app.page.getByRole('button', { name: /^(Import|Importar)$/ }).click();
    const view = app.page.getByRole('region', { name: 'Importar animales' });
    await expect(view.getByRole('heading', { name: 'Importar animales' })).toBeVisible();
    await expect(view).toContainText('Elija un archivo o pegue celdas arriba');

    const [luna, sol] = uniqueNames('Hoja', 2);
    const csv = [
      'Nombre;Categoría;Estado',
      `${luna};perro;available`,
      `${sol};3;`,
      'Nube;Unicornio;',
    ];
    await view.getByLabel('Archivo de hoja de cálculo (CSV o TSV)').setInputFiles({
      name: 'traslado.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\r\n'), 'utf8'),
    });
    await expect(view.getByLabel('Columna del nombre')).toHaveValue('0');
    await expect(view.getByLabel('Columna de la categoría')).toHaveValue('1');
    await expect(view.getByLabel('Columna del estado')).toHaveValue('2');
    await expect(view.getByLabel('La primera fila tiene los encabezados')).toBeChecked();
    await expect(summary(app.page)).toHaveText('2 listas para añadir, 1 por corregir.');
    const table = view.getByRole('table', { name: 'Filas de traslado.csv' });
    await expect(table.getByRole('columnheader', { name: 'Categoría' })).toBeVisible();
    const first = table.getByRole('row').filter({ hasText: `${luna}` });
    await expect(first).toContainText('Disponible');
    await expect(first).toContainText('Lista');
    await expect(
      view.getByText('Ninguna categoría se llama «Unicornio».', { exact: false }),
    ).toBeVisible();
    await expect(view.locator('.import-estimate')).toContainText('2 animales:');
    // On a phone-width window the page itself never scrolls sideways.
    await app.page.setViewportSize({ width: 360, height: 740 });
    const widths = await app.page.evaluate(() => {
      const { document } = globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      };
      return [document.documentElement.scrollWidth, document.documentElement.clientWidth];
    });
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await expectNoAxeViolations(app.page, 'import preview, Spanish, 360 px');
    await app.page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(app.page, 'import preview, Spanish, 360 px, dark');
    await app.page.getByRole('button', { name: 'Ajustes' }).click();
    // The category names, in Settings, speak Spanish too.
    const cats = app.page.getByRole('region', { name: 'Categorías' });
    await cats.scrollIntoViewIfNeeded();
    await expect(cats.getByRole('button', { name: 'Importar archivo…' })).toBeVisible();
    await expectNoAxeViolations(app.page, 'categories, Spanish, 360 px, dark');
    await app.page.keyboard.press('Escape');
    await expect(cats).toBeHidden();

    await view.getByRole('button', { name: 'Añadir 2 animales' }).click();
    await expect(view.getByText('2 animales en cola.', { exact: false })).toBeVisible();
    await expect(summary(app.page)).toHaveText('0 listas para añadir, 1 por corregir.');
    // The rows left go back to the spreadsheet headed in Spanish, which this import reads again.
    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      view.getByRole('button', { name: 'Exportar como CSV la fila que queda' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('kennel-filas-por-corregir.csv');
    const left = await readFile(await download.path(), 'utf8');
    expect(left.split('\r\n')[0]).toBe('"Fila","Nombre","Categoría","Estado","Problema"');
    const sent = (name: string | undefined) =>
      String(service.state.pets().find((pet) => pet.name === name)?.categoryId);
    await expect.poll(() => [sent(luna), sent(sol)]).toEqual(['2', '3']);
  });
});
