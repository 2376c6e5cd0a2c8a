import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { nameCategories, openSettings } from '../helpers/e2e/settings';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { chooseCsvFile, openImport } from '../helpers/e2e/import-view';
import { expectEachOnService } from '../helpers/e2e/on-service';

/**
 * The Overview, the day at a glance, read as staff read it: from its tables.
 * Every figure it shows is one another screen shows too (the list's status
 * filter, the sync panel, the held list, Needs attention), and it must say
 * the same; today's intake counts what was taken in at this desk today, typed
 * or imported.
 */

/** The long hold Settings allows: the animal held back stays on this desk throughout. */
const LONG_HOLD_SECONDS = 120;

function views(page: Page, name = 'Views'): Locator {
  return page.getByRole('navigation', { name });
}

function overview(page: Page): Locator {
  return page.getByRole('region', { name: 'The day at a glance' });
}

async function openOverview(page: Page): Promise<Locator> {
  await views(page).getByRole('button', { name: 'Overview' }).click();
  const region = overview(page);
  await expect(region.getByRole('heading', { name: 'The day at a glance' })).toBeVisible();
  return region;
}

async function openAnimals(page: Page): Promise<void> {
  await views(page).getByRole('button', { name: 'Animals' }).click();
  await expect(page.getByRole('region', { name: 'Animals', exact: true })).toBeVisible();
}

/** A table's lines as its row headings and its one figure each: { "Sent today": "3", … }. */
async function tableFigures(table: Locator): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  for (const row of await table.locator('tbody tr').all()) {
    const name = (await row.getByRole('rowheader').innerText()).trim();
    figures[name] = (await row.getByRole('cell').innerText()).trim();
  }
  return figures;
}

/** The status filter's options with their counts, as the list shows them: { Available: "12", … }. */
async function statusFilterCounts(app: KennelApp): Promise<Record<string, string>> {
  const counts: Record<string, string> = {};
  for (const text of await app.statusFilter().locator('option').allTextContents()) {
    const match = /^(.+) \(([\d,]+)\)$/.exec(text.trim());
    if (match?.[1] !== undefined && match[2] !== undefined) counts[match[1]] = match[2];
  }
  return counts;
}

/** The hour the page's clock is in, as the app writes a time to the minute ("2:00 PM"). */
function currentHourLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { navigator } = globalThis as unknown as { navigator: { languages: string[] } };
    const locale = navigator.languages.find((tag) => tag.toLowerCase().split('-')[0] === 'en');
    const hour = new Date();
    hour.setMinutes(0, 0, 0);
    return new Intl.DateTimeFormat(locale ?? 'en', { hour: 'numeric', minute: '2-digit' }).format(
      hour,
    );
  });
}

function heldList(page: Page): Locator {
  return page.getByRole('region', { name: 'Waiting to be sent' });
}

const count = (text: string): number => Number(text.replace(/,/g, ''));

