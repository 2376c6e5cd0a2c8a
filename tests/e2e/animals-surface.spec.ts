import type { Locator } from '@playwright/test';
import { uniqueNames } from '../helpers/e2e/names';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { statusLabel } from '../helpers/e2e/kennel-app';

/** Whether the element shows all of its content across: nothing cut, nothing to scroll sideways. */
function fitsAcross(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el.scrollWidth <= el.clientWidth);
}

test.describe('the animals list and the add form', () => {
  test('a refused animal needs attention in the list, and the form says only that', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);

    const [name] = uniqueNames('Refused', 1);
    if (name === undefined) throw new Error('names');
    service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
    await app.addAnimal({ name, categoryId: '6', status: 'available' });
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');
    await app.expectWaiting(0);

    // The list agrees with the sync panel: nothing waits, this one needs a person.
    await expect(app.rowNamed(name)).toContainText('needs attention');
    await expect(app.rowNamed(name)).not.toContainText('waiting to be sent');

    // One outcome at a time, in whole sentences.
    const refused = page.getByRole('alert').filter({ hasText: `${name} was not added.` });
    await expect(refused).toHaveText(/^\S.*\. It is kept under Needs attention\.$/);
    await expect(page.getByText(`Queued ${name} for sync.`)).toHaveCount(0);
    await expect(page.getByText(`Added ${name}.`)).toHaveCount(0);
  });

  test('at 360 and 390 px the Status column is whole and the page does not scroll sideways', async ({
    app,
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await app.open();
    await app.enterKey(KEYS.pro);
    const statuses = ['available', 'pending', 'sold'] as const;
    const names = uniqueNames('A rather long animal name', statuses.length);
    const animals = statuses.map((status, i) => ({ name: names[i] ?? '', status }));
    for (const { name, status } of animals) {
      await app.addAnimal({ name, categoryId: '2', status });
    }
    await app.expectWaiting(0);

    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 740 });
      for (const { name, status: expected } of animals) {
        const status = app.rowNamed(name).locator('.col-status');
        await expect(status).toHaveText(statusLabel(expected));
        expect(await fitsAcross(status), `${width} px, ${name}: status cell`).toBe(true);
        const chip = status.locator('.status-chip');
        expect(await fitsAcross(chip), `${width} px, ${name}: status chip`).toBe(true);
      }
      for (const header of await app.animalsList().getByRole('columnheader').all()) {
        expect(await fitsAcross(header), `${width} px: ${await header.innerText()}`).toBe(true);
      }
      expect(await fitsAcross(page.locator('html')), `${width} px: page`).toBe(true);
    }
  });

  test('a field message goes away as soon as the value is corrected', async ({ app, page }) => {
    await app.open();
    await app.enterKey(KEYS.pro);

    const find = page.getByLabel('Find by ID', { exact: true });
    await find.fill('forty-two');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const wrongId = page.getByRole('alert').filter({ hasText: 'An animal ID is a whole number' });
    await expect(wrongId).toBeVisible();
    await find.fill('42');
    await expect(wrongId).toHaveCount(0);

    await app.categoryInput().fill('2');
    await app.addButton().click();
    const noName = page.getByRole('alert').filter({ hasText: 'Name is required.' });
    await expect(noName).toBeVisible();
    await expect(app.nameInput()).toBeFocused();
    await app.nameInput().fill('Corrected');
    await expect(noName).toHaveCount(0);
  });

  test('a lookup while the service is down speaks of the lookup, calmly', async ({
    app,
    page,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await service.stop();

    await page.getByLabel('Find by ID', { exact: true }).fill('987654321987');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const details = page.getByRole('complementary', { name: 'Animal details' });
    await expect(details).toContainText(
      "Couldn't look up animal 987654321987 while the service can't be reached.",
    );
    await expect(details.getByRole('alert')).toHaveCount(0);
    await expect(details).not.toContainText('your work is kept');
    await expect(details.getByText('Details', { exact: true })).toBeVisible();
  });
});
