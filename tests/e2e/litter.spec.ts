import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { words } from '../helpers/e2e/catalogue-words';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { addForm, detailsDrawer, heldList } from '../helpers/e2e/panes';
import { hasRasterImages, readPdfPages, type PdfPage } from '../helpers/e2e/pdf-codes';
import { firstOfMonthsAgo, openRecordFields } from '../helpers/e2e/record-form';
import { openSettings } from '../helpers/e2e/settings';
import { readStoredRecords, type StoredRecord } from '../helpers/e2e/stored-records';

/**
 * A litter at the desk: the first kitten typed in full, the next four
 * started with "Add another like this" (its button and Ctrl+Shift+Enter) and
 * given only a name and a sex. Each keeps what litter-mates share, all five
 * are sent once, and the litter card's PDF, read as a scanner would, carries
 * the five IDs.
 */

/** Long enough to check the litter while it waits; ended by Send all now. */
const HOLD_SECONDS = 120;
const LIKE_THIS = 'Control+Shift+Enter';

/** A stored record with its litter, as the page keeps it. */
type LitterRecord = StoredRecord & { litter?: { id: string; place: number } };

async function litterRecords(page: Page, names: readonly string[]): Promise<LitterRecord[]> {
  const { records } = await readStoredRecords(page);
  return names.map((name) => {
    const found = records.find((record) => record.name === name);
    if (found === undefined) throw new Error(`no record of ${name}`);
    return found as LitterRecord;
  });
}

/** The browser's Print dialog cannot be answered from a test: `print` does nothing instead. */
async function stubPrintDialog(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { print: () => void }).print = () => {};
  });
}

/** What the printer would get now: the page printed with its own page sizes, read back. */
async function printedSheet(page: Page): Promise<PdfPage[]> {
  await expect(page.getByTestId('litter-sheet')).toBeAttached();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(hasRasterImages(pdf), 'barcodes print as vector graphics').toBe(false);
  return readPdfPages(page.context(), pdf);
}

/** Text compared without spaces: pdf.js splits words at ligatures and kerning. */
function squeezed(text: string | undefined): string {
  return (text ?? '').normalize('NFKC').replace(/\s+/g, '');
}

async function openDetails(app: KennelApp, name: string): Promise<Locator> {
  await app.searchBox().fill(name);
  await app.rowNamed(name).first().click();
  const drawer = detailsDrawer(app.page);
  await expect(drawer).toContainText(name);
  return drawer;
}

