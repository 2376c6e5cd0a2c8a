import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../helpers/chromium';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { chooseCsvFile, importSummary, openImport } from '../helpers/e2e/import-view';
import { fillDisk, freeDisk, smallDisk, storedNames } from '../helpers/e2e/quota';

/**
 * A disk that fills up while staff work: Chromium is given a small quota for
 * the page's origin, and other data then takes what is left. Whatever Kennel
 * was writing fails whole, what was typed stays where it was typed, and the
 * message says what to do; once space is freed, the same work goes through.
 */

/** Room for Kennel's own data and a little more, so the filler's few megabytes fill it. */
const DISK_BYTES = 6 * 1024 * 1024;

const FULL = /There is no storage space left for Kennel’s data on this computer/;

function originOf(url: string): string {
  return new URL(url).origin;
}

function heldList(app: KennelApp): Locator {
  return app.page.getByRole('region', { name: 'Waiting to be sent' });
}

async function expectNotStored(page: Page, names: readonly string[]): Promise<void> {
  const pets = await storedNames(page, 'pets');
  const outbox = await storedNames(page, 'outbox');
  for (const name of names) {
    expect(pets, `no row for ${name}`).not.toContain(name);
    expect(outbox, `no outbox entry for ${name}`).not.toContain(name);
  }
}

test.describe('a full disk', () => {
  test('during intake: the animal is not half-written, is kept with what to do, and goes once space is freed', async ({
    app,
    webHost,
    service,
  }) => {
    const cdp = await smallDisk(app.page, originOf(webHost.url), DISK_BYTES);
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Full disk', 1);
    if (name === undefined) throw new Error('names');

    expect(await fillDisk(app.page)).toBeGreaterThan(0);
    await app.submitAnimal({ name, categoryId: '2', status: 'available' });
    const notSaved = app.page.getByRole('region', { name: 'Not saved' });
    const kept = notSaved.getByRole('listitem').filter({ hasText: name });
    await expect(kept).toContainText(FULL);
    await expect(kept).toContainText('send the animals that are waiting');
    await expectNotStored(app.page, [name]);

    // What was typed comes back into the form as it was typed.
    await kept.getByRole('button', { name: 'Put back in the form' }).click();
    await expect(app.nameInput()).toHaveValue(name);
    await expect(app.categoryInput()).toHaveValue('2');

    await freeDisk(app.page);
    await app.addButton().click();
    await expect(notSaved).toHaveCount(0);
    await expect.poll(() => service.state.pets().filter((p) => p.name === name).length).toBe(1);
    await expect(app.nameInput()).toHaveValue('');
    await cdp.detach();
  });
});

test.describe('a full disk, in bulk', () => {
  test('during an import: no animal of it is queued, its rows stay, and it all goes once space is freed', async ({
    app,
    webHost,
    service,
  }) => {
    const cdp = await smallDisk(app.page, originOf(webHost.url), DISK_BYTES);
    await app.openWithKey(KEYS.pro);
    const names = uniqueNames('Full import', 8);
    const view = await openImport(app.page);
    await chooseCsvFile(view, 'transfer.csv', [
      'Name,Category,Status',
      ...names.map((n) => `${n},2,available`),
    ]);
    await expect(importSummary(view)).toHaveText('8 ready to add.');

    expect(await fillDisk(app.page)).toBeGreaterThan(0);
    await view.getByRole('button', { name: 'Add 8 animals' }).click();
    await expect(view.getByText(FULL)).toBeVisible();
    await expectNotStored(app.page, names);
    await expect(importSummary(view)).toHaveText('8 ready to add.');

    await freeDisk(app.page);
    await view.getByRole('button', { name: 'Add 8 animals' }).click();
    await expect(view.getByText('Queued 8 animals.', { exact: false })).toBeVisible();
    await expect
      .poll(() => service.state.pets().filter((p) => names.includes(p.name)).length)
      .toBe(names.length);
    await cdp.detach();
  });

  test('during a correction of a held animal: the old one stays as it was, the correction stays open', async ({
    app,
    webHost,
  }) => {
    const cdp = await smallDisk(app.page, originOf(webHost.url), DISK_BYTES);
    app.holdSeconds = 120;
    await app.openWithKey(KEYS.pro);
    const [name, corrected] = uniqueNames('Mended', 2);
    if (name === undefined || corrected === undefined) throw new Error('names');
    await app.submitAnimal({ name, categoryId: '2' });
    const item = heldList(app)
      .getByRole('listitem')
      .filter({ has: app.page.getByText(name, { exact: true }) });
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Edit' }).click();
    const correction = heldList(app).getByRole('form', { name: `Correct ${name}` });
    await correction.getByLabel('Name', { exact: true }).fill(corrected);

    expect(await fillDisk(app.page)).toBeGreaterThan(0);
    await correction.getByRole('button', { name: 'Save' }).click();
    await expect(heldList(app).getByText(FULL)).toBeVisible();
    expect(await storedNames(app.page, 'outbox')).toEqual([name]);
    expect(await storedNames(app.page, 'pets')).not.toContain(corrected);
    await expect(correction.getByLabel('Name', { exact: true })).toHaveValue(corrected);

    await freeDisk(app.page);
    await correction.getByRole('button', { name: 'Save' }).click();
    await expect(heldList(app)).toContainText(`Saved the correction to ${corrected}`);
    expect(await storedNames(app.page, 'outbox')).toEqual([corrected]);
    await cdp.detach();
  });
});

test.describe('storage in Settings and at start', () => {
  test('Settings says how much room Kennel uses and whether the browser keeps it', async ({
    app,
  }) => {
    await app.openWithKey(KEYS.pro);
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = app.page.getByRole('dialog', { name: 'Settings' });
    const section = settings.getByRole('region', { name: 'Storage on this computer' });
    await expect(section).toContainText(
      /Kennel uses [\d.,]+ (bytes|kB|MB) of about [\d.,]+ (MB|GB|TB) this computer allows it: about [\d.,]+ (MB|GB|TB) left\./,
    );
    // A fresh browser profile is not promised to be kept: the page says what that means.
    await expect(section).toContainText('The browser has not promised to keep Kennel’s data.');
    await expect(section.getByRole('button', { name: 'Ask again' })).toBeVisible();
  });

  test('a browser that keeps no data: the app says so at start, not empty screens', async ({
    app,
    webHost,
  }) => {
    // Stand-in for a browser whose site data is blocked: IndexedDB is not there.
    await app.page.addInitScript(() => {
      Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true });
    });
    await app.page.goto(webHost.url);
    await expect(
      app.page.getByRole('alert').filter({ hasText: 'Kennel cannot keep data on this computer' }),
    ).toBeVisible();
  });

  test('a browser that blocks site data: the app says so at start', async ({ webHost }) => {
    // Chromium's own setting, as staff or an administrator would set it: no site may keep data.
    const profileDir = await mkdtemp(join(tmpdir(), 'kennel-blocked-'));
    await mkdir(join(profileDir, 'Default'));
    await writeFile(
      join(profileDir, 'Default', 'Preferences'),
      JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
    );
    const context = await chromium.launchPersistentContext(profileDir, chromiumLaunchOptions);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(webHost.url);
      await expect(
        page.getByRole('alert').filter({ hasText: 'Kennel cannot keep data on this computer' }),
      ).toBeVisible();
      await expect(page.getByText('No animals yet')).toHaveCount(0);
    } finally {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    }
  });
});
