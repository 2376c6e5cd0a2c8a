import type { Locator } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { chooseCsvFile, openImport } from '../helpers/e2e/import-view';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { readOutboxEntries } from '../helpers/e2e/outbox-entries';
import type { ServiceControl } from '../helpers/e2e/service-control';

/**
 * The hold before sending, as staff meet it: every animal waits on the desk
 * for the profile's hold, and in it can be taken back, corrected or sent at
 * once. The service's request log (arrival times, `Idempotency-Key`) is what
 * shows nothing went out early. The hold is decided in the window, so the page
 * runs on Playwright's clock and the test ends a hold by moving it, not by
 * waiting it out.
 */

/** A hold long enough for a busy machine to do everything in it, set as staff set it. */
const HOLD_SECONDS = 30;

function heldList(app: KennelApp): Locator {
  return app.page.getByRole('region', { name: 'Waiting to be sent' });
}

function heldItem(app: KennelApp, name: string): Locator {
  return heldList(app)
    .getByRole('listitem')
    .filter({ has: app.page.getByText(name, { exact: true }) });
}

/** Creates the service received for the entry sent with `idempotencyKey`, with their arrival times. */
function createsOf(service: ServiceControl, idempotencyKey: string): number[] {
  return service.state.requests
    .filter((r) => r.method === 'POST' && r.idempotencyKey === idempotencyKey)
    .map((r) => r.at);
}

