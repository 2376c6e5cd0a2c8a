import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { openSettings } from '../helpers/e2e/settings';

/**
 * Settings for the intake record: the stray hold, in days, kept per profile
 * and saying which profile it is for, as the hold before sending does; and
 * the storage figures, which count the profile's photos and say that records
 * and photos live only on this computer.
 */

function strayHoldField(settings: Locator): Locator {
  return settings.getByLabel('Stray hold (days)', { exact: true });
}

/** Types `days` into the field as staff do, and waits for the saved figure itself. */
async function setStrayHold(settings: Locator, days: number, profile: string): Promise<void> {
  const field = strayHoldField(settings);
  await expect(field).toHaveValue(/^\d+$/);
  await field.fill(String(days));
  await field.press('Tab');
  const unit = days === 1 ? 'day' : 'days';
  await expect(
    settings.getByText(
      `Saved. Strays taken in on the ${profile} profile are held ${days} ${unit}.`,
      { exact: true },
    ),
  ).toBeVisible();
}

async function closeSettings(page: Page, settings: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
}

async function switchTo(app: KennelApp, profile: 'Local' | 'Staging'): Promise<void> {
  await app.selectProfile(profile);
  await expect(app.profileBadge()).toHaveText(profile.toUpperCase());
}

test.describe('the stray hold setting', () => {
  test('starts at 3 days, saves what is typed, keeps it after a reload, and is the profile’s own', async ({
    app,
    page,
  }) => {
    await app.openWithKey(KEYS.pro);
    let settings = await openSettings(page);
    const section = settings.getByRole('region', { name: 'Stray hold' });
    await expect(section).toContainText('Applies to the Local profile.');
    // After "Before sending", as the two holds belong together.
    const titles = await settings.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(titles.indexOf('Stray hold')).toBe(titles.indexOf('Before sending') + 1);
    await expect(strayHoldField(settings)).toHaveValue('3');

    // A number out of range is refused in words when the field is left, and nothing is saved.
    await strayHoldField(settings).fill('31');
    await strayHoldField(settings).press('Tab');
    await expect(settings.getByRole('alert')).toHaveText(
      'Enter a whole number of days from 0 to 30.',
    );
    await expect(strayHoldField(settings)).toHaveAttribute('aria-invalid', 'true');

    await setStrayHold(settings, 7, 'Local');
    await expect(settings.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page, 'settings, stray hold');
    await closeSettings(page, settings);

    await app.reload();
    settings = await openSettings(page);
    await expect(strayHoldField(settings)).toHaveValue('7');
    await closeSettings(page, settings);

    // Staging has its own: still the default until someone changes it there.
    await app.selectProfile('Staging');
    await app.enterKey(KEYS.pro, 'Staging');
    await expect(app.profileBadge()).toHaveText('STAGING');
    settings = await openSettings(page);
    await expect(settings.getByRole('region', { name: 'Stray hold' })).toContainText(
      'Applies to the Staging profile.',
    );
    await expect(strayHoldField(settings)).toHaveValue('3');
    await setStrayHold(settings, 0, 'Staging');
    await closeSettings(page, settings);

    await switchTo(app, 'Local');
    settings = await openSettings(page);
    await expect(strayHoldField(settings)).toHaveValue('7');
    await closeSettings(page, settings);
    await switchTo(app, 'Staging');
    settings = await openSettings(page);
    await expect(strayHoldField(settings)).toHaveValue('0');
  });

  test('the storage figures count the profile’s photos and say records and photos stay on this computer', async ({
    app,
    page,
  }) => {
    await app.openWithKey(KEYS.pro);
    const settings = await openSettings(page);
    const storage = settings.getByRole('region', { name: 'Storage on this computer' });
    await expect(storage.getByTestId('storage-photos')).toHaveText(
      'No photos are kept for the Local profile.',
    );
    await expect(storage).toContainText(
      'Intake records and photos live only on this computer: they are never sent to the service',
    );
    await expectNoAxeViolations(page, 'settings, storage with photos');

    await settings.getByRole('radio', { name: 'Español', exact: true }).check();
    const ajustes = page.getByRole('dialog', { name: 'Ajustes' });
    await expect(ajustes.getByTestId('storage-photos')).toHaveText(
      'No se guardan fotos del perfil Local.',
    );
    await expect(ajustes.getByRole('region', { name: 'Retención de extraviados' })).toContainText(
      'Se aplica al perfil Local.',
    );
  });
});
