import type { Page } from '@playwright/test';
import { localServiceEnv } from '../../scripts/electron-launch';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { startOwnHost } from '../helpers/e2e/own-host';

async function openSettings(page: Page, name = 'Settings'): Promise<ReturnType<Page['getByRole']>> {
  await page.getByRole('button', { name, exact: true }).click();
  const settings = page.getByRole('dialog', { name });
  await expect(settings).toBeVisible();
  return settings;
}

test.describe('settings a person can trust', () => {
  test('the dark theme applies at once and is there after a reload', async ({ app, page }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    const settings = await openSettings(page);
    await settings.getByRole('radio', { name: 'Dark', exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await page.keyboard.press('Escape');
    await app.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const again = await openSettings(page);
    await expect(again.getByRole('radio', { name: 'Dark', exact: true })).toBeChecked();
    await again.getByRole('radio', { name: 'Light', exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('Español turns the window Spanish at once and stays after a reload', async ({
    app,
    page,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    const settings = await openSettings(page);
    await settings.getByRole('radio', { name: 'Español', exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('dialog', { name: 'Ajustes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Apariencia' })).toBeVisible();

    await page.keyboard.press('Escape');
    await app.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const again = await openSettings(page, 'Ajustes');
    await expect(again.getByRole('radio', { name: 'Español', exact: true })).toBeChecked();
    await again.getByRole('radio', { name: 'English', exact: true }).check();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  });

  test('saving the key with Enter gives the focus back to the button that opened it', async ({
    app,
    page,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    // The key is changed from Settings; its dialog opens over Settings.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const opener = page.getByRole('button', { name: 'Change the key' });
    await opener.click();
    const dialog = app.keyDialog();
    const field = dialog.getByLabel('API key', { exact: true });
    await expect(field).toBeFocused();
    await field.fill(KEYS.pro);
    await page.keyboard.press('Enter');
    // The tests' computer cannot encrypt the key: Enter led to where to keep it,
    // with the choice made for the key before it, and Enter on Save key saves it.
    await expect(
      dialog.getByRole('radio', { name: 'On this computer, unencrypted' }),
    ).toBeChecked();
    await dialog.getByRole('button', { name: 'Save key' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press('Escape');

    // Escape in Settings does the same for its own button.
    const settingsButton = page.getByRole('button', { name: 'Settings', exact: true });
    await settingsButton.click();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(settingsButton).toBeFocused();
  });

  test('a Local URL from the environment reads as text and names the variable', async ({
    app,
    page,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    const settings = await openSettings(page);
    await expect(settings.getByRole('textbox', { name: 'Local service address' })).toHaveCount(0);
    await expect(settings.getByTestId('base-url-local')).toHaveText(service.url);
    await expect(settings.getByTestId('base-url-local')).toHaveAccessibleDescription(
      'Set outside Kennel, in KENNEL_LOCAL_URL on this computer, so it cannot be changed here.',
    );
    // A profile Kennel keeps the address of is still a field.
    await expect(
      settings.getByRole('textbox', { name: 'Production service address' }),
    ).toBeEditable();
  });

  test('a Local URL the launcher set credits Kennel’s bundled service, not a variable', async ({
    page,
    service,
  }) => {
    // The environment `npm start` and `npm run web` give the app when they start the service.
    const host = await startOwnHost(localServiceEnv({}, service.url, true), 'launcher');
    try {
      const app = new KennelApp(page, host.url);
      await app.open();
      await app.enterKey(KEYS.pro);
      const settings = await openSettings(page);
      const local = settings.getByTestId('base-url-local');
      await expect(local).toHaveText(service.url);
      await expect(local).toHaveAccessibleDescription(
        'Set by Kennel’s bundled local service when Kennel started, so it cannot be changed here.',
      );
      await expect(settings.getByText('KENNEL_LOCAL_URL')).toHaveCount(0);
    } finally {
      await host.close();
    }
  });
});
