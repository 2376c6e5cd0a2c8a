import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { openSettings } from './settings';

/**
 * The desk file through Settings, as staff use it: saved with "Save this
 * desk to a file" (a download the test keeps at `path`), opened with "Open a
 * desk file" (the file chooser), shown in its own dialog before anything
 * changes.
 */

/** Saves the desk to `path` from Settings, then closes Settings. */
export async function saveDeskFile(page: Page, path: string): Promise<void> {
  const settings = await openSettings(page);
  const section = settings.getByRole('region', { name: 'Desk file' });
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Save this desk to a file' }).click();
  await (await download).saveAs(path);
  await expect(section.getByText(/^Saved as “kennel-desk-.*\.kennel”/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
}

/** Opens the desk file at `path` from Settings; resolves to the desk file's dialog. */
export async function openDeskFile(page: Page, path: string): Promise<Locator> {
  const settings = await openSettings(page);
  const section = settings.getByRole('region', { name: 'Desk file' });
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Open a desk file' }).click();
  await (await chooser).setFiles(path);
  const dialog = page.getByRole('dialog', { name: 'Open a desk file' });
  await expect(dialog).toBeVisible();
  return dialog;
}
