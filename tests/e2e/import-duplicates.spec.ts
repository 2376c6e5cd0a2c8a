import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { escapeRegExp } from '../helpers/e2e/kennel-app';
import { chooseCsvFile, importRow, importSummary, openImport } from '../helpers/e2e/import-view';
import { uniqueNames } from '../helpers/e2e/names';

const FILE = 'transfer.csv';

test.describe('look-alikes in an import', () => {
  test('rows like an animal added here, and rows repeated in the file, are held back; only the ones ticked “Add anyway” reach the service', async ({
    app,
    service,
  }) => {
    test.setTimeout(120_000);
    await app.openWithKey(KEYS.pro);
    const [bella, max, luna] = uniqueNames('Look', 3);
    if (bella === undefined || max === undefined || luna === undefined) throw new Error('names');

    // Bella was added at this desk a moment ago.
    await app.enterAnimalAtOnce({ name: bella, categoryId: '2' });
    await expect(app.page.getByText(`Added ${bella}.`, { exact: true })).toBeVisible();

    // The transfer list has her again, and a pair of rows that repeat each other.
    const view = await openImport(app.page);
    await chooseCsvFile(view, FILE, [
      'Name,Category,Status',
      `${bella},2,available`, // row 2: added here already (another status changes nothing)
      `${max},3,`, // row 3
      `${max.toLowerCase()},3,`, // row 4: the same as row 3, in other case
      `${bella},4,`, // row 5: the same name in another category is another animal
      `${luna},5,pending`, // row 6
      `${bella.toUpperCase()},2,`, // row 7: the same as row 2
    ]);

    await expect(importSummary(view)).toHaveText(
      '3 ready to add, 3 that look like animals already added.',
    );
    await expect(importRow(view, FILE, 2)).toContainText(
      new RegExp(`${escapeRegExp(bella)} \\(Category 2\\) was added \\d+ seconds? ago\\.`),
    );
    await expect(importRow(view, FILE, 4)).toContainText('Same name and category as row 3.');
    await expect(importRow(view, FILE, 7)).toContainText('Same name and category as row 2.');
    for (const line of [3, 5, 6]) {
      await expect(importRow(view, FILE, line)).toContainText('Ready');
      await expect(
        importRow(view, FILE, line).getByRole('checkbox', { name: 'Add anyway' }),
      ).toHaveCount(0);
    }
    await expect(view.getByRole('button', { name: 'Add 3 animals' })).toBeEnabled();

    // Max really has a twin: row 4 is added too. Rows 2 and 7 are left out.
    const twin = importRow(view, FILE, 4).getByRole('checkbox', { name: 'Add anyway' });
    await expect(twin).not.toBeChecked();
    await twin.check();
    await expect(importSummary(view)).toHaveText(
      '4 ready to add, 2 that look like animals already added.',
    );
    await view.getByRole('button', { name: 'Add 4 animals' }).click();
    await expect(view.getByText('Queued 4 animals.', { exact: false })).toBeVisible();
    // What was not chosen stays, still marked, to add or export later.
    await expect(importSummary(view)).toHaveText(
      '0 ready to add, 2 that look like animals already added.',
    );
    await expect(importRow(view, FILE, 2)).toBeVisible();
    await expect(importRow(view, FILE, 7)).toBeVisible();
    await expect(view.getByRole('button', { name: 'Export the 2 rows left as CSV' })).toBeVisible();

    const sameName = (name: string, categoryId: number): number =>
      service.state.pets().filter((p) => p.name === name && p.categoryId === BigInt(categoryId))
        .length;
    await expect
      .poll(() => [
        sameName(max, 3),
        sameName(max.toLowerCase(), 3),
        sameName(bella, 4),
        sameName(luna, 5),
      ])
      .toEqual([1, 1, 1, 1]);
    await app.expectWaiting(0);
    // Bella in category 2 is there once, from the form; neither look-alike row was sent.
    expect(sameName(bella, 2)).toBe(1);
    expect(sameName(bella.toUpperCase(), 2)).toBe(0);
    expect(service.state.stats.created).toBe(5);

    // Looking again, row 2 is another Bella after all: ticked, it is added; row 7 never is.
    await importRow(view, FILE, 2).getByRole('checkbox', { name: 'Add anyway' }).check();
    await expect(importSummary(view)).toHaveText(
      '1 ready to add, 1 that looks like an animal already added.',
    );
    await view.getByRole('button', { name: 'Add 1 animal' }).click();
    await expect(view.getByText('Queued 1 animal.', { exact: false })).toBeVisible();
    await expect(importSummary(view)).toHaveText(
      '0 ready to add, 1 that looks like an animal already added.',
    );
    await expect.poll(() => sameName(bella, 2)).toBe(2);
    await app.expectWaiting(0);
    // One from the form (no status) and row 2 of the file (available).
    const bellas = service.state.pets().filter((p) => p.name === bella && p.categoryId === 2n);
    expect(bellas.map((p) => p.status ?? '(not set)').sort()).toEqual(['(not set)', 'available']);
    expect(sameName(bella.toUpperCase(), 2)).toBe(0);
    expect(service.state.stats.created).toBe(6);
  });
});
