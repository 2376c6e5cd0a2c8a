import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { hasRasterImages, readPdfPages, type PdfPage } from '../helpers/e2e/pdf-codes';
import {
  dayInWords,
  firstOfMonthsAgo,
  pageDay,
  takeInWithRecord,
} from '../helpers/e2e/record-form';

/**
 * The kennel card of an animal taken in with its intake record: the chip,
 * sex and age, how and when it came in, the kennel and a stray's hold date in
 * large type, read back from the PDF Chromium prints, with the codes of the
 * ID the service gave it. The record is typed in the add form, as staff do.
 */

/** The browser's Print dialog cannot be answered from a test: `print` does nothing instead. */
async function stubPrintDialog(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { print: () => void }).print = () => {};
  });
}

/** Text compared without spaces: pdf.js splits words at ligatures and kerning. */
function squeezed(text: string | undefined): string {
  return (text ?? '').normalize('NFKC').replace(/\s+/g, '');
}

function expectText(page: PdfPage | undefined, ...parts: string[]): void {
  for (const part of parts) expect(squeezed(page?.text)).toContain(squeezed(part));
}

/** The PDF the printer would get now, and whether it draws a raster image (a photo). */
async function printed(page: Page): Promise<{ pages: PdfPage[]; hasImage: boolean }> {
  await expect(page.getByTestId('card-sheet')).toBeAttached();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  return { pages: await readPdfPages(page.context(), pdf), hasImage: hasRasterImages(pdf) };
}

function cardsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Kennel cards' });
}

async function chooseCardSize(app: KennelApp, size: RegExp): Promise<void> {
  await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = app.page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('radio', { name: size }).check();
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings).toBeHidden();
}

test.describe('the kennel card of an animal with an intake record', () => {
  test('a stray taken in with chip, sex, age and kennel prints them and its hold date, with its ID once sent, on both card sizes', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    await stubPrintDialog(page);
    const [name] = uniqueNames('Chipped', 1);
    if (name === undefined) throw new Error('name');
    const holdUntil = await pageDay(page, 5);
    await takeInWithRecord(
      app,
      { name, categoryId: '2' },
      {
        // Typed as it is printed on a chip's sticker: the spaces are dropped.
        chip: '985 141 000 123 456',
        sex: 'Female',
        neutered: 'Yes',
        birthDate: await firstOfMonthsAgo(page, 27),
        intakeType: 'Stray',
        kennel: 'Dogs B3',
        holdUntil,
      },
    );
    await expectEachOnService(service, [name]);
    await app.expectWaiting(0);
    const id = service.state
      .pets()
      .find((pet) => pet.name === name)
      ?.id.toString();
    if (id === undefined) throw new Error('not on the service');

    const today = await dayInWords(page, await pageDay(page));
    const holdDay = await dayInWords(page, holdUntil);
    await cardsPanel(page).getByRole('button', { name: "Print today's cards" }).click();
    await expect(page.getByTestId('card-sheet')).toBeAttached();
    await page.emulateMedia({ media: 'print' });
    await expectNoAxeViolations(page, 'kennel card with a record (print)');
    await page.emulateMedia({ media: null });
    const label = await printed(page);
    expect(label.pages).toHaveLength(1);
    const [card] = label.pages;
    expect(card?.code128).toBe(id);
    expect(card?.qr).toBe(id);
    expectText(
      card,
      name,
      'Microchip: 985 141 000 123 456',
      'Sex: Female, neutered',
      'Age: 2 years 3 months',
      `Taken in: Stray on ${today}`,
      'Kennel: Dogs B3',
      `Stray hold until ${holdDay}`,
      `ID ${id}`,
    );
    // No photo was taken: the card draws no picture, only its vector codes.
    expect(label.hasImage).toBe(false);

    await chooseCardSize(app, /^A6/);
    await cardsPanel(page).getByRole('button', { name: "Print today's cards" }).click();
    const a6 = await printed(page);
    const [small] = a6.pages;
    expect(small?.widthPt).toBeCloseTo((105 / 25.4) * 72, 0);
    expect(small?.code128).toBe(id);
    expect(small?.qr).toBe(id);
    expectText(small, '985 141 000 123 456', `Stray hold until ${holdDay}`, 'Dogs B3');
  });
});
