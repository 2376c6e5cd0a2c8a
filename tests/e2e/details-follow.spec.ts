import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { LANGUAGE_KEY, THEME_KEY, words } from '../helpers/e2e/catalogue-words';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { hasRasterImages, readPdfPages, type PdfPage } from '../helpers/e2e/pdf-codes';
import type { ServiceControl } from '../helpers/e2e/service-control';

/**
 * An open details drawer follows its animal: while it waits in its hold the
 * drawer counts down with Undo, Edit and Send now, beside Waiting to be sent
 * (never over it); once the service has it, the drawer shows the service's ID
 * and status without being opened again, and the card printed from it carries
 * that ID as a barcode and a QR code, read back from the PDF as a scanner would.
 */

/** Long enough for a busy machine to do everything in it. */
const HOLD_SECONDS = 60;
/** A hold the test lets run out, by moving the page's clock past it once everything in it is done. */
const SHORT_HOLD_SECONDS = 20;

function details(page: Page, language: 'en' | 'es' = 'en'): Locator {
  return page.getByRole('complementary', { name: words(language, 'animals', 'detail', 'title') });
}

function heldList(page: Page, language: 'en' | 'es' = 'en'): Locator {
  return page.getByRole('region', { name: words(language, 'hold', 'title') });
}

/** The browser's Print dialog cannot be answered from a test: `print` does nothing instead. */
async function stubPrintDialog(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { print: () => void }).print = () => {};
  });
}

/** What the printer would get now: the page printed with its own page sizes, read back. */
async function printedPages(page: Page): Promise<PdfPage[]> {
  await expect(page.getByTestId('card-sheet')).toBeAttached();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(hasRasterImages(pdf), 'barcodes print as vector graphics').toBe(false);
  return readPdfPages(page.context(), pdf);
}

