import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { escapeRegExp } from '../helpers/e2e/kennel-app';

/** The reference service's message for an injected fault. */
// Quoted as the service said it, without Kennel's own wording around it.
const SERVICE_MESSAGE = '“Injected fault: the request had no effect”.';

async function chooseFile(page: Page, button: Locator, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

async function downloaded(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const download: Promise<Download> = page.waitForEvent('download');
  await button.click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test.describe('categories by name', () => {
  test('names kept in Settings show everywhere, and the form takes a name or a number', async ({
    app,
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    await app.openWithKey(KEYS.pro);

    // The list starts empty, with a hint and no invented names.
    await expect(
      page.getByText('Type the category number. Names can be given to numbers in Settings.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const section = settings.getByRole('region', { name: 'Categories' });
    await expect(section).toContainText('for the Local profile only');
    await expect(section).toContainText('No categories yet.');

    // One by hand, by keyboard.
    await section.getByLabel('Category number', { exact: true }).fill('2');
    await section.getByLabel('Category name', { exact: true }).fill('Dog');
    await page.keyboard.press('Enter');
    await expect(section.getByText('Added \u201cDog\u201d as category 2.')).toBeVisible();

    // A file with a mistake changes nothing and says which row is wrong.
    const importButton = section.getByRole('button', { name: 'Import file…' });
    await chooseFile(page, importButton, 'wrong.csv', 'number,name\nthree,Cat\n');
    await expect(section.getByRole('alert')).toContainText(
      'Row 2: \u201cthree\u201d is not a category number.',
    );
    // The corrected file adds what is new and leaves Dog as it is.
    await chooseFile(page, importButton, 'shelter.csv', 'Number,Name\n3,Cat\n5,Rabbit\n2,Dog\n');
    await expect(section.getByText('shelter.csv: Added 2 categories.')).toBeVisible();
    await expect(section.getByRole('alert')).toHaveCount(0);
    const table = section.getByRole('table', { name: 'Categories of the Local profile' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByLabel('Name of category 5')).toHaveValue('Rabbit');

    const csv = await downloaded(page, section.getByRole('button', { name: 'Export CSV' }));
    expect(csv.name).toBe('kennel-local-categories.csv');
    expect(csv.text).toBe('\uFEFF"number","name"\r\n"2","Dog"\r\n"3","Cat"\r\n"5","Rabbit"\r\n');
    const json = await downloaded(page, section.getByRole('button', { name: 'Export JSON' }));
    expect(json.name).toBe('kennel-local-categories.json');
    expect(JSON.parse(json.text)).toEqual([
      { number: '2', name: 'Dog' },
      { number: '3', name: 'Cat' },
      { number: '5', name: 'Rabbit' },
    ]);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    // The Category field takes a name in any case, or a number the list does not name.
    await app.addAnimal({ name: 'Bella', categoryId: 'dog' });
    // Typed key by key and ended with Enter, while the name list offers "Cat".
    await app.typeAnimalByKeys({ name: 'Tom', categoryId: 'CAT', status: 'pending' });
    await expect(page.getByText(/^\s*(Queued Tom for sync|Added Tom)\.\s*$/)).toBeVisible();
    await app.addAnimal({ name: 'Stray', categoryId: '17' });
    await app.expectWaiting(0);
    const sent = (name: string) => service.state.pets().find((p) => p.name === name)?.categoryId;
    expect([sent('Bella'), sent('Tom'), sent('Stray')]).toEqual([2n, 3n, 17n]);

    // The list: the name, with the number beside it; an unnamed number as "Category 17".
    await expect(app.rowNamed('Bella')).toContainText('Dog (2)');
    await expect(app.rowNamed('Tom')).toContainText('Cat (3)');
    await expect(app.rowNamed('Stray')).toContainText('Category 17');

    // The details.
    await app.rowNamed('Bella').click();
    const details = page.getByRole('complementary', { name: 'Animal details' });
    await expect(details).toContainText('Bella');
    await expect(details.getByRole('definition').filter({ hasText: 'Dog' })).toHaveText(
      /^\s*Dog\s*\(2\)\s*$/,
    );
    // The drawer covers the add form; Escape gives it up.
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);

    // The duplicate warning, for the same animal typed again by number.
    await app.submitAnimal({ name: 'bella', categoryId: '2' });
    const warning = page.getByRole('alert').filter({
      hasText: /^Bella \(Dog\) was added \d+ seconds? ago\. Add another\?$/,
    });
    await expect(warning).toBeVisible();
    const held = page.getByRole('region', { name: 'Already added?' });
    await expect(held).toContainText('Not added yet: bella · Dog (2) · No status');
    await held.getByRole('button', { name: 'Don’t add' }).click();
    await expect(held).toHaveCount(0);

    // Needs attention: a refused animal shows its category by name, and Edit offers the name.
    service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
    await app.addAnimal({ name: 'Hopper', categoryId: 'Rabbit' });
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');
    await app.needsAttentionButton().click();
    const item = app.needsAttention().getByRole('listitem').filter({ hasText: 'Hopper' });
    await expect(item).toContainText('Rabbit (5) · No status');
    await expect(item).toContainText(SERVICE_MESSAGE);
    service.state.setFaults({});
    await item.getByRole('button', { name: 'Edit Hopper' }).click();
    const category = item.getByLabel('Category', { exact: true });
    await expect(category).toHaveValue('Rabbit');
    await category.fill('cat');
    await expect(item.getByText('Category number 3.')).toBeVisible();
    await item.getByRole('button', { name: 'Save and resend' }).click();
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (0)');
    await expect.poll(() => sent('Hopper')).toBe(3n);

    // A rename in Settings shows at once in the list, and search finds animals by category name.
    await page.getByRole('button', { name: 'Settings' }).click();
    await section.getByLabel('Name of category 2').fill('Hound');
    await page.keyboard.press('Enter');
    await expect(section.getByText('Category 2 is now called \u201cHound\u201d.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(app.rowNamed('Bella')).toContainText('Hound (2)');
    await app.searchBox().fill('houn');
    await expect(app.rowNamed('Bella')).toHaveCount(1);
    await expect(app.rowNamed('Tom')).toHaveCount(0);
    for (const row of await app.visibleRows()) {
      expect(row.category, row.name).toMatch(new RegExp(`^${escapeRegExp('Hound (2)')}$`));
    }
    // An unnamed number is found as the list writes it, whole: "Category 17" is not 1 or 170.
    await app.searchBox().fill('category 17');
    await expect(app.dataRows()).toHaveCount(1);
    await expect(app.rowNamed('Stray')).toContainText('Category 17');
  });
});
