import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { words } from '../helpers/e2e/catalogue-words';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { openSettings } from '../helpers/e2e/settings';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { addForm, detailsDrawer, heldList } from '../helpers/e2e/panes';
import { openRecordFields } from '../helpers/e2e/record-form';
import { readStoredRecords } from '../helpers/e2e/stored-records';

/**
 * The intake record at the add form, in the hold and in the details: typed
 * with the animal, kept on this computer through a reload, corrected in the
 * hold, taken back by Undo, moved to the service's ID when the animal is
 * sent, and never sent to the service itself.
 */

/** Long enough to reload, read and correct in it on a busy machine; ended by Send now. */
const HOLD_SECONDS = 120;
const CHIP_TYPED = '985 141-000 123 456';
const CHIP = '985141000123456';

async function typeAnimalWithRecord(app: KennelApp, name: string): Promise<void> {
  const form = await openRecordFields(app.page);
  await app.nameInput().fill(name);
  await app.categoryInput().fill('2');
  await form.getByLabel('Microchip').fill(CHIP_TYPED);
  await form.getByLabel('Sex', { exact: true }).selectOption({ label: 'Female' });
  await form.getByLabel('Neutered').selectOption({ label: 'No' });
  await form.getByLabel('Years').fill('2');
  await form.getByLabel('Months').fill('3');
  await form.getByLabel('Breed').fill('Terrier cross');
  await form.getByLabel('How it came in').selectOption({ label: 'Stray' });
  // A stray's hold date is filled in from the profile's stray hold at once.
  await expect(form.getByLabel('Stray hold until')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await form.getByLabel('Where it was found').fill('Calle Mayor, by the bakery');
  await form.getByLabel('Notes').fill('Friendly; shy with other dogs.');
  await form.getByLabel('Kennel').fill('Dogs B3');
  // Enter in the last field typed adds the animal, as in Name.
  await form.getByLabel('Kennel').press('Enter');
}

test.describe('the intake record', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('typed with the animal, kept through a reload, corrected in the hold, and moved to its ID when sent', async ({
    app,
    page,
    service,
  }) => {
    app.holdSeconds = HOLD_SECONDS;
    await app.openWithKey(KEYS.pro);
    const [name, corrected] = uniqueNames('Record', 2);
    if (name === undefined || corrected === undefined) throw new Error('names');

    await typeAnimalWithRecord(app, name);
    await expect(heldList(page).getByRole('listitem')).toContainText(name);
    // The form is ready for the next animal: name and record both empty.
    await expect(app.nameInput()).toHaveValue('');
    await expect(addForm(page).getByLabel('Microchip')).toHaveValue('');
    await expect
      .poll(async () => (await readStoredRecords(page)).records.map((r) => r.chip))
      .toEqual([CHIP]);
    const [stored] = (await readStoredRecords(page)).records;
    expect(stored?.key).toMatch(/^local:/);
    expect(stored).toMatchObject({
      sex: 'female',
      neutered: 'no',
      birthEstimated: true,
      breed: 'Terrier cross',
      intakeType: 'stray',
      foundAt: 'Calle Mayor, by the bakery',
      kennel: 'Dogs B3',
      notes: 'Friendly; shy with other dogs.',
    });
    expect(stored?.holdUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(stored?.intakeAt).toEqual(expect.any(Number));

    // A reload in the hold keeps it, and the details show it in words.
    await app.reload();
    await app.rowNamed(name).first().click();
    const drawer = detailsDrawer(page);
    await expect(drawer).toContainText('985 141 000 123 456');
    await expect(drawer).toContainText('Female');
    await expect(drawer).toContainText('(estimated)');
    await expect(drawer).toContainText('Dogs B3');
    await expect(drawer).toContainText('Stray');
    await expect(drawer).toContainText('Kept only on this computer');
    await expectNoAxeViolations(page, 'details with an intake record');

    // The hold's Edit corrects the record with the animal.
    await heldList(page)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const correction = heldList(page).getByRole('form', { name: `Correct ${name}` });
    await correction.getByLabel('Name', { exact: true }).fill(corrected);
    await correction.getByLabel('Kennel').fill('Dogs C1');
    await correction.getByLabel('Microchip').fill('98514100012345X');
    await correction.getByRole('button', { name: 'Save' }).click();
    // A wrong chip says what is wrong and keeps everything typed.
    await expect(correction.getByRole('alert')).toContainText('“X” cannot be part of one');
    await expect(correction.getByLabel('Name', { exact: true })).toHaveValue(corrected);
    await expect(correction.getByLabel('Kennel')).toHaveValue('Dogs C1');
    await correction.getByLabel('Microchip').fill(CHIP);
    await correction.getByRole('button', { name: 'Save' }).click();
    await expect(heldList(page)).toContainText(`Saved the correction to ${corrected}`);
    await expect(drawer).toContainText('Dogs C1');

    // Sent: the record follows the animal to the ID the service gave.
    await heldList(page)
      .getByRole('button', { name: `Send now ${corrected}` })
      .click();
    await expectEachOnService(service, [corrected]);
    const onService = service.state.pets().find((p) => p.name === corrected);
    const id = onService?.id.toString() ?? '';
    await expect(drawer.getByRole('definition').nth(1)).toHaveText(id);
    await expect(drawer).toContainText('Dogs C1');
    await expect
      .poll(async () => (await readStoredRecords(page)).records.map((r) => [r.key, r.kennel]))
      .toEqual([[id, 'Dogs C1']]);
    // The service was sent the animal alone: it refuses unknown fields, so a
    // record's field in the body would have been refused, and it holds nothing of it.
    const creates = service.state.requests.filter((r) => r.method === 'POST');
    expect(creates.map((r) => r.status)).toEqual([201]);
    const held = JSON.stringify(onService, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    for (const privately of [CHIP, 'Dogs', 'Calle Mayor', 'Terrier', 'shy with other dogs']) {
      expect(held, `${privately} never leaves this computer`).not.toContain(privately);
    }
  });

  test('the details record an outcome at any time; Undo takes a record back with its animal', async ({
    app,
    page,
  }) => {
    app.holdSeconds = HOLD_SECONDS;
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Outcome', 1);
    if (name === undefined) throw new Error('names');
    await typeAnimalWithRecord(app, name);
    await expect(heldList(page).getByRole('listitem')).toContainText(name);

    await app.rowNamed(name).first().click();
    const drawer = detailsDrawer(page);
    await drawer.getByRole('button', { name: 'Edit record' }).click();
    const edit = drawer.getByRole('form', { name: `Record of ${name}` });
    await edit.getByLabel('Outcome', { exact: true }).selectOption({ label: 'Adopted' });
    await edit.getByLabel('Kennel').fill('');
    await edit.getByRole('button', { name: 'Save record' }).click();
    await expect(drawer).toContainText(`Saved the record of ${name} on this computer.`);
    await expect(drawer).toContainText('Adopted');
    await expect(drawer).not.toContainText('Dogs B3');
    await expect
      .poll(async () => (await readStoredRecords(page)).records.map((r) => [r.outcome, r.kennel]))
      .toEqual([['adopted', undefined]]);

    await heldList(page)
      .getByRole('button', { name: `Undo ${name}` })
      .click();
    await expect(heldList(page)).toContainText(`Took ${name} back; it will not be sent.`);
    await expect.poll(async () => (await readStoredRecords(page)).records).toEqual([]);
  });

  test('a chip already recorded here holds the second animal until staff say it is another', async ({
    app,
    page,
    service,
  }) => {
    app.holdSeconds = 0;
    await app.openWithKey(KEYS.pro);
    const [first, second] = uniqueNames('Chip', 2);
    if (first === undefined || second === undefined) throw new Error('names');
    const form = await openRecordFields(page);
    await app.nameInput().fill(first);
    await app.categoryInput().fill('1');
    await form.getByLabel('Microchip').fill(CHIP);
    await app.categoryInput().press('Enter');
    await expectEachOnService(service, [first]);

    await app.nameInput().fill(second);
    await app.categoryInput().fill('1');
    await form.getByLabel('Microchip').fill(CHIP_TYPED);
    await app.categoryInput().press('Enter');
    const warning = page.getByText(
      `The microchip 985 141 000 123 456 is already recorded for ${first} on this computer.`,
      { exact: false },
    );
    await expect(warning).toBeVisible();
    expect(service.state.pets().filter((p) => p.name === second)).toEqual([]);
    expect(await app.outboxNames()).not.toContain(second);

    await page.getByRole('button', { name: 'Add another' }).click();
    await expectEachOnService(service, [first, second]);
    await expect
      .poll(async () => (await readStoredRecords(page)).records.filter((r) => r.chip === CHIP))
      .toHaveLength(2);
  });

  test('a wrong record keeps the animal in the form and says what is wrong, in both languages and themes', async ({
    app,
    page,
  }) => {
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Wrong', 1);
    if (name === undefined) throw new Error('names');
    const form = await openRecordFields(page);
    await app.nameInput().fill(name);
    await app.categoryInput().fill('1');
    await form.getByLabel('Microchip').fill('12345');
    await form.getByLabel('Years').fill('two');
    await app.categoryInput().press('Enter');
    await expect(form.getByText('this one has 5.')).toBeVisible();
    await expect(form.getByText('Enter whole years from 0 to 40.')).toBeVisible();
    await expect(app.nameInput()).toHaveValue(name);
    await expect(form.getByLabel('Microchip')).toBeFocused();
    expect(await app.outboxNames()).toEqual([]);
    await expectNoAxeViolations(page, 'the add form with its record open and wrong');

    // Spanish and the dark theme, chosen in Settings as staff do.
    const settings = await openSettings(page);
    await settings.getByRole('radio', { name: 'Español', exact: true }).check();
    await page
      .getByRole('dialog', { name: 'Ajustes' })
      .getByRole('radio', { name: words('es', 'settings', 'appearance', 'dark'), exact: true })
      .check();
    await page.keyboard.press('Escape');
    const formEs = page.getByRole('region', { name: words('es', 'animals', 'add', 'title') });
    // Messages belong to the submit that made them: the next one says them in Spanish.
    await formEs.getByLabel(words('es', 'animals', 'fields', 'category')).press('Enter');
    await expect(formEs.getByText('este tiene 5.')).toBeVisible();
    await expect(formEs.getByText(words('es', 'records', 'problems', 'years'))).toBeVisible();
    await expect(formEs.getByText(words('es', 'records', 'onlyHere'))).toBeVisible();
    await expectNoAxeViolations(page, 'the add form with its record, in Spanish and dark');
  });
});
