import type { Locator, Page } from '@playwright/test';
import { writeDataFile } from '../../server/data-file';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { words } from '../helpers/e2e/catalogue-words';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';

/**
 * Chip first, and the intake record in the list: Search finds an animal by
 * its microchip (all of it, or its last six digits) and by its kennel; a
 * microchip scanned (typed fast, then Enter, as a scanner does) or typed in
 * Search opens its animal, offers to take one in with it when no animal here
 * has it, and asks which animal when the number is also another's ID; an
 * outcome recorded here shows beside the service's status, and the list can
 * leave those animals out.
 */

const PIP_CHIP = '985141000123456';
const ASH_CHIP = '985141000654321';
const UNKNOWN_CHIP = '900250000000777';

interface Intake {
  name: string;
  chip?: string;
  kennel?: string;
}

function addForm(page: Page): Locator {
  return page.getByRole('region', { name: words('en', 'animals', 'add', 'title') });
}

function details(page: Page): Locator {
  return page.getByRole('complementary', { name: words('en', 'animals', 'detail', 'title') });
}

/** The question a microchip puts, by the start of its sentence. */
function chipQuestion(page: Page, says: RegExp): Locator {
  return page.getByRole('group', { name: says });
}

/** Opens the add form's record, as staff do: one press of the disclosure. */
async function openRecord(page: Page): Promise<Locator> {
  const form = addForm(page);
  const more = form.getByRole('button', { name: 'More about this animal' });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  return form;
}

/** Takes an animal in through the add form, its record with it, Available in category 1. */
async function takeIn(app: KennelApp, animal: Intake): Promise<void> {
  const form = await openRecord(app.page);
  await app.nameInput().fill(animal.name);
  await app.categoryInput().fill('1');
  await app.statusSelect().selectOption({ label: 'Available' });
  await form.getByLabel('Microchip').fill(animal.chip ?? '');
  await form.getByLabel('Kennel').fill(animal.kennel ?? '');
  await app.categoryInput().press('Enter');
  await expect(app.nameInput()).toHaveValue('');
}

/** What a scanner sends: the digits, then Enter, with no pause, over the page itself. */
async function scan(page: Page, digits: string): Promise<void> {
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.type(digits);
  await page.keyboard.press('Enter');
}

/** Searches for `search` and waits until the list shows exactly `names`, in that order. */
async function expectFound(app: KennelApp, search: string, names: string[]): Promise<void> {
  await app.searchBox().fill(search);
  await expect
    .poll(async () => (await app.visibleRows()).map((row) => row.name), { message: search })
    .toEqual(names);
  await expect(app.listCounts()).toContainText(`Showing ${names.length} of`);
}

