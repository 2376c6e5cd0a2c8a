import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { pageDay, takeInWithRecord, recordOutcome } from '../helpers/e2e/record-form';
import { openSettings } from '../helpers/e2e/settings';

/**
 * The Overview's part from the intake records: today's intake by how each
 * animal came in ("Not recorded" for one taken in without), the strays whose
 * hold ends today and tomorrow with their kennel, and today's outcomes. The
 * records are typed in the add form, as staff do, and still count once the
 * animals have their IDs.
 */

function overview(page: Page): Locator {
  return page.getByRole('region', { name: 'The day at a glance' });
}

async function openOverview(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Overview' })
    .click();
  const region = overview(page);
  await expect(region.getByRole('heading', { name: 'The day at a glance' })).toBeVisible();
  return region;
}

/** A table's lines as its row headings and its one other cell each: { "Stray": "2", … }. */
async function tableFigures(table: Locator): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  for (const row of await table.locator('tbody tr').all()) {
    const name = (await row.getByRole('rowheader').innerText()).trim();
    figures[name] = (await row.getByRole('cell').innerText()).trim();
  }
  return figures;
}

test.describe('the Overview from the intake records', () => {
  test('counts today’s intake by how it came in, names the holds ending today and tomorrow, and today’s outcomes', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    const [endsToday, endsTomorrow, adopted, bare, later] = uniqueNames('Record', 5);
    if (!endsToday || !endsTomorrow || !adopted || !bare || !later) throw new Error('names');
    const today = await pageDay(page);

    await takeInWithRecord(
      app,
      { name: endsToday, categoryId: '2' },
      { intakeType: 'Stray', kennel: 'Dogs A1', holdUntil: today },
    );
    await takeInWithRecord(
      app,
      { name: endsTomorrow, categoryId: '2' },
      { intakeType: 'Stray', kennel: 'Dogs A2', holdUntil: await pageDay(page, 1) },
    );
    await takeInWithRecord(
      app,
      { name: later, categoryId: '3' },
      { intakeType: 'Stray', holdUntil: await pageDay(page, 2) },
    );
    await takeInWithRecord(
      app,
      { name: adopted, categoryId: '3' },
      { intakeType: 'Owner surrender' },
    );
    // Taken in the quick way, with no record at all.
    await app.enterAnimals([{ name: bare, categoryId: '4' }]);
    await expectEachOnService(service, [endsToday, endsTomorrow, later, adopted, bare]);
    await app.expectWaiting(0);
    await recordOutcome(app, adopted, 'Adopted', today);

    const region = await openOverview(page);
    const records = region.getByRole('region', { name: 'From the intake records' });
    await expect
      .poll(() =>
        tableFigures(records.getByRole('table', { name: "Today's intake by how it came in" })),
      )
      .toEqual({ Stray: '3', 'Owner surrender': '1', 'Not recorded': '1' });
    await expect
      .poll(() => tableFigures(records.getByRole('table', { name: 'Stray holds ending today' })))
      .toEqual({ [endsToday]: 'Dogs A1' });
    await expect
      .poll(() => tableFigures(records.getByRole('table', { name: 'Stray holds ending tomorrow' })))
      .toEqual({ [endsTomorrow]: 'Dogs A2' });
    await expect
      .poll(() => tableFigures(records.getByRole('table', { name: 'Outcomes recorded today' })))
      .toEqual({ [adopted]: 'Adopted' });
    await expectNoAxeViolations(page, 'overview with intake records');

    const settings = await openSettings(page);
    await settings.getByRole('radio', { name: 'Dark', exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(records).toBeVisible();
    await expectNoAxeViolations(page, 'overview with intake records (dark)');
  });

  test('says so when no stray hold ends and no outcome was recorded', async ({ app, page }) => {
    await app.openWithKey(KEYS.pro);
    const region = await openOverview(page);
    const records = region.getByRole('region', { name: 'From the intake records' });
    await expect(records).toContainText('No animals taken in today yet.');
    await expect(records).toContainText('No stray hold ends today.');
    await expect(records).toContainText('No stray hold ends tomorrow.');
    await expect(records).toContainText('No outcome recorded today.');
    await expect(records.getByRole('table')).toHaveCount(0);
  });
});
