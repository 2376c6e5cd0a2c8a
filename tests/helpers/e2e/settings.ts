import type { Locator, Page } from '@playwright/test';
import { words } from './catalogue-words';
import { expect } from './fixtures';
import type { KennelApp } from './kennel-app';

/** Opens Settings from the header; `name` is its title in the window's language. */
export async function openSettings(page: Page, name = 'Settings'): Promise<Locator> {
  await page.getByRole('button', { name, exact: true }).click();
  const settings = page.getByRole('dialog', { name });
  await expect(settings).toBeVisible();
  return settings;
}

/** Names category numbers in Settings, one by one with the keyboard, as staff do. */
export async function nameCategories(app: KennelApp, names: Record<string, string>): Promise<void> {
  const settings = await openSettings(app.page);
  const section = settings.getByRole('region', { name: 'Categories' });
  for (const [id, name] of Object.entries(names)) {
    await section.getByLabel('Category number', { exact: true }).fill(id);
    await section.getByLabel('Category name', { exact: true }).fill(name);
    await app.page.keyboard.press('Enter');
    await expect(section.getByText(`Added \u201c${name}\u201d as category ${id}.`)).toBeVisible();
  }
  await app.page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
}

/** A theme Settings offers, by the value the page marks on `<html data-theme>`. */
type ThemeName = 'light' | 'dark';

/**
 * Chooses a theme and a language in Settings, as staff do, and closes it.
 * Both apply at once, without a restart: the page's `data-theme` and `lang`
 * must follow before this returns. `from` is the language the window speaks
 * now, so the dialog and its choices are found by the words on screen.
 */
export async function chooseLook(
  page: Page,
  look: { theme?: ThemeName; language?: 'en' | 'es' },
  from: 'en' | 'es' = 'en',
): Promise<void> {
  const settings = await openSettings(page, words(from, 'status', 'header', 'settings'));
  await chooseLookIn(settings, look, from);
  await page.keyboard.press('Escape');
  // Named in the new language by now: any dialog, not the one found by its old title.
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * Checks the theme and language radios in an open Settings dialog and waits
 * for the page to take them. Leaves the dialog open (its title follows the
 * language), so a test can look at it in the new look.
 */
export async function chooseLookIn(
  settings: Locator,
  { theme, language }: { theme?: ThemeName; language?: 'en' | 'es' },
  from: 'en' | 'es' = 'en',
): Promise<void> {
  const html = settings.page().locator('html');
  if (theme !== undefined) {
    await settings
      .getByRole('radio', { name: words(from, 'settings', 'appearance', theme), exact: true })
      .check();
    await expect(html).toHaveAttribute('data-theme', theme);
  }
  if (language !== undefined) {
    await settings
      .getByRole('radio', { name: words(from, 'settings', 'language', language), exact: true })
      .check();
    await expect(html).toHaveAttribute('lang', language);
  }
}
