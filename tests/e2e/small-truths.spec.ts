import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { nameCategories, openSettings } from '../helpers/e2e/settings';

/**
 * Small things the desk says, read as staff read them: an animal's name and
 * its ID apart in Cards to print, a correction that shows the category by the
 * name staff gave it, and a search for a number that puts the animal with that
 * ID first and says which rows are there only for their category.
 */

function cardsDue(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Kennel cards' })
    .getByRole('region', { name: /^Cards to print/ });
}

function heldItem(app: KennelApp, name: string): Locator {
  return app.page
    .getByRole('region', { name: 'Waiting to be sent' })
    .getByRole('listitem')
    .filter({ has: app.page.getByText(name, { exact: true }) });
}

/** Switches the theme or the language in Settings, as staff do, and closes it. */
async function chooseInSettings(page: Page, radio: string, dialog = 'Settings'): Promise<void> {
  const settings = await openSettings(page, dialog);
  await settings.getByRole('radio', { name: radio, exact: true }).check();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
}

test.describe('small truths', () => {
  test('Cards to print names each animal and its ID apart, to the eye and to a screen reader', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Card', 1);
    if (name === undefined) throw new Error('name');
    await app.enterAnimals([{ name, categoryId: '4' }]);
    await expectEachOnService(service, [name]);
    const id = service.state
      .pets()
      .find((pet) => pet.name === name)
      ?.id.toString();

    const item = cardsDue(page).getByRole('listitem');
    await expect(item).toHaveCount(1);
    // What a screen reader reads: the name, a pause, then the ID.
    await expect(item).toHaveText(`${name}, ID ${id}`);
    // What the eye sees: the ID stands apart from the name, never joined to it.
    const shownName = await item.getByText(name, { exact: true }).boundingBox();
    const shownId = await item.getByText(`ID ${id}`, { exact: true }).boundingBox();
    if (shownName === null || shownId === null) throw new Error('name and ID are not shown');
    const beside = shownId.x >= shownName.x + shownName.width + 8;
    const below = shownId.y >= shownName.y + shownName.height;
    expect(beside || below, 'the ID stands apart from the name').toBe(true);
    await expectNoAxeViolations(page, 'cards to print');
    await chooseInSettings(page, 'Dark');
    await expectNoAxeViolations(page, 'cards to print, dark');
  });

  test('Edit in the hold shows the category by its name, and Save keeps that category', async ({
    app,
    service,
  }) => {
    app.holdSeconds = 60;
    await app.openWithKey(KEYS.pro);
    await nameCategories(app, { '3': 'Ferret' });
    const [named, unnamed] = uniqueNames('EditCat', 2);
    if (named === undefined || unnamed === undefined) throw new Error('names');
    // Typed by its number: staff still know it as Ferret.
    await app.enterAnimals([
      { name: named, categoryId: '3' },
      { name: unnamed, categoryId: '5' },
    ]);

    await heldItem(app, named)
      .getByRole('button', { name: `Edit ${named}` })
      .click();
    const correction = app.page.getByRole('form', { name: `Correct ${named}` });
    await expect(correction.getByLabel('Category', { exact: true })).toHaveValue('Ferret');
    await correction.getByRole('button', { name: 'Save' }).click();
    await expect(heldItem(app, named)).toContainText('Ferret (3)');

    // A number with no name is shown as the number.
    await heldItem(app, unnamed)
      .getByRole('button', { name: `Edit ${unnamed}` })
      .click();
    const other = app.page.getByRole('form', { name: `Correct ${unnamed}` });
    await expect(other.getByLabel('Category', { exact: true })).toHaveValue('5');
    await other.getByRole('button', { name: 'Save' }).click();

    await heldItem(app, named)
      .getByRole('button', { name: `Send now ${named}` })
      .click();
    await heldItem(app, unnamed)
      .getByRole('button', { name: `Send now ${unnamed}` })
      .click();
    await expectEachOnService(service, [named, unnamed]);
    const categoryOf = (name: string): string | undefined =>
      service.state
        .pets()
        .find((pet) => pet.name === name)
        ?.categoryId.toString();
    expect([categoryOf(named), categoryOf(unnamed)]).toEqual(['3', '5']);
  });

  test('a search for a number puts the animal with that ID first and marks the rows found by their category', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    // The service's own animals: ID 3 is in category 3, and so are others.
    const inThree = service.state
      .pets()
      .filter((pet) => pet.categoryId.toString() === '3' && pet.id.toString() !== '3');
    const three = service.state.pets().find((pet) => pet.id.toString() === '3');
    if (three === undefined || inThree.length === 0) throw new Error('the service has no ID 3');
    // One more whose name has a 3 in it, in another category: found by its name.
    const [stem] = uniqueNames('Tiger', 1);
    const byName = `${stem ?? 'Tiger'} 3`;
    await app.enterAnimals([{ name: byName, categoryId: '2' }]);
    await expectEachOnService(service, [byName]);
    await app.expectWaiting(0);

    // Sorted by name, as a desk may have left the list.
    await app.sortButton('Name').click();
    await app.searchBox().fill('3');
    await expect(app.listCounts()).toHaveText(
      new RegExp(`^Showing ${inThree.length + 2} of [\\d,]+ animals on this computer$`),
    );
    const rows = await app.visibleRows();
    expect(rows[0]).toMatchObject({ name: three.name, id: '3' });

    const hint = 'found by category';
    for (const pet of inThree) {
      await expect(app.rowNamed(pet.name).filter({ hasText: `${pet.id}` })).toContainText(hint);
    }
    await expect(app.rowNamed(three.name).filter({ hasText: hint })).toHaveCount(0);
    await expect(app.rowNamed(byName)).toHaveCount(1);
    await expect(app.rowNamed(byName).filter({ hasText: hint })).toHaveCount(0);
    await expectNoAxeViolations(page, 'search for a number');

    await chooseInSettings(page, 'Dark');
    await expectNoAxeViolations(page, 'search for a number, dark');
    await chooseInSettings(page, 'Español');
    const spanish = page.getByRole('table', { name: 'Animales' }).getByRole('row');
    await expect(spanish.filter({ hasText: 'por su categoría' })).toHaveCount(inThree.length);
    await expectNoAxeViolations(page, 'search for a number, Spanish');
  });
});