test.describe('chip first', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('Search finds a microchip by all its digits or its last six, and a kennel by its name', async ({
    app,
    service,
  }) => {
    app.holdSeconds = 0;
    await app.openWithKey(KEYS.pro);
    const [pip, ash] = uniqueNames('Chipped', 2);
    if (pip === undefined || ash === undefined) throw new Error('names');
    await takeIn(app, { name: pip, chip: PIP_CHIP, kennel: 'Dogs B3' });
    await takeIn(app, { name: ash, chip: ASH_CHIP, kennel: 'Cats A1' });
    await expectEachOnService(service, [pip, ash]);

    // Its last six digits, spaced as read off a tag, find it and say why.
    await expectFound(app, '123 456', [pip]);
    await expect(app.rowNamed(pip)).toContainText('found by microchip');
    await expectFound(app, '654321', [ash]);
    // All its digits, with or without spaces and dashes.
    await expectFound(app, '985 141 000 123 456', [pip]);
    await expectFound(app, '985-141-000-654-321', [ash]);
    await expect(app.rowNamed(ash)).toContainText('found by microchip');
    // Its first six digits are no search for it.
    await app.searchBox().fill('985141');
    await expect(app.listCounts()).toContainText('Showing 0 of');

    // A kennel by part of its name, case aside.
    await expectFound(app, 'b3', [pip]);
    await expect(app.rowNamed(pip)).toContainText('found by kennel');
    await expectFound(app, 'CATS', [ash]);
  });

  test('a scanned microchip opens its animal; one no animal here has offers to take one in with it', async ({
    app,
    page,
    service,
  }) => {
    app.holdSeconds = 0;
    await app.openWithKey(KEYS.pro);
    const [pip] = uniqueNames('Scanned', 1);
    if (pip === undefined) throw new Error('names');
    await takeIn(app, { name: pip, chip: PIP_CHIP, kennel: 'Dogs B3' });
    await expectEachOnService(service, [pip]);
    const id = service.state
      .pets()
      .find((p) => p.name === pip)
      ?.id.toString();

    await scan(page, PIP_CHIP);
    await expect(details(page)).toContainText(pip);
    await expect(details(page)).toContainText(id ?? 'no id');

    // Typed into Search with its spaces, then Enter: the same.
    await details(page).getByRole('button', { name: 'Close details' }).click();
    await expect(details(page)).toHaveCount(0);
    await app.searchBox().fill('985 141 000 123 456');
    await app.searchBox().press('Enter');
    await expect(details(page)).toContainText(pip);

    // A chip no animal here has: the question, its first button focused.
    await scan(page, UNKNOWN_CHIP);
    const question = chipQuestion(page, /^No animal on this computer has the microchip/);
    await expect(question).toContainText('900 250 000 000 777');
    const takeInButton = question.getByRole('button', {
      name: 'Take in an animal with this microchip',
    });
    await expect(takeInButton).toBeFocused();
    await expect(details(page)).toHaveCount(0);
    await expectNoAxeViolations(page, 'an unknown microchip offers intake');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page, 'an unknown microchip offers intake, dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Escape puts it aside; a second scan asks again, and Enter takes the animal in.
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await scan(page, UNKNOWN_CHIP);
    await expect(takeInButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question).toHaveCount(0);
    const form = addForm(page);
    await expect(form.getByRole('button', { name: 'More about this animal' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(form.getByLabel('Microchip')).toHaveValue(UNKNOWN_CHIP);
    await expect(app.nameInput()).toBeFocused();

    // The rest as for any animal: a name, a category, Enter; the chip goes with it.
    const [newcomer] = uniqueNames('Newcomer', 1);
    if (newcomer === undefined) throw new Error('names');
    await page.keyboard.type(newcomer);
    await app.categoryInput().fill('2');
    await app.categoryInput().press('Enter');
    await expectEachOnService(service, [newcomer]);
    await scan(page, UNKNOWN_CHIP);
    await expect(details(page)).toContainText(newcomer);
  });
});

// The service gives IDs from 985141000000001 on: 15 digits, as a microchip has.
const fifteenDigitIds = test.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads dependencies from this pattern
  serviceOptions: async ({}, use, testInfo) => {
    const dataFile = testInfo.outputPath('service-pets.json');
    writeDataFile(dataFile, { nextId: 985_141_000_000_001n, pets: [] });
    await use({ dataFile });
  },
});

fifteenDigitIds.describe('a number that is an ID and a microchip', () => {
  fifteenDigitIds.use({ viewport: { width: 1280, height: 900 } });

  fifteenDigitIds(
    'offers both animals, scanned or searched, and opens the one chosen',
    async ({ app, page, service }) => {
      app.holdSeconds = 0;
      await app.openWithKey(KEYS.pro);
      const [rex, pip] = uniqueNames('Both', 2);
      if (rex === undefined || pip === undefined) throw new Error('names');
      await takeIn(app, { name: rex });
      await expectEachOnService(service, [rex]);
      const rexId = service.state
        .pets()
        .find((p) => p.name === rex)
        ?.id.toString();
      if (rexId === undefined || rexId.length !== 15) throw new Error(`Rex's ID is ${rexId}`);
      // Pip's chip is Rex's ID.
      await takeIn(app, { name: pip, chip: rexId });
      await expectEachOnService(service, [pip]);

      await scan(page, rexId);
      const question = chipQuestion(
        page,
        /is the ID of one animal and also recorded as the microchip of another/,
      );
      const byId = question.getByRole('button', { name: `${rex}, ID ${rexId}` });
      const byChip = question.getByRole('button', {
        name: `${pip}, microchip ${rexId.replace(/(.{3})(?=.)/g, '$1 ')}`,
      });
      await expect(byId).toBeFocused();
      await expect(byChip).toBeVisible();
      // Nothing opened on a guess.
      await expect(details(page)).toHaveCount(0);
      await expectNoAxeViolations(page, 'a number that is an ID and a microchip');

      await byChip.click();
      await expect(question).toHaveCount(0);
      await expect(details(page)).toContainText(pip);

      // Typed in Search, then Enter: asked again; the keyboard chooses the ID.
      await app.searchBox().fill(rexId);
      await app.searchBox().press('Enter');
      await expect(byId).toBeFocused();
      await expect(details(page)).toHaveCount(0);
      await page.keyboard.press('Enter');
      await expect(details(page)).toContainText(rex);
      await expect(question).toHaveCount(0);

      // Searched as text, both are listed: the ID first, the chip marked.
      await expect(app.listCounts()).toContainText('Showing 2 of');
      const rows = await app.visibleRows();
      expect(rows.map((row) => row.name)).toEqual([rex, pip]);
      expect(rows[1]?.text).toContain('found by microchip');
    },
  );
});

