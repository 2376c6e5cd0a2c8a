import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { readPdfPages, type PdfPage } from '../helpers/e2e/pdf-codes';
import { dayInWords, pageDay, takeInWithRecord } from '../helpers/e2e/record-form';
import { openSettings } from '../helpers/e2e/settings';

/**
 * Card sizes for label printers: each of the four sizes, chosen in Settings,
 * prints a PDF whose every page is that size to within a point (read from
 * the PDF's own MediaBox) and whose Code 128 a scanner reads as the animal's
 * ID; the size is each profile's own, and the setting with its preview passes
 * axe in both themes.
 */

const POINTS_PER_MM = 72 / 25.4;

/** Each size as Settings names it, and its page in points (72 to the inch). */
const SIZES = [
  { radio: /^4 × 6 in label/, widthPt: 288, heightPt: 432, label: false },
  { radio: /^A6/, widthPt: 105 * POINTS_PER_MM, heightPt: 148 * POINTS_PER_MM, label: false },
  {
    radio: /^Cage label 89 × 36 mm/,
    widthPt: 89 * POINTS_PER_MM,
    heightPt: 36 * POINTS_PER_MM,
    label: true,
  },
  // A Zebra 4×2 in label: 101.6 × 50.8 mm.
  { radio: /^Cage label 4 × 2 in/, widthPt: 288, heightPt: 144, label: true },
] as const;

/** The browser's Print dialog cannot be answered from a test: `print` does nothing instead. */
async function stubPrintDialog(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { print: () => void }).print = () => {};
  });
}

/** Every page's MediaBox, `[x0 y0 x1 y1]` in points, as the PDF itself declares it. */
function mediaBoxes(pdf: Buffer): { widthPt: number; heightPt: number }[] {
  const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*([-\d.\s]+)\]/g)];
  return boxes.map((match) => {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = (match[1] ?? '').trim().split(/\s+/).map(Number);
    return { widthPt: x1 - x0, heightPt: y1 - y0 };
  });
}

/** Text compared without spaces: pdf.js splits words at ligatures and kerning. */
function squeezed(text: string | undefined): string {
  return (text ?? '').normalize('NFKC').replace(/\s+/g, '');
}

function cardsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Kennel cards' });
}

function sizeSection(settings: Locator): Locator {
  return settings.getByRole('region', { name: 'Kennel cards' });
}

/** Chooses `size` in Settings, waits for it to be saved for `profile`, and closes Settings. */
async function chooseSize(app: KennelApp, size: RegExp, profile = 'Local'): Promise<void> {
  const settings = await openSettings(app.page);
  const radio = sizeSection(settings).getByRole('radio', { name: size });
  // The size in force already: choosing it again saves nothing new.
  const already = await radio.isChecked();
  await radio.check();
  if (!already) {
    await expect(sizeSection(settings)).toContainText(`Saved for the ${profile} profile.`);
  }
  await app.page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
}

/** The radio checked in Settings' card size, by its words. */
async function checkedSize(app: KennelApp): Promise<string> {
  const settings = await openSettings(app.page);
  const checked = sizeSection(settings).locator('input[type="radio"]:checked');
  await expect(checked).toHaveCount(1);
  const words = (await checked.locator('xpath=..').innerText()).trim();
  await app.page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  return words;
}

/** Prints today's cards and reads the PDF the printer would get. */
async function printToday(page: Page): Promise<{ pdf: Buffer; pages: PdfPage[] }> {
  await cardsPanel(page).getByRole('button', { name: "Print today's cards" }).click();
  await expect(page.getByTestId('card-sheet')).toBeAttached();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  return { pdf, pages: await readPdfPages(page.context(), pdf) };
}