test.describe('the Overview', () => {
  test('says what the list, the sync panel, the held list and Needs attention say, and counts today’s intake by hour', async ({
    app,
    page,
    service,
  }) => {
    test.setTimeout(150_000);
    await app.openWithKey(KEYS.pro);
    await nameCategories(app, { '2': 'Ferret' });
    const [sentA, sentB, sentC, refused, waitingA, waitingB, held] = uniqueNames('Glance', 7);
    if (!sentA || !sentB || !sentC || !refused || !waitingA || !waitingB || !held) {
      throw new Error('names');
    }
    const hourBefore = await currentHourLabel(page);

    // Three animals the service takes, in several statuses and categories.
    await app.enterAnimals([
      { name: sentA, categoryId: '2', status: 'available' },
      { name: sentB, categoryId: 'Ferret', status: 'pending' },
      { name: sentC, categoryId: '4' },
    ]);
    await expectEachOnService(service, [sentA, sentB, sentC]);
    await app.expectWaiting(0);

    // One the service refuses: it needs attention.
    service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
    await app.enterAnimals([{ name: refused, categoryId: '3', status: 'sold' }]);
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');
    service.state.setFaults({});

    // Two that wait while the service is out of reach, and one held back on the desk.
    await service.stop();
    await app.enterAnimals([
      { name: waitingA, categoryId: '2' },
      { name: waitingB, categoryId: '5', status: 'available' },
    ]);
    await app.expectWaiting(2);
    await expect(app.connection()).toHaveText('Offline');
    await app.setHold(LONG_HOLD_SECONDS);
    await app.enterAnimals([{ name: held, categoryId: '2', status: 'pending' }]);
    await expect(heldList(page).getByRole('listitem')).toHaveCount(1);
    await app.expectWaiting(3);
    const hourAfter = await currentHourLabel(page);

    // What the other screens say.
    await expect(app.statusFilter().locator('option').first()).toHaveText(/^All \([\d,]+\)$/);
    const onService = service.state.pets().length;
    // Every animal the service has, and the four that have not reached it.
    await expect(app.statusFilter().locator('option').first()).toHaveText(`All (${onService + 4})`);
    const filterCounts = await statusFilterCounts(app);
    const { All: all, ...byStatus } = filterCounts;
    const waiting = /^(\d+) waiting$/.exec((await app.waitingCount().innerText()).trim())?.[1];
    const attention = /\((\d+)\)$/.exec((await app.needsAttentionButton().innerText()).trim())?.[1];
    const heldCount = String(await heldList(page).getByRole('listitem').count());
    const sentToday = [sentA, sentB, sentC].filter((name) =>
      service.state.pets().some((pet) => pet.name === name),
    ).length;
    expect([waiting, attention, heldCount, sentToday]).toEqual(['3', '1', '1', 3]);
    await app.searchBox().fill('Ferret');
    await expect(app.listCounts()).toHaveText(
      /^Showing [\d,]+ of [\d,]+ animals on this computer$/,
    );
    const ferrets = /^Showing ([\d,]+) of/.exec((await app.listCounts().innerText()).trim())?.[1];
    await app.searchBox().fill('');

    // The Overview says the same.
    const region = await openOverview(page);
    const queue = region.getByRole('table', { name: 'Sending, as it stands' });
    await expect
      .poll(() => tableFigures(queue))
      .toEqual({
        'Sent today': String(sentToday),
        'Waiting to be sent': waiting,
        'Of those, still held back (can be undone)': heldCount,
        'Needs attention': attention,
      });
    const statuses = region.getByRole('table', { name: 'By status' });
    await expect.poll(() => tableFigures(statuses)).toEqual(byStatus);
    await expect(region.getByText(`${all} animals on this computer`)).toBeVisible();

    const categories = region.getByRole('table', { name: 'By category' });
    await expect
      .poll(async () => {
        const figures = await tableFigures(categories);
        return Object.values(figures).reduce((sum, n) => sum + count(n), 0);
      })
      .toBe(count(all ?? ''));
    expect((await tableFigures(categories))['Ferret (2)']).toBe(ferrets);

    // Today's intake: the seven typed here, in the hour they were typed in.
    await expect(region.getByText('7 animals taken in here today.')).toBeVisible();
    const byHour = await tableFigures(
      region.getByRole('table', { name: 'Animals taken in here today, by hour' }),
    );
    const typedIn = Object.entries(byHour).filter(([, n]) => count(n) > 0);
    expect(typedIn.reduce((sum, [, n]) => sum + count(n), 0)).toBe(7);
    for (const [hour] of typedIn) expect([hourBefore, hourAfter]).toContain(hour);
    if (hourBefore === hourAfter) expect(byHour[hourAfter]).toBe('7');

    // Nothing can move while the service is away: no time is promised.
    const pace = await tableFigures(region.getByRole('table', { name: 'Requests and pace' }));
    expect(pace['The queue will be through']).toBe('Not while the service cannot be reached');
    expect(pace['Requests left today']).toMatch(/^[\d,]+ of [\d,]+ requests left today/);
    expect(pace['Pace allowed now']).toMatch(/^Up to [\d,]+ animals a minute$/);

    // Taking the held animal back takes it out of today's intake, live.
    await openAnimals(page);
    await heldList(page)
      .getByRole('button', { name: `Undo ${held}` })
      .click();
    await expect(heldList(page).getByRole('listitem')).toHaveCount(0);
    await app.expectWaiting(2);
    await openOverview(page);
    await expect(region.getByText('6 animals taken in here today.')).toBeVisible();
    await expect
      .poll(() => tableFigures(queue))
      .toMatchObject({
        'Waiting to be sent': '2',
        'Of those, still held back (can be undone)': '0',
      });
  });

  test('counts the animals typed in the form and those imported apart, also once they are sent', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    const typed = uniqueNames('Typed', 2);
    const imported = uniqueNames('Imported', 3);
    await app.enterAnimals(typed.map((name) => ({ name, categoryId: '2' })));
    const view = await openImport(page);
    await chooseCsvFile(view, 'intake.csv', ['Name,Category', ...imported.map((n) => `${n},4`)]);
    await view.getByRole('button', { name: 'Add 3 animals' }).click();
    await expectEachOnService(service, [...typed, ...imported]);
    await app.expectWaiting(0);
    // The service's records replace this computer's, and a refresh reads them again.
    await openAnimals(page);
    await app.refreshButton().click();
    await expect(app.rowNamed(imported[0] ?? '')).toHaveCount(1);

    const region = await openOverview(page);
    await expect
      .poll(() => tableFigures(region.getByRole('table', { name: 'How they came in' })))
      .toEqual({ 'Typed in the add form': '2', 'Imported from a spreadsheet': '3' });
    await expect(region.getByText('5 animals taken in here today.')).toBeVisible();
  });

  test('reads well in both themes and speaks Spanish', async ({ app, page, service }) => {
    // The charts draw within the app's content security policy, and nothing on the way fails.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page: ${String(error)}`));
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Glance', 1);
    if (!name) throw new Error('names');
    await app.enterAnimals([{ name, categoryId: '3', status: 'available' }]);
    await expectEachOnService(service, [name]);
    await app.expectWaiting(0);

    const region = await openOverview(page);
    await expect(region.getByText('1 animal taken in here today.')).toBeVisible();
    await expect(
      region.getByRole('img', { name: /^Bar chart of the animals taken in here/ }),
    ).toBeVisible();
    await expect
      .poll(() => tableFigures(region.getByRole('table', { name: 'Sending, as it stands' })))
      .toMatchObject({ 'Sent today': '1', 'Waiting to be sent': '0' });
    const pace = await tableFigures(region.getByRole('table', { name: 'Requests and pace' }));
    expect(pace['The queue will be through']).toBe('Nothing waiting');
    await expectNoAxeViolations(page, 'overview');

    const settings = await openSettings(page);
    await settings.getByRole('radio', { name: 'Dark', exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(region).toBeVisible();
    await expectNoAxeViolations(page, 'overview');

    const again = await openSettings(page);
    await again.getByRole('radio', { name: 'Español', exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Ajustes' })).toBeHidden();
    const spanish = page.getByRole('region', { name: 'El día de un vistazo' });
    for (const heading of [
      'El día de un vistazo',
      'Registrados en este puesto hoy',
      'Envíos',
      'Animales en este equipo',
      'Solicitudes y ritmo',
    ]) {
      await expect(spanish.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(spanish.getByText('1 animal registrado aquí hoy.')).toBeVisible();
    await expect(
      tableFiguresLater(spanish.getByRole('table', { name: 'Envíos, tal como están' })),
    ).resolves.toMatchObject({ 'Enviados hoy': '1' });
    await expect(views(page, 'Vistas').getByRole('button', { name: 'Resumen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectNoAxeViolations(page, 'overview, Spanish');
    expect(problems).toEqual([]);
  });
});

/** {@link tableFigures} once the table is on screen. */
async function tableFiguresLater(table: Locator): Promise<Record<string, string>> {
  await expect(table).toBeVisible();
  return tableFigures(table);
}
