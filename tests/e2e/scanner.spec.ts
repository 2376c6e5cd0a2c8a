import type { Locator, Page } from '@playwright/test';
import type { StoredPet } from '../../server/types';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';

/**
 * A USB barcode scanner is a keyboard: it types an animal's ID and presses
 * Enter, as fast as the keyboard goes. Scanned anywhere but a field being
 * edited, the card opens that animal's details; scanned into Search, too.
 * Every scan here is typed with no pause at all, as a scanner does.
 */

function details(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Animal details' });
}

/** The ID the details drawer shows, exactly as written. */
function shownId(page: Page): Locator {
  return details(page).locator('dt', { hasText: /^ID$/ }).locator('xpath=following-sibling::dd[1]');
}

/** What a scanner sends: the digits, then Enter, with no pause. */
async function scan(page: Page, id: string): Promise<void> {
  await page.keyboard.type(id);
  await page.keyboard.press('Enter');
}

async function expectOpened(page: Page, pet: StoredPet): Promise<void> {
  await expect(details(page)).toBeVisible();
  await expect(shownId(page)).toHaveText(pet.id.toString());
  await expect(details(page)).toContainText(pet.name);
}

/** Opens the app on Local, waits for the list, and gives the focus to the page itself. */
async function openOnList(app: KennelApp, page: Page): Promise<void> {
  await app.openWithKey(KEYS.pro);
  await expect(app.dataRows().first()).toBeVisible();
  await page.locator('body').click({ position: { x: 1, y: 1 } });
}

/** An animal of the service that the list does not start on, so a scan is what opens it. */
function someAnimal(pets: StoredPet[], skip = 0): StoredPet {
  const pet = [...pets].reverse()[skip];
  if (pet === undefined) throw new Error('the service has no animals');
  return pet;
}

function viewButton(page: Page, name: 'Animals' | 'Import' | 'Orders'): Locator {
  return page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name });
}

test.describe('scanning an animal card', () => {
  test('with nothing focused, a scan opens that animal', async ({ app, page, service }) => {
    await openOnList(app, page);
    await expect(page.locator('body')).toBeFocused();
    const pet = someAnimal(service.state.pets());

    await scan(page, pet.id.toString());
    await expectOpened(page, pet);

    // A second card straight after opens the next animal.
    const next = someAnimal(service.state.pets(), 1);
    await scan(page, next.id.toString());
    await expectOpened(page, next);
  });

  test('over a focused button the scan opens the animal and the button does nothing', async ({
    app,
    page,
    service,
  }) => {
    await openOnList(app, page);
    const pets = service.state.pets();

    // The Enter would open the keyboard help.
    const help = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await help.focus();
    const first = someAnimal(pets);
    await scan(page, first.id.toString());
    await expectOpened(page, first);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The Enter would switch to Orders.
    await viewButton(page, 'Orders').focus();
    const second = someAnimal(pets, 1);
    await scan(page, second.id.toString());
    await expectOpened(page, second);
    await expect(viewButton(page, 'Animals')).toHaveAttribute('aria-pressed', 'true');
    await expect(viewButton(page, 'Orders')).toHaveAttribute('aria-pressed', 'false');

    // The Enter would open the focused row's animal instead.
    const row = app.dataRows().first();
    const rowId = (await app.visibleRows())[0]?.id;
    const third = pets.find((p) => p.id.toString() !== rowId && p !== second);
    if (third === undefined) throw new Error('expected another animal');
    await row.focus();
    await scan(page, third.id.toString());
    await expectOpened(page, third);
  });

  test('from the Import view, a scan goes back to Animals and opens the animal', async ({
    app,
    page,
    service,
  }) => {
    await openOnList(app, page);
    await viewButton(page, 'Import').click();
    await expect(viewButton(page, 'Import')).toHaveAttribute('aria-pressed', 'true');
    await expect(app.searchBox()).toBeHidden();
    // The Import button keeps the focus: its Enter would stay on Import.
    await expect(viewButton(page, 'Import')).toBeFocused();
    const pet = someAnimal(service.state.pets());

    await scan(page, pet.id.toString());
    await expect(viewButton(page, 'Animals')).toHaveAttribute('aria-pressed', 'true');
    await expect(viewButton(page, 'Import')).toHaveAttribute('aria-pressed', 'false');
    await expectOpened(page, pet);
    await expect(app.searchBox()).toBeVisible();
  });

  test('in Search, a scan opens the animal; a name search works as before', async ({
    app,
    page,
    service,
  }) => {
    await openOnList(app, page);
    const pets = service.state.pets();
    const named = pets.find((p) => /^[A-Za-z]/.test(p.name));
    if (named === undefined) throw new Error('expected an animal with a name');

    // Letters filter the list as they are typed; Enter on them opens nothing.
    await app.searchBox().click();
    await page.keyboard.type(named.name);
    await page.keyboard.press('Enter');
    await expect(app.rowNamed(named.name).first()).toBeVisible();
    await expect(app.searchBox()).toHaveValue(named.name);
    await expect(details(page)).toHaveCount(0);

    await app.searchBox().fill('');
    const pet = someAnimal(pets);
    await app.searchBox().click();
    await scan(page, pet.id.toString());
    await expectOpened(page, pet);

    // The next card scanned into Search replaces the last one's digits.
    const next = someAnimal(pets, 1);
    await app.searchBox().focus();
    await scan(page, next.id.toString());
    await expectOpened(page, next);
    await expect(app.searchBox()).toHaveValue(next.id.toString());
  });

  test('in the add form, the digits are the name being typed, not a scan', async ({
    app,
    page,
    service,
  }) => {
    await openOnList(app, page);
    const pet = someAnimal(service.state.pets());
    await app.nameInput().click();

    await page.keyboard.type(pet.id.toString());
    await expect(app.nameInput()).toHaveValue(pet.id.toString());
    await page.keyboard.press('Enter');
    // Enter is the form's own: it asks for a category and keeps the name.
    await expect(app.nameInput()).toHaveValue(pet.id.toString());
    await expect(page.getByRole('alert').filter({ hasText: /category/i })).toBeVisible();
    await expect(details(page)).toHaveCount(0);
  });
});

test.describe('scanning a card with an ID above 2^53', () => {
  test.use({ serviceOptions: { bigIds: true } });

  test('opens the animal with exactly that ID, to the last digit', async ({
    app,
    page,
    service,
  }) => {
    const pets = service.state.pets();
    // An ID a JavaScript number cannot hold: read as a number it would be another animal's.
    const pet = pets.find((p) => BigInt(Number(p.id)) !== p.id && p !== pets[0]);
    if (pet === undefined) throw new Error('expected an ID above 2^53 that a number rounds');
    expect(pet.id > 2n ** 53n).toBe(true);
    await openOnList(app, page);

    await scan(page, pet.id.toString());
    await expectOpened(page, pet);

    // And scanned into Search too.
    const other = pets.find((p) => BigInt(Number(p.id)) !== p.id && p !== pet);
    if (other === undefined) throw new Error('expected a second such ID');
    await app.searchBox().click();
    await scan(page, other.id.toString());
    await expectOpened(page, other);
  });
});