test.describe('the hold before sending', () => {
  test('three animals at a scanner’s pace: the second undone and the third corrected in their hold; nothing goes early', async ({
    app,
    page,
    service,
  }) => {
    await page.clock.install();
    app.holdSeconds = HOLD_SECONDS;
    await app.openWithKey(KEYS.pro);
    const [first, second, third, corrected] = uniqueNames('Hold', 4);
    if (!first || !second || !third || !corrected) throw new Error('names');

    await app.enterAnimals([
      { name: first, categoryId: '3' },
      { name: second, categoryId: '3' },
      { name: third, categoryId: '3' },
    ]);
    await expect(heldList(app).getByRole('listitem')).toHaveCount(3);
    await expect(heldItem(app, first)).toContainText(/Sends in \d+ seconds?/);

    await heldItem(app, second).getByRole('button', { name: 'Undo' }).click();
    await expect(heldList(app)).toContainText(`Took ${second} back; it will not be sent.`);
    await expect(heldItem(app, second)).toHaveCount(0);
    await expect(app.rowNamed(second)).toHaveCount(0);

    await heldItem(app, third).getByRole('button', { name: 'Edit' }).click();
    const correction = heldList(app).getByRole('form', { name: `Correct ${third}` });
    await correction.getByLabel('Name', { exact: true }).fill(corrected);
    await correction.getByRole('button', { name: 'Save' }).click();
    await expect(heldList(app)).toContainText(`Saved the correction to ${corrected}`);
    await expect(heldItem(app, corrected)).toContainText(/Sends in \d+ seconds?/);

    const held = await readOutboxEntries(app.page);
    expect(held.map((e) => e.name)).toEqual([first, corrected]);
    // Nothing has reached the service yet: every create waits for its hold.
    expect(service.state.pets().map((p) => p.name)).not.toContain(first);

    // The holds end when the page's clock passes them, and not before.
    const holdsEnded = Date.now();
    await page.clock.fastForward(HOLD_SECONDS * 1000);
    await expectEachOnService(service, [first, corrected]);
    await app.expectWaiting(0);
    const names = service.state.pets().map((p) => p.name);
    expect(names.filter((n) => n === first)).toHaveLength(1);
    expect(names.filter((n) => n === corrected)).toHaveLength(1);
    expect(names).not.toContain(second);
    expect(names).not.toContain(third);
    for (const entry of held) {
      const creates = createsOf(service, entry.idempotencyKey);
      expect(creates, `creates of ${entry.name}`).toHaveLength(1);
      expect(entry.heldUntil).not.toBeNull();
      expect(creates[0], `${entry.name} arrived before its hold ended`).toBeGreaterThanOrEqual(
        holdsEnded,
      );
    }
    await expect(heldList(app).getByRole('listitem')).toHaveCount(0);
  });

  test('Send now ends one hold; an import is taken back as one', async ({ app, service }) => {
    app.holdSeconds = HOLD_SECONDS;
    await app.openWithKey(KEYS.pro);
    const [now, later] = uniqueNames('SendNow', 2);
    if (!now || !later) throw new Error('names');
    await app.enterAnimals([
      { name: later, categoryId: '5' },
      { name: now, categoryId: '5' },
    ]);
    await expect(heldList(app).getByRole('listitem')).toHaveCount(2);

    // The second goes at once; the first, ahead of it in the queue, still waits.
    await heldItem(app, now).getByRole('button', { name: 'Send now' }).click();
    await expectEachOnService(service, [now]);
    expect(service.state.pets().map((p) => p.name)).not.toContain(later);
    await heldItem(app, later).getByRole('button', { name: 'Undo' }).click();
    await expect(heldItem(app, later)).toHaveCount(0);

    const pasted = uniqueNames('Batch', 3);
    const view = await openImport(app.page);
    await chooseCsvFile(view, 'intake.csv', ['Name,Category', ...pasted.map((n) => `${n},4`)]);
    await view.getByRole('button', { name: 'Add 3 animals' }).click();
    const batch = heldList(app).getByRole('listitem').filter({ hasText: 'Import of 3 animals' });
    await expect(batch).toHaveCount(1);
    await batch.getByRole('button', { name: 'Undo import' }).click();
    await expect(heldList(app)).toContainText('Took back the import: 3 animals will not be sent.');
    expect(await readOutboxEntries(app.page)).toEqual([]);
    const onService = service.state.pets().map((p) => p.name);
    for (const name of [later, ...pasted]) expect(onService).not.toContain(name);

    // The animal added last, taken back from the list: the form does not call it added.
    await app.page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Animals' })
      .click();
    const [last] = uniqueNames('Last', 1);
    if (!last) throw new Error('names');
    await app.enterAnimals([{ name: last, categoryId: '5' }]);
    await expect(
      app.page.getByText(`${last} waits a moment before it is sent.`, { exact: false }),
    ).toBeVisible();
    await heldItem(app, last).getByRole('button', { name: 'Undo' }).click();
    await expect(heldList(app)).toContainText(`Took ${last} back; it will not be sent.`);
    await expect(app.page.getByText(`${last} waits a moment`, { exact: false })).toHaveCount(0);
    await expect(app.page.getByText(`Added ${last}.`)).toHaveCount(0);
  });

  test('a profile without an address says why beside Add animal and opens Settings at it', async ({
    openDesk,
    service,
  }) => {
    // A desk's own host is given only the local service's address: staging has none.
    const { app } = await openDesk();
    const page = app.page;
    await app.openWithKey(KEYS.pro);
    await app.selectProfile('Staging');
    // Asked for a key at once; put off, it is not asked again this session.
    const keyDialog = app.keyDialog('Staging');
    await keyDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(keyDialog).toBeHidden();

    await expect(page.getByText(/The Staging profile has no service address yet/)).toBeVisible();
    await app.nameInput().fill('Pixel');
    await app.categoryInput().fill('2');
    await app.addButton().click();

    // Settings opens with the cursor in the address; nothing is queued.
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const address = settings.getByLabel('Staging service address');
    await expect(address).toBeFocused();
    expect(await readOutboxEntries(page, 'staging')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    // Beside the button, why, tied to it for a screen reader; the animal still in the form.
    const why =
      /^Not added: the Staging profile needs its service address first, in Settings\. What you typed stays in the form\.$/;
    const message = page.getByRole('alert').filter({ hasText: why });
    await expect(message).toBeVisible();
    await expect(app.addButton()).toHaveAccessibleDescription(why);
    await expect(app.addButton()).toBeFocused();
    const [button, said] = [await app.addButton().boundingBox(), await message.boundingBox()];
    if (button === null || said === null) throw new Error('not laid out');
    expect(said.y < button.y + button.height && said.y + said.height > button.y).toBe(true);
    await expect(app.nameInput()).toHaveValue('Pixel');
    await expect(app.categoryInput()).toHaveValue('2');

    // Enter in the form does the same; once the address is set, it adds what was typed.
    await app.categoryInput().press('Enter');
    await expect(address).toBeFocused();
    await address.fill(service.url);
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(settings).toBeHidden();
    await expect(message).toHaveCount(0);
    await app.addButton().click();
    await expect(app.nameInput()).toHaveValue('');
    await expect
      .poll(async () => (await readOutboxEntries(page, 'staging')).map((e) => e.name))
      .toEqual(['Pixel']);
  });
});
