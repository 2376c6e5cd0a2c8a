import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { english, spanish } from '../helpers/e2e/catalogue-words';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import type { ServiceControl } from '../helpers/e2e/service-control';
import { chooseLook, chooseLookIn } from '../helpers/e2e/settings';

type Look = Parameters<typeof chooseLook>[1];
import type { Locator, Page } from '@playwright/test';

/**
 * axe on every screen and dialog, with zero violations of any impact. Each
 * check is soft, so one run names every screen that fails and the summary
 * (`axe-summary.jsonl` in the run's output folder) lists what axe saw on each.
 */

/**
 * An animal in its hold (Settings gives the profile one first: tests start
 * without), then the same animal being corrected: axe on both. `area` and
 * `path` name the catalogue the screen speaks, so the words come from the app.
 */
async function checkHeldAnimal(
  app: KennelApp,
  suffix: string,
  words: (area: string, ...path: string[]) => string,
): Promise<void> {
  const { page } = app;
  await page.getByLabel(words('animals', 'fields', 'name'), { exact: true }).fill('Pip');
  await page.getByLabel(words('animals', 'fields', 'category'), { exact: true }).fill('3');
  await page.keyboard.press('Enter');
  const held = page.getByRole('region', { name: words('hold', 'title') });
  await expect(held.getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page, `an animal on hold${suffix}`);
  await held.getByRole('button', { name: words('hold', 'edit') }).click();
  await expect(held.getByRole('form')).toBeVisible();
  await expectNoAxeViolations(page, `an animal on hold, corrected${suffix}`);
  await held.getByRole('button', { name: words('hold', 'cancel') }).click();
  await held.getByRole('button', { name: words('hold', 'undo') }).click();
  await expect(held.getByRole('listitem')).toHaveCount(0);
}

async function openReady(app: KennelApp): Promise<void> {
  await app.openWithKey(KEYS.pro);
  await expect(app.dataRows().first()).toBeVisible();
}

/**
 * Needs attention (the reference service refuses one animal), then offline
 * with a queue (the service stopped, one animal taken in): axe on both.
 * Returns the refused animal's name.
 */
async function checkAttentionThenOffline(
  app: KennelApp,
  service: ServiceControl,
  prefix: string,
): Promise<string> {
  const [refused, queued] = uniqueNames(prefix, 2);
  if (refused === undefined || queued === undefined) throw new Error('names');
  service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
  await app.addAnimal({ name: refused, categoryId: '6', status: 'available' });
  await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');
  service.state.setFaults({});
  await app.needsAttentionButton().click();
  await expect(app.needsAttention().getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(app.page, 'needs attention');

  await service.stop();
  await app.addAnimal({ name: queued, categoryId: '4' });
  await expect(app.connection()).toHaveText('Offline', { timeout: 15_000 });
  await app.expectWaiting(1);
  await expectNoAxeViolations(app.page, 'offline with a queue');
  return refused;
}

/** Settings, in any language: the header's second button opens the dialog named after it. */
async function openSettings(page: Page, label = 'Settings'): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: label, exact: true }).click();
  const settings = page.getByRole('dialog');
  await expect(settings).toBeVisible();
  return settings;
}

async function checkKeyboardHelp(page: Page, screen: string): Promise<void> {
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, screen);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Orders, its table of the service's statuses and dates in the page's language: axe, then back. */
async function checkOrders(
  page: Page,
  screen: string,
  words: (area: string, ...path: string[]) => string,
): Promise<void> {
  const views = page.getByRole('navigation', { name: words('app', 'views', 'label') });
  await views.getByRole('button', { name: words('app', 'views', 'orders') }).click();
  const table = page.getByRole('table', { name: words('orders', 'caption') });
  await expect(table.getByText(words('orders', 'status', 'delivered'))).toBeVisible();
  await expectNoAxeViolations(page, screen);
  await views.getByRole('button', { name: words('app', 'views', 'animals') }).click();
}