test.describe('card sizes for label printers', () => {
  // IDs above 2^53: sixteen digits, the widest barcode a cage label has to hold.
  test.use({ serviceOptions: { bigIds: true } });

  test('each of the four sizes prints a page of that size whose Code 128 reads the animal’s ID', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    await stubPrintDialog(page);
    const [name] = uniqueNames('Label', 1);
    if (name === undefined) throw new Error('name');
    const holdUntil = await pageDay(page, 4);
    await takeInWithRecord(
      app,
      { name, categoryId: '2' },
      { chip: '985141000123456', intakeType: 'Stray', kennel: 'Cats A1', holdUntil },
    );
    await expect.poll(() => service.state.pets().filter((p) => p.name === name).length).toBe(1);
    const id =
      service.state
        .pets()
        .find((p) => p.name === name)
        ?.id.toString() ?? '';
    expect(id.length).toBeGreaterThanOrEqual(16);
    await expect(cardsPanel(page).getByTestId('cards-due')).toContainText(`ID ${id}`);
    const holdDay = await dayInWords(page, holdUntil);

    for (const size of SIZES) {
      await chooseSize(app, size.radio);
      const { pdf, pages } = await printToday(page);
      const boxes = mediaBoxes(pdf);
      expect(boxes.length, `${size.radio}: one page`).toBe(1);
      for (const box of boxes) {
        expect(Math.abs(box.widthPt - size.widthPt), `${size.radio} width`).toBeLessThanOrEqual(1);
        expect(Math.abs(box.heightPt - size.heightPt), `${size.radio} height`).toBeLessThanOrEqual(
          1,
        );
      }
      const [card] = pages;
      expect(card?.code128, `${size.radio}: the barcode reads the ID`).toBe(id);
      const text = squeezed(card?.text);
      for (const part of [name, `ID ${id}`, '985 141 000 123 456', holdDay]) {
        expect(text, `${size.radio}: says ${part}`).toContain(squeezed(part));
      }
      // A cage label has no room for the QR code or the status; a card has both.
      if (size.label) {
        expect(card?.qr).toBeNull();
        expect(text).not.toContain('Status');
      } else {
        expect(card?.qr).toBe(id);
      }
    }
  });

  test('each profile keeps its own size; one that never chose keeps this computer’s old choice', async ({
    app,
    page,
  }) => {
    await app.open();
    // What this computer chose before the size was each profile's.
    await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem('kennel.cardSize', 'a6'),
    );
    await app.reload();
    await app.enterKey(KEYS.pro);
    expect(await checkedSize(app)).toMatch(/^A6/);
    await chooseSize(app, /^Cage label 89 × 36 mm/);

    await app.selectProfile('Staging');
    await app.enterKey(KEYS.pro, 'Staging');
    await expect(app.profileBadge()).toHaveText('STAGING');
    expect(await checkedSize(app)).toMatch(/^A6/);
    await chooseSize(app, /^Cage label 4 × 2 in/, 'Staging');

    await app.reload();
    await expect(app.profileBadge()).toHaveText('STAGING');
    expect(await checkedSize(app)).toMatch(/^Cage label 4 × 2 in/);
    await app.selectProfile('Local');
    await expect(app.profileBadge()).toHaveText('LOCAL');
    expect(await checkedSize(app)).toMatch(/^Cage label 89 × 36 mm/);
  });

  test('the setting shows a sample card at the chosen size and passes axe in both themes', async ({
    app,
    page,
  }) => {
    await app.openWithKey(KEYS.pro);
    // A browser has no printer to send to without its dialog: the choice is not offered.
    await expect(
      (await openSettings(page)).getByRole('group', { name: 'How cards print' }),
    ).toHaveCount(0);
    await page.keyboard.press('Escape');
    for (const theme of ['Light', 'Dark'] as const) {
      const settings = await openSettings(page);
      await settings.getByRole('radio', { name: theme, exact: true }).check();
      const section = sizeSection(settings);
      const preview = section.getByTestId('card-preview');
      for (const [radio, width] of [
        [/^Cage label 89 × 36 mm/, 89],
        [/^Cage label 4 × 2 in/, 101.6],
      ] as const) {
        await section.getByRole('radio', { name: radio }).check();
        const card = preview.getByRole('article', { name: 'Kennel card of Luna' });
        await expect(card).toBeVisible();
        await expect(card.getByRole('img', { name: 'Barcode of ID 1048576' })).toBeVisible();
        await expect(card).toContainText('985 141 000 123 456');
        // Drawn at its size (before the preview scales it down). The card of the size
        // chosen before looks the same until the preview redraws it, so its width is waited for.
        await expect
          .poll(async () => {
            const drawnMm = await card.evaluate(
              (el) => (el as { offsetWidth: number }).offsetWidth * (25.4 / 96),
            );
            return Math.abs(drawnMm - width);
          })
          .toBeLessThan(0.5);
        await section.getByRole('radio', { name: radio }).scrollIntoViewIfNeeded();
        await expectNoAxeViolations(page, `settings, card size with preview (${theme})`);
      }
      await page.keyboard.press('Escape');
      await expect(settings).toBeHidden();
    }
  });

  test('in the desktop app, cards go straight to the remembered printer, and through the dialog when it is gone', async ({
    app,
    page,
    service,
  }) => {
    // The desktop app's preload, stood in for at its edge: one label printer, and a record of jobs.
    await page.addInitScript(() => {
      const state = { printed: [] as unknown[], dialogs: 0, gone: false };
      Object.assign(globalThis, {
        printState: state,
        print: () => {
          state.dialogs += 1;
        },
        kennelPrint: {
          printers: () =>
            Promise.resolve([
              { name: 'DYMO_LabelWriter_450', displayName: 'DYMO LabelWriter 450' },
            ]),
          print: (request: unknown) => {
            if (state.gone) return Promise.resolve('printer-missing');
            state.printed.push(request);
            return Promise.resolve('printed');
          },
        },
      });
    });
    const printState = (): Promise<{ printed: unknown[]; dialogs: number }> =>
      page.evaluate(
        () =>
          (globalThis as unknown as { printState: { printed: unknown[]; dialogs: number } })
            .printState,
      );
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Silent', 1);
    if (name === undefined) throw new Error('name');
    await app.submitAnimal({ name, categoryId: '2' });
    await expect.poll(() => service.state.pets().filter((p) => p.name === name).length).toBe(1);

    await chooseSize(app, /^Cage label 89 × 36 mm/);
    const settings = await openSettings(page);
    const section = sizeSection(settings);
    await section.getByRole('radio', { name: 'Straight to a printer, without the dialog' }).check();
    await expect(section.getByLabel('Printer', { exact: true })).toHaveValue(
      'DYMO_LabelWriter_450',
    );
    await expect(section).toContainText(
      'Cards of the Local profile print straight to DYMO LabelWriter 450.',
    );
    await expectNoAxeViolations(page, 'settings, card printer');
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    await cardsPanel(page).getByRole('button', { name: "Print today's cards" }).click();
    await expect(cardsPanel(page)).toContainText('The cards were sent to DYMO_LabelWriter_450.');
    expect(await printState()).toEqual({
      printed: [
        { deviceName: 'DYMO_LabelWriter_450', widthMicrons: 89_000, heightMicrons: 36_000 },
      ],
      dialogs: 0,
      gone: false,
    });

    // Unplugged: the dialog opens instead, and says why.
    await page.evaluate(() => {
      (globalThis as unknown as { printState: { gone: boolean } }).printState.gone = true;
    });
    await cardsPanel(page).getByRole('button', { name: "Print today's cards" }).click();
    await expect(cardsPanel(page)).toContainText(
      'DYMO_LabelWriter_450 was not found on this computer, so the print dialog opened instead.',
    );
    expect((await printState()).dialogs).toBe(1);
  });
});