async function openLitterCard(app: KennelApp, name: string, size: number): Promise<Locator> {
  const drawer = await openDetails(app, name);
  await drawer.getByRole('button', { name: `Litter card (${size} animals)` }).click();
  const dialog = app.page.getByRole('dialog', { name: 'Litter card' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('litters', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('five kittens added with Add another like this keep what they share, are sent once, and their litter card scans to their IDs', async ({
    app,
    page,
    service,
  }) => {
    app.holdSeconds = HOLD_SECONDS;
    await app.openWithKey(KEYS.pro);
    await stubPrintDialog(page);
    const names = uniqueNames('Kitten', 5);
    const sexes = ['Female', 'Male', 'Female', 'Male', 'Unknown'] as const;
    const [first, ...rest] = names;
    if (first === undefined || rest.length !== 4) throw new Error('names');
    const born = await firstOfMonthsAgo(page, 2);

    // The first kitten, typed in full.
    const form = await openRecordFields(page);
    const field = (label: string): Locator => form.getByLabel(label, { exact: true });
    await app.nameInput().fill(first);
    await app.categoryInput().fill('3');
    await app.statusSelect().selectOption({ label: 'Available' });
    await field('Sex').selectOption({ label: 'Female' });
    await field('Date of birth').fill(born);
    await field('Breed').fill('Domestic shorthair');
    await field('Colour and markings').fill('Tabby');
    await field('How it came in').selectOption({ label: 'Stray' });
    await field('Where it was found').fill('Behind the market');
    await field('Kennel').fill('Cats 4');
    await expect(field('Stray hold until')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    const holdUntil = await field('Stray hold until').inputValue();
    await app.addButton().click();
    await expect(app.nameInput()).toHaveValue('');
    await expect(field('Kennel')).toHaveValue('');

    const likeThis = form.getByRole('button', { name: 'Add another like this' });
    const ordinals = ['2nd', '3rd', '4th', '5th'];
    for (const [i, name] of rest.entries()) {
      if (i === 0) {
        await likeThis.click();
      } else if (i < 3) {
        // Where the cursor is after an add: Name, in an empty form.
        await expect(app.nameInput()).toBeFocused();
        await page.keyboard.press(LIKE_THIS);
      }
      // The fifth was started by the shortcut that added the fourth.
      await expect(app.nameInput()).toBeFocused();
      await expect(app.nameInput()).toHaveValue('');
      await expect(app.categoryInput()).toHaveValue('3');
      await expect(app.statusSelect()).toHaveValue('available');
      await expect(field('Kennel')).toHaveValue('Cats 4');
      await expect(field('Where it was found')).toHaveValue('Behind the market');
      await expect(field('How it came in')).toHaveValue('stray');
      await expect(field('Stray hold until')).toHaveValue(holdUntil);
      await expect(field('Breed')).toHaveValue('Domestic shorthair');
      await expect(field('Date of birth')).toHaveValue(born);
      // What tells one kitten from another starts empty.
      await expect(field('Sex')).toHaveValue('');
      await expect(field('Colour and markings')).toHaveValue('');
      await expect(form).toContainText(`${ordinals[i]} of this litter (${i + 1} added so far)`);
      if (i === 0) await expectNoAxeViolations(page, 'the add form after Add another like this');

      await page.keyboard.type(name);
      await field('Sex').selectOption({ label: sexes[i + 1] ?? 'Unknown' });
      // The fourth is added by the shortcut, which starts the fifth at once.
      if (i === 2) await app.nameInput().press(LIKE_THIS);
      else await app.nameInput().press('Enter');
      if (i !== 2) await expect(app.nameInput()).toHaveValue('');
    }
    await expect(form).not.toContainText('of this litter');
    await expect(heldList(page).getByRole('listitem')).toHaveCount(5);

    // Each kept what the first had, in its own place of one litter.
    await expect.poll(async () => (await readStoredRecords(page)).records.length).toBe(5);
    const waiting = await litterRecords(page, names);
    const [one] = waiting;
    expect(one?.litter?.id).toEqual(expect.any(String));
    expect(one?.colour).toBe('Tabby');
    for (const [i, record] of waiting.entries()) {
      expect(record.key).toMatch(/^local:/);
      expect(record.litter).toEqual({ id: one?.litter?.id, place: i + 1 });
      expect(record).toMatchObject({
        breed: 'Domestic shorthair',
        birthDate: born,
        intakeType: 'stray',
        intakeAt: one?.intakeAt,
        foundAt: 'Behind the market',
        kennel: 'Cats 4',
        holdUntil,
        sex: (sexes[i] ?? '').toLowerCase(),
      });
      if (i > 0) expect(record.colour).toBeUndefined();
    }

    // While they wait, the litter card says each ID is pending and has no barcode.
    let dialog = await openLitterCard(app, first, 5);
    for (const name of names) await expect(dialog).toContainText(name);
    await expect(dialog.getByRole('row').filter({ hasText: 'ID pending' })).toHaveCount(5);
    await expectNoAxeViolations(page, 'the litter card dialog');
    await dialog.getByRole('button', { name: 'Print litter card' }).click();
    const [pending] = await printedSheet(page);
    expect(pending?.code128s).toEqual([]);
    expect(squeezed(pending?.text)).toContain(squeezed('Litter of 5'));
    for (const name of names) expect(squeezed(pending?.text)).toContain(squeezed(name));
    expect(pending?.text.match(/ID pending/g)).toHaveLength(5);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await detailsDrawer(page).getByRole('button', { name: 'Close' }).click();

    // Sent once each, in their category and status; the litter follows them to their IDs.
    await heldList(page).getByRole('button', { name: 'Send all now' }).click();
    await expectEachOnService(service, names);
    const sent = names.map((name) => service.state.pets().filter((pet) => pet.name === name));
    expect(sent.map((pets) => pets.length)).toEqual([1, 1, 1, 1, 1]);
    for (const [pet] of sent) expect(pet).toMatchObject({ categoryId: 3n, status: 'available' });
    const ids = sent.map(([pet]) => pet?.id.toString() ?? '');
    await expect
      .poll(async () => (await litterRecords(page, names)).map((record) => record.key))
      .toEqual(ids);
    for (const [i, record] of (await litterRecords(page, names)).entries()) {
      expect(record.litter).toEqual({ id: one?.litter?.id, place: i + 1 });
    }

    // The litter card now carries the five IDs, each in a barcode a scanner reads.
    dialog = await openLitterCard(app, names[2] ?? '', 5);
    for (const id of ids) await expect(dialog).toContainText(id);
    await dialog.getByRole('button', { name: 'Print litter card' }).click();
    const sheet = await printedSheet(page);
    expect(sheet).toHaveLength(1);
    expect(sheet[0]?.code128s).toEqual(ids);
    expect(squeezed(sheet[0]?.text)).toContain(squeezed(`ID ${ids[0] ?? ''}`));
    expect(squeezed(sheet[0]?.text)).toContain(squeezed('Cats 4'));
  });

  test('the litter in Spanish and the dark theme: its ordinal, the form and the litter card', async ({
    app,
    page,
  }) => {
    app.holdSeconds = HOLD_SECONDS;
    await app.openWithKey(KEYS.pro);
    // The keyboard help lists the shortcut.
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(
      help.getByRole('row').filter({ hasText: 'start another animal like the one just added' }),
    ).toContainText('CtrlShiftEnter');
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);

    const settings = await openSettings(page);
    await settings.getByRole('radio', { name: 'Español', exact: true }).check();
    await page
      .getByRole('dialog', { name: 'Ajustes' })
      .getByRole('radio', { name: words('es', 'settings', 'appearance', 'dark'), exact: true })
      .check();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const [mother, kitten] = uniqueNames('Gatito', 2);
    if (mother === undefined || kitten === undefined) throw new Error('names');

    const form = addForm(page, 'es');
    const name = form.getByLabel(words('es', 'animals', 'fields', 'name'), { exact: true });
    await name.fill(mother);
    await form.getByLabel(words('es', 'animals', 'fields', 'category'), { exact: true }).fill('3');
    await name.press('Enter');
    await expect(name).toHaveValue('');
    await name.press(LIKE_THIS);
    await expect(form).toContainText('2.º de esta camada (1 añadido hasta ahora)');
    await expect(name).toBeFocused();
    await expectNoAxeViolations(page, 'the add form after Add another like this, Spanish, dark');
    await name.fill(kitten);
    await name.press('Enter');
    await expect(heldList(page, 'es').getByRole('listitem')).toHaveCount(2);

    await page
      .getByLabel(words('es', 'animals', 'toolbar', 'search'), { exact: true })
      .fill(kitten);
    await page.getByRole('row').filter({ hasText: kitten }).first().click();
    const drawer = detailsDrawer(page, 'es');
    await drawer.getByRole('button', { name: 'Ficha de la camada (2 animales)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ficha de la camada' });
    await expect(dialog).toContainText(mother);
    await expect(dialog).toContainText(kitten);
    await expectNoAxeViolations(page, 'the litter card dialog, Spanish, dark');
  });
});
