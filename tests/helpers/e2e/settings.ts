import type { Locator, Page } from '@playwright/test';
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
