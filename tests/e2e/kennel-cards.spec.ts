import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { hasRasterImages, readPdfPages, type PdfPage } from '../helpers/e2e/pdf-codes';

/**
 * Kennel cards as staff print them: from an animal's details, for today's
 * intake, and from Cards to print. Each printed card is read back from the
 * PDF Chromium prints, as a scanner would: the barcode and the QR code must
 * give the animal's ID to the last digit.
 */

const TWO_TO_53 = 2n ** 53n;
/** A 4×6 in label and A6, in points (72 to the inch). */
const LABEL = { widthPt: 288, heightPt: 432 };
const A6 = { widthPt: (105 / 25.4) * 72, heightPt: (148 / 25.4) * 72 };

/** The browser's Print dialog cannot be answered from a test: `print` does nothing instead. */
async function stubPrintDialog(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { print: () => void }).print = () => {};
  });
}

/**
 * Text as the reader extracts it, compared without spaces: pdf.js splits words
 * at ligatures and kerning ("pro fi le").
 */
function squeezed(text: string | undefined): string {
  return (text ?? '').normalize('NFKC').replace(/\s+/g, '');
}

/** Expects `page`'s text to hold each of `parts`, spacing aside. */
function expectText(page: PdfPage | undefined, ...parts: string[]): void {
  for (const part of parts) expect(squeezed(page?.text)).toContain(squeezed(part));
}

/** What the printer would get now: the page printed with its own page sizes, read back. */
async function printedPages(page: Page): Promise<PdfPage[]> {
  await expect(page.getByTestId('card-sheet')).toBeAttached();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(hasRasterImages(pdf), 'barcodes print as vector graphics').toBe(false);
  return readPdfPages(page.context(), pdf);
}

function details(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Animal details' });
}

function cardsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Kennel cards' });
}

function dueList(page: Page): Locator {
  return cardsPanel(page).getByRole('region', { name: /^Cards to print/ });
}

async function findById(page: Page, id: string): Promise<void> {
  await page.getByLabel('Find by ID').fill(id);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(details(page)).toContainText(id);
}

async function chooseCardSize(app: KennelApp, size: RegExp): Promise<void> {
  await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = app.page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('radio', { name: size }).check();
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings).toBeHidden();
}

test.describe('kennel cards', () => {
  test.use({ serviceOptions: { bigIds: true } });

  test('a card printed from the details carries the exact ID above 2^53 in its barcode and QR code', async ({
    app,
    page,
    service,
  }) => {
    const big = service.state.pets().find((pet) => pet.id > TWO_TO_53 && pet.status !== null);
    if (big === undefined) throw new Error('the service holds an animal with an ID above 2^53');
    const id = big.id.toString();
    await app.openWithKey(KEYS.pro);
    await stubPrintDialog(page);
    await findById(page, id);

    await details(page).getByRole('button', { name: 'Print card' }).click();
    // The print layout alone is what axe sees in print.
    await expect(page.getByTestId('card-sheet')).toBeAttached();
    await page.emulateMedia({ media: 'print' });
    await expectNoAxeViolations(page, 'kennel card (print)');
    // Back to the page's own media: \`page.pdf\` then prints with print styles.
    await page.emulateMedia({ media: null });
    const [card] = await printedPages(page);
    expect(card?.code128).toBe(id);
    expect(card?.qr).toBe(id);
    expect(card?.widthPt).toBeCloseTo(LABEL.widthPt, 0);
    expect(card?.heightPt).toBeCloseTo(LABEL.heightPt, 0);
    expectText(card, big.name, `Category ${big.categoryId}`, `ID ${id}`);
    // Not typed on this computer: nobody here knows the day it came in.
    expect(squeezed(card?.text)).not.toContain('Takenin');

    // Settings sits under the drawer on a narrow window.
    await details(page).getByRole('button', { name: 'Close' }).click();
    await chooseCardSize(app, /^A6/);
    await findById(page, id);
    await details(page).getByRole('button', { name: 'Print card' }).click();
    const [a6] = await printedPages(page);
    expect(a6?.widthPt).toBeCloseTo(A6.widthPt, 0);
    expect(a6?.heightPt).toBeCloseTo(A6.heightPt, 0);
    expect(a6?.code128).toBe(id);
  });

  test('a card printed before sending says "ID pending"; once the ID arrives it waits in Cards to print until printed', async ({
    app,
    page,
    service,
  }) => {
    // Long enough to print the card while the animal is still held on this computer.
    app.holdSeconds = 60;
    await app.openWithKey(KEYS.pro);
    await stubPrintDialog(page);
    const [name] = uniqueNames('Card', 1);
    if (name === undefined) throw new Error('name');
    await app.submitAnimal({ name, categoryId: '4' });
    const held = page.getByRole('region', { name: 'Waiting to be sent' });
    await expect(held.getByRole('listitem')).toContainText(name);
    await expect(dueList(page)).toContainText('Every card is printed.');
    await expect(cardsPanel(page)).toContainText('One animal taken in today on this computer');

    await app.rowNamed(name).first().click();
    await details(page).getByRole('button', { name: 'Print card' }).click();
    const [pending] = await printedPages(page);
    // The local profile is not the shelter's real one, and every card says so.
    expectText(
      pending,
      name,
      'ID pending',
      'Taken in',
      "Local profile: for practice, not the shelter's records",
    );
    expect(pending?.code128).toBeNull();
    expect(pending?.qr).toBeNull();
    await details(page).getByRole('button', { name: 'Close' }).click();

    await held.getByRole('button', { name: `Send now ${name}` }).click();
    await expect.poll(() => service.state.pets().filter((p) => p.name === name).length).toBe(1);
    const sent = service.state.pets().find((p) => p.name === name);
    const id = sent?.id.toString() ?? '';
    const item = dueList(page).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(name);
    await expect(item).toContainText(`ID ${id}`);

    // The print dialog was closed without printing: the card stays due.
    await dueList(page).getByRole('button', { name: 'Print these cards' }).click();
    await cardsPanel(page).getByRole('button', { name: 'Not yet' }).click();
    await expect(item).toHaveCount(1);
    await expect(dueList(page).getByRole('button', { name: 'Print these cards' })).toBeFocused();

    await dueList(page).getByRole('button', { name: 'Print these cards' }).click();
    const [printed] = await printedPages(page);
    expect(printed?.code128).toBe(id);
    expect(printed?.qr).toBe(id);
    expectText(printed, name);
    await cardsPanel(page).getByRole('button', { name: 'Yes, take it off Cards to print' }).click();
    await expect(dueList(page)).toContainText('Every card is printed.');
    await expect(item).toHaveCount(0);

    // Today's intake still prints it, now with its ID.
    await cardsPanel(page).getByRole('button', { name: "Print today's cards" }).click();
    const [today] = await printedPages(page);
    expect(today?.code128).toBe(id);
  });
});