test.describe('outcomes in the list', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows an outcome recorded here beside the service’s status, and the filter can leave it out', async ({
    app,
    page,
    service,
  }) => {
    app.holdSeconds = 0;
    await app.openWithKey(KEYS.pro);
    const [adopted, staying] = uniqueNames('Outcome', 2);
    if (adopted === undefined || staying === undefined) throw new Error('names');
    await takeIn(app, { name: adopted, kennel: 'Dogs B3' });
    await takeIn(app, { name: staying, kennel: 'Dogs B3' });
    await expectEachOnService(service, [adopted, staying]);

    // Adopted, as recorded in its details (the day is today unless set).
    await app.searchBox().fill(adopted);
    await app.rowNamed(adopted).first().click();
    const drawer = details(page);
    await drawer.getByRole('button', { name: 'Edit record' }).click();
    const edit = drawer.getByRole('form', { name: `Record of ${adopted}` });
    await edit.getByLabel('Outcome', { exact: true }).selectOption({ label: 'Adopted' });
    await edit.getByRole('button', { name: 'Save record' }).click();
    await expect(drawer).toContainText(`Saved the record of ${adopted} on this computer.`);
    await drawer.getByRole('button', { name: 'Close details' }).click();

    // Beside the service's status, in words, and marked as this computer's.
    await expectFound(app, 'dogs b3', [staying, adopted]);
    const statusCell = app.rowNamed(adopted).getByRole('cell').last();
    await expect(statusCell).toHaveText(
      /^Adopted here on (\d{1,2} [A-Z][a-z]{2,4}\.?|[A-Z][a-z]{2,4}\.? \d{1,2}) · the service still says Available$/,
    );
    // The whole sentence shows on pointing, whatever the column's width cuts.
    await expect(statusCell).toHaveAttribute(
      'title',
      /· the service still says Available\. Recorded on this computer only/,
    );
    await expect(app.rowNamed(staying).getByRole('cell').last()).toHaveText('Available');
    await expectNoAxeViolations(page, 'an outcome recorded here in the list');

    // Left out, and the counts say so; shown again with one click.
    const show = page.getByRole('checkbox', {
      name: /^Show animals with an outcome recorded here/,
    });
    await expect(show).toBeChecked();
    await expect(show).toHaveAccessibleName('Show animals with an outcome recorded here (1)');
    const held = service.state.pets().length;
    await show.uncheck();
    await expect(app.listCounts()).toHaveText(`Showing 1 of ${held} animals on this computer`);
    await expect
      .poll(async () => (await app.visibleRows()).map((row) => row.name))
      .toEqual([staying]);
    await app.searchBox().fill('');
    await expect(app.listCounts()).toHaveText(
      `Showing ${held - 1} of ${held} animals on this computer`,
    );
    const available = service.state.pets().filter((p) => p.status === 'available').length;
    await expect(app.statusFilter().locator('option', { hasText: /^Available/ })).toHaveText(
      `Available (${available - 1})`,
    );
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page, 'the list with outcomes left out, dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await show.check();
    await expect(app.listCounts()).toHaveText(`${held} animals on this computer`);
    await app.searchBox().fill(adopted);
    await expect(app.rowNamed(adopted)).toHaveCount(1);
  });
});
