import { createHash } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { words } from './catalogue-words';
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

/**
 * Opens the desk file at `path` from Settings, in the language the window
 * speaks (`from`); resolves to the desk file's dialog.
 */
export async function openDeskFile(
  page: Page,
  path: string,
  from: 'en' | 'es' = 'en',
): Promise<Locator> {
  const settings = await openSettings(page, words(from, 'status', 'header', 'settings'));
  return chooseDeskFile(settings, path, from);
}

/** In Settings, already open: "Open a desk file" and `path` chosen; resolves to the file's dialog. */
export async function chooseDeskFile(
  settings: Locator,
  path: string,
  from: 'en' | 'es' = 'en',
): Promise<Locator> {
  const page = settings.page();
  const section = settings.getByRole('region', { name: words(from, 'desk', 'setting', 'title') });
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: words(from, 'desk', 'setting', 'open') }).click();
  await (await chooser).setFiles(path);
  const dialog = page.getByRole('dialog', { name: words(from, 'desk', 'open', 'title') });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The file's first entry (its header) and last (its checksums), as the app names them. */
export const HEADER = 'kennel-desk.json';
export const MANIFEST = 'kennel-manifest.json';

/** A desk file's entries, keyed by name in the file's order. */
type Entries = Record<string, Uint8Array>;

/** The file's entries in their order, zipped again (stored) after `change`. */
export function rezip(bytes: Uint8Array, change: (entries: Entries) => void): Uint8Array {
  const entries = unzipSync(bytes);
  change(entries);
  const ordered: Zippable = {};
  for (const [name, data] of Object.entries(entries)) ordered[name] = [data, { level: 0 }];
  return zipSync(ordered);
}

/** Edits the JSON entry `name` in place. */
export function editJson<T>(entries: Entries, name: string, edit: (value: T) => void): void {
  const value = JSON.parse(strFromU8(entries[name] as Uint8Array)) as T;
  edit(value);
  entries[name] = strToU8(JSON.stringify(value));
}

/**
 * Makes the checksums agree with the entries again: a file changed as a
 * person with the format in hand would change it, which only its contents
 * can tell apart from one Kennel wrote.
 */
export function resum(entries: Entries): void {
  editJson(
    entries,
    MANIFEST,
    (manifest: { entries: { path: string; bytes: number; sha256: string }[] }) => {
      for (const entry of manifest.entries) {
        const data = entries[entry.path] as Uint8Array;
        entry.bytes = data.length;
        entry.sha256 = createHash('sha256').update(data).digest('hex');
      }
    },
  );
}
