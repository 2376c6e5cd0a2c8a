import { KEYS, expect, test } from '../helpers/e2e/fixtures';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { startOwnHost } from '../helpers/e2e/own-host';
import {
  animalDetails,
  expectInViewport,
  lastSynced,
  recordSyncLines,
  syncLinesSeen,
  syncProgress,
} from '../helpers/e2e/shell-parts';

/**
 * What a tester at 1280×800 found: a chosen animal's details below the fold,
 * the queue's progress only on the Animals view, "Never synced" over a list
 * just fetched, a first use that asked about storage before any animal, and
 * a profile without an address that said "Checking…" for good.
 */

test.describe('the details of a chosen animal are where the eye is', () => {
  for (const { width, height } of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    test(`at ${width}×${height}: in view on a click, focus in and back on close`, async ({
      app,
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await app.openWithKey(KEYS.pro);
      // Rows are kept by their place in the list; the narrow list shows no ID column.
      const row = app.dataRows().nth(0);
      const other = app.dataRows().nth(1);
      await expect(other).toBeVisible();
      const firstName = (await row.getByRole('cell').first().innerText()).trim();
      const secondName = (await other.getByRole('cell').first().innerText()).trim();

      await row.click();
      const details = animalDetails(page);
      await expect(details).toContainText(firstName);
      await expectInViewport(page, details);
      if (width === 360) expect((await details.boundingBox())?.width).toBe(width);
      await expect(details.getByRole('heading', { name: 'Animal details' })).toBeFocused();

      // Escape closes it, and the row it was opened from has the focus again.
      await page.keyboard.press('Escape');
      await expect(details).toHaveCount(0);
      await expect(row).toBeFocused();

      // By keyboard: Enter on a row; the close button does the same as Escape.
      await other.focus();
      await page.keyboard.press('Enter');
      await expect(details).toContainText(secondName);
      await expectInViewport(page, details);
      await details.getByRole('button', { name: 'Close details' }).click();
      await expect(details).toHaveCount(0);
      await expect(other).toBeFocused();
    });
  }

  test('a mistyped ID is said under Find, not in the drawer', async ({ app, page }) => {
    await app.openWithKey(KEYS.pro);
    const find = page.getByLabel('Find by ID', { exact: true });
    await find.fill('forty-two');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(find).toHaveAttribute('aria-invalid', 'true');
    await expect(find).toHaveAccessibleDescription(/whole number/);
    await expect(animalDetails(page)).toHaveCount(0);
  });
});

test.describe('the queue in the header, from every view', () => {
  // Slow answers keep the drain on screen long enough to see it.
  test.use({ serviceOptions: { faults: { latencyMs: 150 } } });

  test('says what waits, what is being sent and that all went, and leads to the sync panel', async ({
    app,
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    const names = uniqueNames('Header', 12);
    await app.enterAnimals(names.map((name) => ({ name, categoryId: '4' })));
    await app.expectWaiting(12);
    await expect(syncProgress(page)).toHaveAccessibleName('Sync: 12 waiting');

    // Seen from Import too, where the sync panel is not.
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Import' })
      .click();
    await expect(page.getByRole('heading', { name: 'Import animals' })).toBeVisible();
    await expect(syncProgress(page)).toHaveText('12 waiting');

    // Every line the header shows is kept as it changes, so a short drain cannot slip
    // between two looks of the test.
    await recordSyncLines(page);
    await service.start();
    // As staff would once the service is back, rather than wait out the probes'
    // backoff, which a long wait offline can stretch past a minute.
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Animals' })
      .click();
    await app.syncNowButton().click();
    await expect(syncProgress(page)).toHaveText('All sent', { timeout: 60_000 });
    const lines = await syncLinesSeen(page);
    expect(lines[0]).toBe('12 waiting');
    expect(
      lines.some((line) => /^Sending \d+ of 12…$/.test(line)),
      lines.join(' | '),
    ).toBe(true);
    expect(lines[lines.length - 1]).toBe('All sent');

    // The line leads to the sync panel: the Animals view, the panel's heading focused, in view.
    await syncProgress(page).click();
    const heading = page.getByRole('heading', { name: 'Sync', exact: true });
    await expect(heading).toBeFocused();
    await expectInViewport(page, heading);
    await app.expectWaiting(0);
  });
});

test.describe('honest status', () => {
  test('a list just fetched counts as synced, with nothing ever queued', async ({ app, page }) => {
    await app.openWithKey(KEYS.pro);
    await expect(app.dataRows().first()).toBeVisible();
    await expect(lastSynced(page)).toHaveText(/\d{1,2}:\d{2}:\d{2}/);
  });

  test('a profile without an address is "Not set up", and no refresh is promised for it', async ({
    page,
    service,
  }) => {
    // Staging has no address: only Local's is given.
    const host = await startOwnHost({ KENNEL_LOCAL_URL: service.url }, 'no-staging-address');
    try {
      const app = new KennelApp(page, host.url);
      await app.openWithKey(KEYS.pro);
      // Where there is an address and a key, the next refresh is announced.
      await expect(page.getByText(/^Next refresh at /)).toBeVisible();

      await app.selectProfile('Staging');
      await expect(app.profileBadge()).toHaveText('STAGING');
      const dialog = app.keyDialog('Staging');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(app.connection()).toHaveText('Not set up');

      await app.refreshButton().click();
      // Two sentences, with the space between them.
      const refused = page.getByRole('alert').filter({ hasText: /not set up yet\. \S/ });
      await expect(refused).toBeVisible();
      // The refresh has run and scheduled what comes next: nothing, and nothing is announced.
      await expect(page.getByText(/^Next refresh at /)).toHaveCount(0);
      await expect(app.connection()).toHaveText('Not set up');
    } finally {
      await host.close();
    }
  });
});

test.describe('first use is one step', () => {
  test('where the computer can encrypt the key, the key is all it asks for', async ({
    app,
    page,
  }) => {
    // The tests' host has no password store; this answer is that of a computer with one.
    await page.route('**/bridge/keyStorageInfo', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { ok: boolean; value?: object };
      await route.fulfill({
        response,
        json: {
          ...json,
          value: { ...json.value, storage: 'encrypted', plainStorageNeedsConsent: false },
        },
      });
    });
    await app.open();
    const dialog = app.keyDialog();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^Where it is kept: encrypted/)).toBeVisible();
    await expect(dialog.locator('input')).toHaveCount(1);
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await expect(dialog).not.toContainText(/keyring/i);

    await dialog.getByLabel('API key', { exact: true }).fill(KEYS.pro);
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await expect(dialog).toBeHidden();
    await expect(app.dataRows().first()).toBeVisible();
  });

  test('where it cannot, a second step asks where, the safer choice made and said why', async ({
    app,
  }) => {
    await app.open();
    const dialog = app.keyDialog();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await dialog.getByLabel('API key', { exact: true }).fill(KEYS.pro);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const choice = dialog.getByRole('group', { name: 'Where should Kennel keep this key?' });
    await expect(choice).toBeVisible();
    const recommended = choice.getByRole('radio', {
      name: 'Only until Kennel closes (recommended)',
    });
    await expect(recommended).toBeChecked();
    await expect(recommended).toBeFocused();
    await expect(recommended).toHaveAccessibleDescription(
      'Nothing is written to this computer, and Kennel asks for the key again the next time it opens.',
    );
    await expect(dialog).not.toContainText(/keyring/i);

    // Back keeps what was typed.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByLabel('API key', { exact: true })).toHaveValue(KEYS.pro);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await expect(dialog).toBeHidden();
    await expect(app.dataRows().first()).toBeVisible();
  });
});
