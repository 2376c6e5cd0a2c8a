import type { Locator } from '@playwright/test';
import { chooseCsvFile, openImport } from '../helpers/e2e/import-view';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';

/** Switches profile and waits for the header to say which one is shown. */
async function switchTo(app: KennelApp, profile: 'Local' | 'Staging'): Promise<void> {
  await app.selectProfile(profile);
  await expect(app.profileBadge()).toHaveText(profile.toUpperCase());
}

/** Opens Staging for the first time (its key is asked for), then comes back to Local. */
async function toStagingFirstTime(app: KennelApp): Promise<void> {
  await app.selectProfile('Staging');
  await app.enterKey(KEYS.pro, 'Staging');
  await expect(app.profileBadge()).toHaveText('STAGING');
}

function waitingList(app: KennelApp): Locator {
  return app.page.getByRole('region', { name: 'Waiting to be sent' });
}

function waitingItem(app: KennelApp, name: string): Locator {
  return waitingList(app)
    .getByRole('listitem')
    .filter({ has: app.page.getByText(name, { exact: true }) });
}

/** Exports the list as shown to a CSV file; returns the file's name. */
async function exportShown(app: KennelApp): Promise<string> {
  await app.page.getByRole('button', { name: 'Export…' }).click();
  const dialog = app.page.getByRole('dialog', { name: 'Export the list' });
  await dialog.getByRole('radio', { name: /^The list as shown/ }).check();
  await dialog.getByRole('radio', { name: /^CSV file/ }).check();
  const downloaded = app.page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  return (await downloaded).suggestedFilename();
}

test.describe('messages belong to their moment and their profile', () => {
  test('the export note is replaced by the next export and stays behind on a profile switch', async ({
    app,
  }) => {
    await app.openWithKey(KEYS.pro);
    const exported = app.page.getByText(/^Exported \d+ animals? to /);

    const all = await exportShown(app);
    await expect(exported).toHaveText(`Exported 36 animals to ${all}.`);
    // The next export on a shorter list: only its own note is left.
    await app.statusFilter().selectOption('sold');
    await expect(app.listCounts()).toContainText('Showing');
    const adopted = await exportShown(app);
    await expect(exported).toHaveCount(1);
    await expect(exported).not.toHaveText(`Exported 36 animals to ${all}.`);
    await expect(exported).toContainText(adopted);

    await toStagingFirstTime(app);
    await expect(exported).toHaveCount(0);
    await switchTo(app, 'Local');
    await expect(app.dataRows().first()).toBeVisible();
    await expect(exported).toHaveCount(0);
  });

  test('the add form’s “waits a moment” note gives way to the next action on its animal and stays with its profile', async ({
    app,
  }) => {
    // Each animal waits a moment before it is sent, long enough on a busy machine.
    app.holdSeconds = 30;
    await app.openWithKey(KEYS.pro);
    const [first, second, corrected] = uniqueNames('Note', 3);
    if (first === undefined || second === undefined || corrected === undefined) {
      throw new Error('names');
    }
    const waits = (name: string) => app.page.getByText(`${name} waits a moment before it is sent.`);
    const anyWait = app.page.getByText(/waits a moment before it is sent/);

    await app.enterAnimals([{ name: first, categoryId: '2' }]);
    await expect(waits(first)).toBeVisible();
    await app.enterAnimals([{ name: second, categoryId: '2' }]);
    await expect(waits(second)).toBeVisible();
    await expect(waits(first)).toHaveCount(0);

    // Corrected in the Waiting list: that list says what happened, and the
    // form no longer speaks of the animal under its old name.
    await waitingItem(app, second)
      .getByRole('button', { name: `Edit ${second}` })
      .click();
    const correction = waitingList(app).getByRole('form', { name: `Correct ${second}` });
    await correction.getByLabel('Name', { exact: true }).fill(corrected);
    await correction.getByRole('button', { name: 'Save' }).click();
    const saved = waitingList(app).getByText(`Saved the correction to ${corrected}`);
    await expect(saved).toBeVisible();
    await expect(anyWait).toHaveCount(0);

    await toStagingFirstTime(app);
    await expect(saved).toHaveCount(0);
    await switchTo(app, 'Local');
    await expect(waitingItem(app, corrected)).toHaveCount(1);
    await expect(saved).toHaveCount(0);
    await expect(anyWait).toHaveCount(0);
  });

  test('an import’s “Queued” note stays with the profile it was queued in', async ({ app }) => {
    await app.openWithKey(KEYS.pro);
    const names = uniqueNames('Imported', 3);
    const view = await openImport(app.page);
    await chooseCsvFile(view, 'intake.csv', ['Name,Category', ...names.map((n) => `${n},2`)]);
    await view.getByRole('button', { name: 'Add 3 animals' }).click();
    const queued = app.page.getByText(/^Queued 3 animals\./);
    await expect(queued).toBeVisible();

    await toStagingFirstTime(app);
    await openImport(app.page);
    await expect(queued).toHaveCount(0);
    await switchTo(app, 'Local');
    await openImport(app.page);
    await expect(queued).toHaveCount(0);
  });
});
