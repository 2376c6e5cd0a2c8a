/**
 * `npm run screenshots`: pictures of the main screens for the README, taken
 * from a real run (the built renderer in browser mode, against the reference
 * service) in light and dark, at 1280×800. Run `electron-vite build` first.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { startWebHost } from '../electron/web/index';
import { chromiumLaunchOptions } from '../tests/helpers/chromium';
import { KEYS } from '../tests/helpers/e2e/fixtures';
import { KennelApp } from '../tests/helpers/e2e/kennel-app';
import { openRecordFields } from '../tests/helpers/e2e/record-form';
import { RENDERER_DIR } from '../tests/helpers/e2e/renderer-dir';
import { ServiceControl } from '../tests/helpers/e2e/service-control';

const OUT_DIR = resolve('docs/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const THEMES = ['light', 'dark'] as const;
/** Outside the test runner `expect` waits 5 s; a cold start and a retry take longer. */
const WAIT = { timeout: 20_000 };

async function shoot(page: Page, name: string, theme: string): Promise<void> {
  // Let a theme's transitions and the last row's layout settle before the picture.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  const path = join(OUT_DIR, `${name}-${theme}.png`);
  await page.screenshot({ path });
  console.log(`wrote ${path}`);
}

async function captureTheme(theme: (typeof THEMES)[number]): Promise<void> {
  const service = await ServiceControl.start({ seed: 9 });
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-screens-'));
  const host = await startWebHost({
    keyring: null,
    port: 0,
    rendererDir: RENDERER_DIR,
    dataDir,
    env: { KENNEL_LOCAL_URL: service.url },
  });
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    // The theme follows the system's colour scheme, as it does for staff.
    const context = await browser.newContext({
      viewport: VIEWPORT,
      colorScheme: theme,
      locale: 'en-US',
      timezoneId: 'Europe/London',
    });
    const page = await context.newPage();
    const app = new KennelApp(page, host.url);
    // The hold staff start with, so the pictures show it.
    app.holdSeconds = null;
    await app.open();
    await app.enterKey(KEYS.pro);
    await app.expectWaiting(0, WAIT.timeout);
    await expect(app.dataRows().first()).toBeVisible(WAIT);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await shoot(page, 'animals', theme);

    // Three animals in their hold, each with its countdown, Undo, Edit and Send now.
    for (const name of ['Pip', 'Juniper', 'Olive']) {
      await app.submitAnimal({ name, categoryId: '3', status: 'available' });
    }
    const held = page.getByRole('region', { name: 'Waiting to be sent' });
    await expect(held.getByRole('listitem')).toHaveCount(3, WAIT);
    await held.scrollIntoViewIfNeeded();
    await shoot(page, 'hold', theme);
    await held.getByRole('button', { name: 'Send all now' }).click();
    await expect(held.getByRole('listitem')).toHaveCount(0, WAIT);
    await app.expectWaiting(0, WAIT.timeout);

    // Names the seed does not have, so no duplicate warning holds them back.
    // A refused animal: the reference service answers the next intake with a 400.
    service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
    await app.submitAnimal({ name: 'Nala', categoryId: '4', status: 'available' });
    await held.getByRole('button', { name: 'Send now' }).click();
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)', WAIT);
    service.state.setFaults({});
    await app.needsAttentionButton().click();
    await expect(app.needsAttention().getByRole('listitem')).toHaveCount(1);
    // The button is at the foot of the side pane; the list it opens is at the top.
    await app.needsAttention().scrollIntoViewIfNeeded();
    await shoot(page, 'needs-attention', theme);
    await app.needsAttentionButton().click();

    await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, 'settings', theme);
    await page.keyboard.press('Escape');

    // A kennel card as the printer gets it (always black on white): one of the three sent above.
    await page.evaluate(() => {
      (globalThis as unknown as { print: () => void }).print = () => {};
    });
    const cards = page.getByRole('region', { name: 'Kennel cards' });
    await cards.getByRole('button', { name: 'Print these cards' }).click();
    await page.emulateMedia({ media: 'print' });
    const card = page.locator('.kennel-card').first();
    await expect(card).toBeVisible(WAIT);
    const cardPath = join(OUT_DIR, `card-${theme}.png`);
    await card.screenshot({ path: cardPath });
    console.log(`wrote ${cardPath}`);
    await page.emulateMedia({ media: null });
    await cards.getByRole('button', { name: 'Not yet' }).click();

    await page.getByRole('button', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { name: 'Taken in at this desk today' })).toBeVisible(
      WAIT,
    );
    await expect(page.locator('.overview canvas').first()).toBeVisible(WAIT);
    // The charts grow in for a moment when drawn; the picture is of them drawn.
    await page.waitForTimeout(1500);
    await shoot(page, 'overview', theme);

    // The shift sheet as the printer gets it: today's intake above, with its IDs.
    await page.getByRole('button', { name: 'Print shift sheet' }).click();
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByTestId('shift-sheet');
    await expect(sheet).toBeVisible(WAIT);
    const sheetPath = join(OUT_DIR, `shift-sheet-${theme}.png`);
    await sheet.screenshot({ path: sheetPath });
    console.log(`wrote ${sheetPath}`);
    await page.emulateMedia({ media: null });
    await page.getByRole('button', { name: 'Animals' }).click();

    // A litter: the first kitten typed in full, the next one started from it.
    const form = await openRecordFields(page);
    await app.nameInput().fill('Mittens');
    await app.categoryInput().fill('3');
    await form.getByLabel('How it came in', { exact: true }).selectOption({ label: 'Stray' });
    await form.getByLabel('Where it was found', { exact: true }).fill('Behind the market');
    await form.getByLabel('Kennel', { exact: true }).fill('Cats 4');
    await app.addButton().click();
    await form.getByRole('button', { name: 'Add another like this' }).click();
    await expect(form).toContainText('2nd of this litter', WAIT);
    await app.nameInput().fill('Socks');
    await shoot(page, 'litter', theme);
    await app.nameInput().press('Enter');
    await expect(held.getByRole('listitem')).toHaveCount(2, WAIT);
    await held.getByRole('button', { name: 'Send all now' }).click();
    await expect(held.getByRole('listitem')).toHaveCount(0, WAIT);

    await service.stop();
    await app.submitAnimal({ name: 'Toby', categoryId: '2', status: 'pending' });
    await expect(app.connection()).toHaveText('Offline', WAIT);
    await app.expectWaiting(1, WAIT.timeout);
    await shoot(page, 'add-offline', theme);
    await context.close();
  } finally {
    await browser.close();
    await host.close();
    await service.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await mkdir(OUT_DIR, { recursive: true });
for (const theme of THEMES) await captureTheme(theme);
