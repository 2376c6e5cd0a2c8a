import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { readPdfPages } from '../helpers/e2e/pdf-codes';
import { dayInWords, pageDay, recordOutcome, takeInWithRecord } from '../helpers/e2e/record-form';
import { openSettings } from '../helpers/e2e/settings';

/**
 * The shift sheet as the next shift reads it: printed to a PDF from the
 * Overview and read back as text, after a day with animals sent, animals
 * still waiting (the service went away), a stray hold ending tomorrow and an
 * outcome.
 */

/** The browser's Print dialog cannot be answered from a test: `print` does nothing instead. */
async function stubPrintDialog(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { print: () => void }).print = () => {};
  });
}

/** Text as pdf.js extracts it, compared without spaces (it splits words at kerning). */
function squeezed(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

async function openOverview(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Overview' })
    .click();
  await expect(page.getByRole('heading', { name: 'The day at a glance' })).toBeVisible();
}

test.describe('the shift sheet', () => {
  test.use({ serviceOptions: { seed: 0 } });

  test('carries today’s intake with the IDs, the two still waiting, the hold ending tomorrow and the outcome', async ({
    app,
    page,
    service,
  }) => {
    test.setTimeout(180_000);
    await app.openWithKey(KEYS.pro);
    const [stray, surrendered, bare, late1, late2] = uniqueNames('Shift', 5);
    if (!stray || !surrendered || !bare || !late1 || !late2) throw new Error('names');
    const tomorrow = await pageDay(page, 1);

    await takeInWithRecord(
      app,
      { name: stray, categoryId: '2' },
      { intakeType: 'Stray', kennel: 'Dogs B4', holdUntil: tomorrow },
    );
    await takeInWithRecord(
      app,
      { name: surrendered, categoryId: '3' },
      { intakeType: 'Owner surrender' },
    );
    await app.addAnimal({ name: bare, categoryId: '2' });
    await expectEachOnService(service, [stray, surrendered, bare]);
    await app.expectWaiting(0);
    const idOf = (name: string): string =>
      String(service.state.pets().find((pet) => pet.name === name)?.id ?? 'missing');

    await app.searchBox().fill(surrendered);
    await recordOutcome(app, surrendered, 'Adopted');
    await page.keyboard.press('Escape');
    await app.searchBox().fill('');

    await service.stop();
    await app.addAnimal({ name: late1, categoryId: '4' });
    await app.addAnimal({ name: late2, categoryId: '4' });
    await app.expectWaiting(2);

    await openOverview(page);
    const print = page.getByRole('button', { name: 'Print shift sheet' });
    await expect(print).toBeVisible();
    await expectNoAxeViolations(page, 'overview with the shift sheet');

    await stubPrintDialog(page);
    await print.click();
    const sheet = page.getByTestId('shift-sheet');
    await expect(sheet).toBeAttached();
    // The printed layout alone is what axe sees in print.
    await page.emulateMedia({ media: 'print' });
    await expectNoAxeViolations(page, 'shift sheet (print)');
    await page.emulateMedia({ media: null });

    const pdf = await page.pdf({ preferCSSPageSize: true });
    const pages = await readPdfPages(page.context(), pdf);
    const [first] = pages;
    // A4 or Letter, upright.
    expect([595, 612]).toContain(Math.round(first?.widthPt ?? 0));
    expect([842, 792]).toContain(Math.round(first?.heightPt ?? 0));
    const text = squeezed(pages.map((p) => p.text).join(' '));
    const part = (from: string, to: string): string => {
      const start = text.indexOf(squeezed(from));
      const end = text.indexOf(squeezed(to), start + 1);
      expect(start, `“${from}” on the sheet`).toBeGreaterThanOrEqual(0);
      expect(end, `“${to}” after “${from}”`).toBeGreaterThan(start);
      return text.slice(start, end);
    };

    const intake = part('Today’s intake on this computer', 'Still waiting to be sent');
    expect(intake).toContain(squeezed('5 animals came in today.'));
    expect(intake).toContain(squeezed(`${stray} ${idOf(stray)} Stray`));
    expect(intake).toContain(squeezed(`${surrendered} ${idOf(surrendered)} Owner surrender`));
    expect(intake).toContain(squeezed(`${bare} ${idOf(bare)} Not recorded`));
    expect(intake).toContain(squeezed(`${late1} ID pending`));
    expect(intake).toContain(squeezed(`${late2} ID pending`));

    const waiting = part('Still waiting to be sent', 'Needs attention');
    for (const name of [late1, late2]) expect(waiting).toContain(squeezed(name));
    for (const name of [stray, surrendered, bare]) expect(waiting).not.toContain(squeezed(name));

    const holds = part('Stray holds ending', 'Outcomes recorded today');
    expect(holds).toContain(squeezed('No hold ends today.'));
    expect(holds).toContain(
      squeezed(`Ending tomorrow, ${await dayInWords(page, tomorrow)} Name ID Kennel`),
    );
    expect(holds).toContain(squeezed(`${stray} ${idOf(stray)} Dogs B4`));

    const outcomes = text.slice(text.indexOf(squeezed('Outcomes recorded today')));
    expect(outcomes).toContain(squeezed(`${surrendered} ${idOf(surrendered)} Adopted`));
    // Days in words only.
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    await page.keyboard.press('Escape');
    const settings = await openSettings(page);
    await settings.getByRole('radio', { name: 'Dark', exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(print).toBeVisible();
    await expectNoAxeViolations(page, 'overview with the shift sheet');
  });
});