/** The area two boxes share on screen, in square pixels. */
function overlap(
  a: { x: number; y: number; width: number; height: number } | null,
  b: { x: number; y: number; width: number; height: number } | null,
): number {
  if (a === null || b === null) return 0;
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The part of `locator`'s box that can be seen: what a pane that scrolls on
 * its own hides past its edge is neither seen nor covered.
 */
function visibleBox(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number } | null> {
  return locator.evaluate((el) => {
    let { left, top, right, bottom } = el.getBoundingClientRect();
    for (let up = el.parentElement; up !== null; up = up.parentElement) {
      const style = el.ownerDocument.defaultView?.getComputedStyle(up);
      if (style === undefined || (style.overflowX === 'visible' && style.overflowY === 'visible')) {
        continue;
      }
      const clip = up.getBoundingClientRect();
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
    }
    if (right <= left || bottom <= top) return null;
    return { x: left, y: top, width: right - left, height: bottom - top };
  });
}

/**
 * The drawer leaves Waiting to be sent usable: the list can be brought into
 * view and none of it is under the drawer, and its first button takes a click.
 */
async function expectHeldListUncovered(page: Page, language: 'en' | 'es' = 'en'): Promise<void> {
  const held = heldList(page, language);
  await held.scrollIntoViewIfNeeded();
  await expect(held).toBeInViewport();
  const drawer = await details(page, language).boundingBox();
  const list = await visibleBox(held);
  const size = page.viewportSize();
  expect(
    overlap(drawer, list),
    `the details drawer covers Waiting to be sent at ${size?.width ?? '?'} px`,
  ).toBe(0);
  // A trial click checks that the button itself, not the drawer, is what a click reaches.
  await held.getByRole('button').first().click({ trial: true, timeout: 5_000 });
}

/** The animal `name` as the service holds it, once it has arrived there. */
async function sentAnimal(service: ServiceControl, name: string): Promise<{ id: string }> {
  await expectEachOnService(service, [name]);
  const pet = service.state.pets().find((p) => p.name === name);
  if (pet === undefined) throw new Error(`${name} is on the service`);
  return { id: pet.id.toString() };
}

async function openDetailsOf(app: KennelApp, name: string): Promise<void> {
  await app.rowNamed(name).first().click();
  await expect(details(app.page)).toContainText(name);
}

/** Stores a Settings choice in the page's `localStorage` and reloads, as a restart would. */
async function reloadWith(app: KennelApp, choices: Record<string, string>): Promise<void> {
  await app.page.evaluate((pairs) => {
    const storage = (
      globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
    ).localStorage;
    for (const [key, value] of Object.entries(pairs)) storage.setItem(key, value);
  }, choices);
  await app.page.reload();
}

test.describe('details that follow the animal', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Send now in the open details: the drawer turns to the service’s ID, and its card scans to it', async ({
    app,
    page,
    service,
  }) => {
    app.holdSeconds = HOLD_SECONDS;
    await app.openWithKey(KEYS.pro);
    await stubPrintDialog(page);
    const [name] = uniqueNames('Follow', 1);
    if (name === undefined) throw new Error('name');
    await app.submitAnimal({ name, categoryId: '3', status: 'available' });
    await expect(heldList(page).getByRole('listitem')).toContainText(name);

    await openDetailsOf(app, name);
    const drawer = details(page);
    await expect(drawer).toContainText(/Sends in \d+ seconds?/);
    await expect(drawer.getByRole('button', { name: 'Undo', exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expectHeldListUncovered(page);
    await expectNoAxeViolations(page, 'details of an animal on hold');

    await drawer.getByRole('button', { name: 'Send now', exact: true }).click();
    const { id } = await sentAnimal(service, name);
    // Not opened again: the same drawer shows what the service gave.
    await expect(drawer.getByRole('definition').nth(1)).toHaveText(id);
    await expect(drawer).toContainText('Available');
    await expect(drawer).not.toContainText(/Sends |waiting/i);
    await expect(drawer.getByRole('button', { name: 'Send now', exact: true })).toHaveCount(0);
    await expect(drawer).toContainText(words('en', 'animals', 'detail', 'sent'));
    await expectNoAxeViolations(page, 'details of an animal just sent');

    await drawer.getByRole('button', { name: 'Print card' }).click();
    const [card] = await printedPages(page);
    expect(card?.code128, 'the barcode of the card printed from the details').toBe(id);
    expect(card?.qr, 'the QR code of the card printed from the details').toBe(id);
  });

  test('the hold running out with the details open; Edit and Undo from the drawer; never over Waiting to be sent', async ({
    app,
    page,
    service,
  }) => {
    await page.clock.install();
    app.holdSeconds = SHORT_HOLD_SECONDS;
    await app.openWithKey(KEYS.pro);
    const [kept, corrected, takenBack, later] = uniqueNames('Drawer', 4);
    if (!kept || !corrected || !takenBack || !later) throw new Error('names');
    await app.enterAnimals([
      { name: takenBack, categoryId: '2' },
      { name: kept, categoryId: '2' },
    ]);
    await expect(heldList(page).getByRole('listitem')).toHaveCount(2);

    // Undo in the drawer takes the animal back as the list's Undo does; its details go with it.
    await openDetailsOf(app, takenBack);
    await details(page).getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(heldList(page)).toContainText(`Took ${takenBack} back; it will not be sent.`);
    await expect(details(page)).toHaveCount(0);
    await expect(app.rowNamed(takenBack)).toHaveCount(0);

    // Edit in the drawer opens the correction in Waiting to be sent, beside it.
    await openDetailsOf(app, kept);
    const drawer = details(page);
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    const correction = heldList(page).getByRole('form', { name: `Correct ${kept}` });
    await expect(correction.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(drawer).toContainText('Being corrected');
    await expectHeldListUncovered(page);
    await correction.getByLabel('Name', { exact: true }).fill(corrected);
    await correction.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByRole('definition').first()).toHaveText(corrected);
    await expect(drawer).toContainText(/Sends in \d+ seconds?/);

    // Nobody presses Send now: the hold runs out with the drawer open.
    expect(service.state.pets().map((p) => p.name)).not.toContain(corrected);
    await page.clock.fastForward(SHORT_HOLD_SECONDS * 1000);
    const { id } = await sentAnimal(service, corrected);
    await expect(drawer.getByRole('definition').nth(1)).toHaveText(id);
    await expect(drawer).not.toContainText(/Sends |waiting/i);
    await expect(drawer).toContainText(words('en', 'animals', 'detail', 'sent'));

    // Narrower windows: the drawer still leaves the list of animals on hold usable.
    await app.setHold(HOLD_SECONDS);
    await app.submitAnimal({ name: later, categoryId: '2' });
    await openDetailsOf(app, later);
    for (const width of [1024, 800, 480]) {
      await page.setViewportSize({ width, height: 800 });
      await expectHeldListUncovered(page);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The same drawer in Spanish and in the dark theme, on hold and sent.
    await reloadWith(app, { [THEME_KEY]: 'dark', [LANGUAGE_KEY]: 'es' });
    await page.getByRole('row').filter({ hasText: later }).first().click();
    await expect(details(page, 'es')).toContainText(words('es', 'hold', 'sendNow'));
    await expectNoAxeViolations(page, 'details of an animal on hold (es, dark)');
    await expectHeldListUncovered(page, 'es');
    await page.getByRole('row').filter({ hasText: corrected }).first().click();
    await expect(details(page, 'es')).toContainText(id);
    await expect(details(page, 'es')).toContainText(words('es', 'animals', 'detail', 'sent'));
    await expectNoAxeViolations(page, 'details of a sent animal (es, dark)');
  });
});
