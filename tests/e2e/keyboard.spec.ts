import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { countByName, uniqueNames } from '../helpers/e2e/names';

/**
 * The keyboard alone: the skip link, the shortcuts and an intake typed the
 * way a person types, with no pause between keys or between animals.
 */
test.describe('keyboard only', () => {
  test('skip link, n, Tab and Enter add two animals typed straight after each other', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    await expect(app.dataRows().first()).toBeVisible();
    const [first, second] = uniqueNames('Keys', 2);
    if (first === undefined || second === undefined) throw new Error('names');

    // The skip link is the first stop of Tab, shown while it has focus.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    await page.keyboard.press('n');
    await expect(app.nameInput()).toBeFocused();
    // "n" moved the cursor; it did not type itself into the field.
    await expect(app.nameInput()).toHaveValue('');

    for (const name of [first, second]) {
      await page.keyboard.type(name);
      await page.keyboard.press('Tab');
      await page.keyboard.type('3');
      await page.keyboard.press('Tab');
      // Status: a closed select takes a letter to pick "available"; Tab goes on to Add animal.
      await page.keyboard.press('a');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
    }

    await app.expectWaiting(0);
    await expect
      .poll(() => {
        const counts = countByName(service.state.pets().map((p) => p.name));
        return [counts.get(first), counts.get(second)];
      })
      .toEqual([1, 1]);
    const created = service.state.pets().filter((p) => p.name === first || p.name === second);
    expect(created.map((p) => p.status)).toEqual(['available', 'available']);
    expect(created.map((p) => p.categoryId.toString())).toEqual(['3', '3']);
    await expect(app.nameInput()).toBeFocused();
  });

  test('/ goes to search, ? opens the shortcuts and Escape gives focus back', async ({
    app,
    page,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect(app.dataRows().first()).toBeVisible();

    const refresh = app.refreshButton();
    await refresh.focus();
    await page.keyboard.press('/');
    await expect(app.searchBox()).toBeFocused();
    await expect(app.searchBox()).toHaveValue('');

    // In a field the keys are text, not shortcuts.
    await page.keyboard.type('n/?');
    await expect(app.searchBox()).toHaveValue('n/?');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await app.searchBox().fill('');

    await refresh.focus();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (const action of ['Go to Name in the add form', 'Go to Search over the animals list']) {
      await expect(help.getByRole('row').filter({ hasText: action })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    await expect(refresh).toBeFocused();

    // Ctrl chords stay the browser's.
    await page.keyboard.press('Control+n');
    await expect(app.nameInput()).not.toBeFocused();

    // From another view, n comes back to the animals and their form.
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Orders' })
      .click();
    await page.keyboard.press('n');
    await expect(app.nameInput()).toBeFocused();
  });
});
