import { expect, KEYS, test } from '../helpers/e2e/fixtures';

test.describe('settings and keys', () => {
  test('a key the service refuses (401) brings the key dialog back', async ({ app, service }) => {
    await app.open();
    const dialog = app.keyDialog();
    await dialog.getByLabel('API key', { exact: true }).fill('kennel-demo-not-a-key');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // Kept until Kennel closes, the choice already made where the key cannot be encrypted.
    await dialog.getByRole('button', { name: 'Save key' }).click();

    // The key is saved (the field clears), the service answers 401, and the dialog asks again.
    await expect.poll(() => service.state.stats.byStatus[401] ?? 0).toBeGreaterThan(0);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('API key', { exact: true })).toHaveValue('');
    await app.enterKey(KEYS.free);
    await expect.poll(async () => (await app.visibleRows()).length).toBeGreaterThan(0);
    // A quiet indicator: the figures open on keyboard focus, and no live region counts requests.
    // The button says what is left and when more come, in words: never "Rate limit".
    const rateLimit = app.rateLimitButton();
    await expect(rateLimit).toHaveAccessibleName(
      /^\d+ requests? left( · more in under a minute)?$/,
    );
    await rateLimit.focus();
    await expect(app.page.getByRole('tooltip')).toContainText(
      /^\d+ of 60 requests left this minute/,
    );
    await expect(rateLimit).toHaveAccessibleDescription(/requests left this minute/);
    await expect(app.page.getByTestId('rate-limit-announcement')).toHaveText('');
    await app.page.keyboard.press('Escape');
    await expect(app.page.getByRole('tooltip')).toBeHidden();
  });

  test('a base URL is checked before it is saved; production is plain', async ({
    app,
    page,
    stagingService,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const production = settings.getByLabel('Production service address');
    await production.fill('http://kennel.example.org/v1');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(settings.getByRole('alert')).toContainText('https');
    await expect(settings.getByRole('alert')).not.toContainText(/\/v1|base URL|HTTP \d/);
    await expect(settings).toBeVisible();
    await expect(production).toHaveAttribute('aria-invalid', 'true');

    // Plain http is allowed on loopback: point production at the second service.
    await production.fill(stagingService.url);
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(settings).toBeHidden();

    await app.selectProfile('Production');
    await app.enterKey(KEYS.business, 'Production');
    await expect(page.locator('[data-profile="production"]').first()).toBeAttached();
    await expect(app.profileBadge()).toHaveCount(0);
    await expect.poll(async () => (await app.visibleRows()).length).toBeGreaterThan(0);
  });
});