test.describe('axe finds nothing', () => {
  test('on the list, filter, search, Find by ID and the add form', async ({
    app,
    page,
    service,
  }) => {
    await app.open();
    await expect(app.keyDialog()).toBeVisible();
    await expectNoAxeViolations(page, 'key dialog');
    // The tests' computer cannot encrypt a key: the second step asks where to keep it.
    await app.keyDialog().getByLabel('API key', { exact: true }).fill(KEYS.pro);
    await app.keyDialog().getByRole('button', { name: 'Continue' }).click();
    await expect(app.keyDialog().getByRole('group')).toBeVisible();
    await expectNoAxeViolations(page, 'key dialog, where to keep the key');
    await app.keyDialog().getByRole('button', { name: 'Save key' }).click();
    await expect(app.keyDialog()).toBeHidden();
    await app.expectWaiting(0);
    await expect(app.dataRows().first()).toBeVisible();
    await expectNoAxeViolations(page, 'list');

    await app.statusFilter().selectOption('pending');
    await expect(app.listCounts()).toContainText(/Showing/);
    await expectNoAxeViolations(page, 'filter applied');
    await app.statusFilter().selectOption({ index: 0 });

    const first = service.state.pets()[0];
    if (first === undefined) throw new Error('the reference service has no animals');
    await app.searchBox().fill(first.name);
    await expect(app.rowNamed(first.name).first()).toBeVisible();
    await expectNoAxeViolations(page, 'search');
    await app.searchBox().fill('no animal is called this');
    await expect(app.dataRows()).toHaveCount(0);
    await expectNoAxeViolations(page, 'search, nothing found');
    await app.searchBox().fill('');

    await page.getByLabel('Find by ID').fill(first.id.toString());
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByRole('complementary', { name: 'Animal details' })).toContainText(
      first.name,
    );
    await expectNoAxeViolations(page, 'find by ID, found');
    // The drawer covers the side pane; Escape closes it and gives Find the focus back.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Find', exact: true })).toBeFocused();
    const missing = service.state.pets().reduce((max, p) => (p.id > max ? p.id : max), 0n) + 1000n;
    await page.getByLabel('Find by ID').fill(missing.toString());
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: missing.toString() })).toBeVisible();
    await expectNoAxeViolations(page, 'find by ID, not found');
    await page.keyboard.press('Escape');

    await app.addButton().click();
    await expect(app.nameInput()).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'add with errors');
    await app.setHold(30);
    await checkHeldAnimal(app, '', english);
  });

  // One service and one start for every light, English screen after the list's: the
  // queue's and the staging profile's checks come last, as the dark walk has them.
  test('on Settings, keyboard help, Import, Orders, Needs attention, offline with a queue and the staging profile', async ({
    app,
    page,
    service,
  }) => {
    await openReady(app);
    await openSettings(page);
    await expectNoAxeViolations(page, 'settings');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await checkKeyboardHelp(page, 'keyboard help');

    const views = page.getByRole('navigation', { name: 'Views' });
    await views.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('button', { name: 'Import' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('main')).toContainText(/\S/);
    await expectNoAxeViolations(page, 'import');
    await views.getByRole('button', { name: 'Orders' }).click();
    await expect(page.getByRole('region', { name: 'Orders', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Orders', exact: true })).not.toContainText(
      /Loading/,
    );
    await expectNoAxeViolations(page, 'orders');
    await views.getByRole('button', { name: 'Animals' }).click();

    const refused = await checkAttentionThenOffline(app, service, 'Axe');
    // Its form has a Name field of its own beside the add form's.
    await app
      .needsAttention()
      .getByRole('button', { name: `Edit ${refused}` })
      .click();
    await expect(app.needsAttention().getByLabel('Name', { exact: true })).toBeFocused();
    await expectNoAxeViolations(page, 'needs attention, editing');
    await app.needsAttention().getByRole('button', { name: 'Cancel edit' }).click();
    await expect(app.needsAttention().getByLabel('Name', { exact: true })).toHaveCount(0);

    await app.selectProfile('Staging');
    await expect(app.keyDialog('Staging')).toBeVisible();
    await expectNoAxeViolations(page, 'key dialog, staging');
    await app.enterKey(KEYS.pro, 'Staging');
    await expect(app.profileBadge()).toHaveText('STAGING');
    await expect(app.dataRows().first()).toBeVisible();
    await expectNoAxeViolations(page, 'staging profile');
  });

  test('in the dark theme', async ({ app, page, service }) => {
    await openReady(app);
    await app.setHold(30);
    // Chosen in Settings, as staff do: the dialog itself is the first screen seen dark.
    const settings = await openSettings(page);
    await chooseLookIn(settings, { theme: 'dark' });
    await expectNoAxeViolations(page, 'settings');
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(app.dataRows().first()).toBeVisible();
    await expectNoAxeViolations(page, 'list');

    await app.addButton().click();
    await expect(app.nameInput()).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'add with errors');
    await checkHeldAnimal(app, ', dark', english);

    await checkKeyboardHelp(page, 'keyboard help');
    await checkOrders(page, 'orders, dark', english);

    await app.setHold(0);
    await checkAttentionThenOffline(app, service, 'Dark');

    // Staging's amber marking is the colour most at risk of low contrast.
    await app.selectProfile('Staging');
    await app.enterKey(KEYS.pro, 'Staging');
    await expect(app.profileBadge()).toHaveText('STAGING');
    await expect(app.dataRows().first()).toBeVisible();
    await expectNoAxeViolations(page, 'staging profile');
  });

  test('in Spanish', async ({ app, page }) => {
    await openReady(app);
    await app.setHold(30);
    const settings = await openSettings(page);
    await chooseLookIn(settings, { language: 'es' });
    await expect(page.getByRole('dialog', { name: spanish('settings', 'title') })).toBeVisible();
    await expectNoAxeViolations(page, 'settings, Spanish');
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(page.locator('[role="cell"], [role="gridcell"], td').first()).toBeVisible();
    await expectNoAxeViolations(page, 'list, Spanish');

    await page
      .getByRole('button', { name: spanish('animals', 'add', 'button'), exact: true })
      .click();
    await expect(page.locator('[data-shortcut="name"]')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'add with errors, Spanish');
    await checkHeldAnimal(app, ', Spanish', spanish);

    await checkKeyboardHelp(page, 'keyboard help, Spanish');
    await checkOrders(page, 'orders, Spanish', spanish);
  });

  test('on the add form of a profile without an address, in both languages and themes', async ({
    app,
    page,
  }) => {
    await openReady(app);
    // The tests' Production profile has no address; it asks for a key, as it has none.
    await app.selectProfile('Production');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Each look is chosen in Settings from the one before, in the window's language.
    const looks: { suffix: string; words: typeof english; look?: Look; from?: 'es' }[] = [
      { suffix: '', words: english },
      { suffix: ', dark', words: english, look: { theme: 'dark' } },
      { suffix: ', dark, Spanish', words: spanish, look: { language: 'es' } },
      { suffix: ', Spanish', words: spanish, look: { theme: 'light' }, from: 'es' },
    ];
    for (const { suffix, words, look, from } of looks) {
      if (look !== undefined) await chooseLook(page, look, from);
      await page.getByLabel(words('animals', 'fields', 'name'), { exact: true }).fill('Pip');
      await page.getByLabel(words('animals', 'fields', 'category'), { exact: true }).fill('3');
      await page.getByRole('button', { name: words('animals', 'add', 'button') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, `add form, profile without an address${suffix}`);
    }
  });
});
