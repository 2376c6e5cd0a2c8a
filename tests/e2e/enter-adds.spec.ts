import type { Page } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { countByName, uniqueNames } from '../helpers/e2e/names';

/**
 * Enter adds the animal from whichever field of the add form it is pressed in,
 * the Status select included, exactly once, and the cursor is back in an empty
 * Name before the next key, so a fast hand never types onto the animal before.
 */

/** The field Enter is pressed in. */
type EnterIn = 'name' | 'category' | 'status';

interface TypedAnimal {
  name: string;
  /** As typed in Category: a number or a name from the profile's list. */
  category: string;
  /** The key pressed in the closed Status select ("a" picks Available); none leaves No status. */
  statusKey?: 'a';
  enterIn: EnterIn;
}

/**
 * Types an animal with the keyboard alone, from wherever the cursor is: the
 * name, Tab, the category, then on to the field Enter is pressed in (back to
 * Name with Shift+Tab, or on to Status with Tab). Waits for nothing after.
 */
async function typeAnimal(page: Page, animal: TypedAnimal): Promise<void> {
  await page.keyboard.type(animal.name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(animal.category);
  if (animal.enterIn === 'name') await page.keyboard.press('Shift+Tab');
  if (animal.enterIn === 'status') {
    await page.keyboard.press('Tab');
    if (animal.statusKey !== undefined) await page.keyboard.press(animal.statusKey);
  }
  await page.keyboard.press('Enter');
}

test.describe('Enter in the add form', () => {
  test('Enter in Status adds the animal once and the cursor is back in Name', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Select', 1);
    if (name === undefined) throw new Error('names');

    await app.nameInput().click();
    await typeAnimal(page, { name, category: '4', statusKey: 'a', enterIn: 'status' });

    await expect(
      page.getByText(new RegExp(`^\\s*(Queued ${name} for sync|Added ${name})\\.`)),
    ).toBeVisible();
    await expect(app.nameInput()).toBeFocused();
    await expect(app.nameInput()).toHaveValue('');
    await expect(app.statusSelect()).toHaveValue('');
    // Once: no second, empty submit that would ask for a name.
    const form = page.getByRole('region', { name: 'Add an animal' });
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expectEachOnService(service, [name]);
    await app.expectWaiting(0);
    const created = service.state.pets().filter((p) => p.name === name);
    expect(created.map((p) => [p.categoryId.toString(), p.status])).toEqual([['4', 'available']]);
  });

  test('a burst typed without waiting, Enter from every field, lands each animal once as typed', async ({
    app,
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    await app.openWithKey(KEYS.pro);

    // A name for category 2, so Category offers its suggestion while it is typed.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const categories = settings.getByRole('region', { name: 'Categories' });
    await categories.getByLabel('Category number', { exact: true }).fill('2');
    await categories.getByLabel('Category name', { exact: true }).fill('Dog');
    await page.keyboard.press('Enter');
    await expect(categories.getByText('Added \u201cDog\u201d as category 2.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    // Offline, so the queue on this computer can be read before anything is sent.
    await service.stop();

    const names = uniqueNames('Burst', 12);
    const ways: Omit<TypedAnimal, 'name'>[] = [
      { category: '3', enterIn: 'category' },
      { category: '5', statusKey: 'a', enterIn: 'status' },
      { category: '7', enterIn: 'name' },
      { category: 'Dog', enterIn: 'category' },
      { category: '6', enterIn: 'status' },
      { category: 'dog', statusKey: 'a', enterIn: 'status' },
    ];
    const animals: TypedAnimal[] = names.map((name, i) => ({
      name,
      ...(ways[i % ways.length] as Omit<TypedAnimal, 'name'>),
    }));

    await app.nameInput().click();
    for (const animal of animals) await typeAnimal(page, animal);

    // Each animal queued once, in the order typed, and the form ready for the next.
    await app.expectWaiting(animals.length);
    expect(await app.outboxNames()).toEqual(names);
    await expect(app.nameInput()).toHaveValue('');
    await expect(app.categoryInput()).toHaveValue('');
    await expect(app.statusSelect()).toHaveValue('');
    await expect(app.nameInput()).toBeFocused();

    await service.start();
    await app.syncNowButton().click();
    await expectEachOnService(service, names);
    await app.expectWaiting(0);

    // On the service once each, with its own category and status, and no animal
    // made of parts of two.
    const tag = names[0]?.split(' ').slice(0, 2).join(' ') ?? 'Burst';
    const mine = service.state.pets().filter((p) => p.name.includes(tag));
    expect([...countByName(mine.map((p) => p.name)).entries()].sort()).toEqual(
      names.map((name) => [name, 1]),
    );
    for (const animal of animals) {
      const pet = mine.find((p) => p.name === animal.name);
      expect([pet?.categoryId.toString(), pet?.status], animal.name).toEqual([
        /^dog$/i.test(animal.category) ? '2' : animal.category,
        animal.statusKey === 'a' ? 'available' : undefined,
      ]);
    }
  });
});
