import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { saveDeskFile } from '../helpers/e2e/desk-file';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';
import { takeInWithRecord } from '../helpers/e2e/record-form';

/**
 * In a browser, which may clear what a site keeps, the header says once a day
 * that the desk's records have gone a week without being saved to a file.
 * The page's clock is Playwright's: days pass without waiting for them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A Monday morning, local time: the reminder's days are this computer's days. */
const MONDAY = new Date(2026, 10, 2, 9, 0, 0).getTime();

test.describe('the reminder to save the desk to a file', () => {
  test('comes after a week with records, once a day, and not after a save', async ({
    app,
    page,
  }, testInfo) => {
    await page.clock.install({ time: MONDAY });
    await app.openWithKey(KEYS.pro);
    const reminder = page.getByRole('status').filter({ hasText: 'have not been saved to a file' });
    const name = uniqueNames('Reminded', 1)[0] ?? '';
    await takeInWithRecord(app, { name, categoryId: '2' }, { kennel: 'Dogs A1' });
    await app.expectWaiting(0);
    /**
     * Once the animal is found by its kennel, the records are read, and the
     * reminder, which reads the same records, has made up its mind.
     */
    const recordsRead = async (): Promise<void> => {
      await app.searchBox().fill('Dogs A1');
      await expect(app.rowNamed(name)).toBeVisible();
      await app.searchBox().fill('');
    };
    // Records, but not a week old: nothing said.
    await app.reload();
    await recordsRead();
    await expect(reminder).toHaveCount(0);

    await page.clock.setSystemTime(MONDAY + 8 * DAY_MS);
    await app.reload();
    await expect(reminder).toBeVisible();
    await expectNoAxeViolations(page, 'the reminder to save the desk to a file');
    await reminder.getByRole('button', { name: 'Not today' }).click();
    await expect(reminder).toHaveCount(0);
    // Put away for the day: not again today, again tomorrow.
    await app.reload();
    await recordsRead();
    await expect(reminder).toHaveCount(0);
    await page.clock.setSystemTime(MONDAY + 9 * DAY_MS);
    await app.reload();
    await expect(reminder).toBeVisible();

    // Saved from Settings: a week's quiet again.
    await saveDeskFile(page, testInfo.outputPath('desk.kennel'));
    await page.clock.setSystemTime(MONDAY + 10 * DAY_MS);
    await app.reload();
    await recordsRead();
    await expect(reminder).toHaveCount(0);
  });
});
