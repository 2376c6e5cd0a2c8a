import type { Locator, Page } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { startOwnHost } from '../helpers/e2e/own-host';
import { startStandIn, type StandIn } from '../helpers/e2e/stand-in';

const NOTE =
  'The service does not describe what an order contains, so Kennel shows everything it sends.';

/** Column headings in words, as staff read them; never the keys as code spells them. */
const HEADINGS = ['ID', 'Animal ID', 'Quantity', 'Ship date', 'Status', 'Complete'];

/**
 * `iso` as the page writes a day and time: in the browser's region for
 * `language` and its time zone, through Intl (never the ISO text the service sent).
 */
async function localDateTime(page: Page, iso: string, language = 'en'): Promise<string> {
  return page.evaluate(
    ([at, lang]) => {
      // Compiled without the DOM library: name the one browser shape used.
      const { navigator } = globalThis as unknown as { navigator: { languages: string[] } };
      const tag = navigator.languages.find((l) => l.toLowerCase().split('-')[0] === lang) ?? lang;
      return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(
        Date.parse(at),
      );
    },
    [iso, language] as const,
  );
}

/** A sentence for staff: no status code, no address, no socket error name. */
const TECHNICAL = /HTTP|\b[1-5]\d\d\b|https?:|127\.0\.0\.1|E[A-Z]{4,}/;

function ordersView(page: Page): Locator {
  return page.getByRole('region', { name: 'Orders', exact: true });
}

async function openOrders(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: 'Orders', exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const view = ordersView(page);
  await expect(view).toBeVisible();
  return view;
}

/**
 * The reference service's example orders (`server/orders.ts`) as Kennel must
 * show them: the service sends a list of objects with the same six fields, so a
 * table with those fields as columns, one row per order, values as sent (booleans
 * and the service's statuses in words), and the two integers above 2^53 (9007199254740993 and
 * 9007199254740995) to the last digit.
 */
async function expectReferenceOrders(view: Locator): Promise<void> {
  const table = view.getByRole('table', { name: 'Orders from the service' });
  await expect(table.getByRole('columnheader')).toHaveText(HEADINGS);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(5);
  const day = (iso: string): Promise<string> => localDateTime(view.page(), iso);
  const cells = [
    ['1', '3', '1', await day('2030-01-14T09:30:00.000Z'), 'Delivered', 'Yes'],
    ['2', '9007199254740993', '1', await day('2030-02-03T16:00:00.000Z'), 'Approved', 'No'],
    ['9007199254740995', '12', '2', await day('2030-02-20T11:15:00.000Z'), 'Placed', 'No'],
    ['4', '7', '1', await day('2030-03-01T08:00:00.000Z'), 'Placed', 'No'],
  ];
  // The machine-readable date stays in the markup, not on screen.
  await expect(table.locator('time').first()).toHaveAttribute(
    'datetime',
    '2030-01-14T09:30:00.000Z',
  );
  await expect(table).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
  for (const [i, row] of cells.entries()) {
    await expect(rows.nth(i + 1).getByRole('cell')).toHaveText(row);
  }
  await expect(view.getByText('No orders.')).toHaveCount(0);
  await expect(view.getByLabel('Orders as the service sent them')).toHaveCount(0);
}

/**
 * The reference service, except that `GET /v1/store/orders` answers
 * `ordersBody`: its own example orders are not this suite's to choose, and the
 * exactness of integers above 2^53 must be shown whatever they are.
 */
function ordersStandIn(serviceUrl: string, ordersBody: string): Promise<StandIn> {
  return startStandIn(serviceUrl, (incoming) =>
    incoming.method === 'GET' && incoming.url?.split('?')[0] === '/v1/store/orders'
      ? { status: 200, headers: { 'content-type': 'application/json' }, body: ordersBody }
      : null,
  );
}

/** Kennel in browser mode with the local profile on `serviceUrl`, its key entered. */
async function kennelOn(
  page: Page,
  serviceUrl: string,
): Promise<{ app: KennelApp; close(): Promise<void> }> {
  const host = await startOwnHost({ KENNEL_LOCAL_URL: serviceUrl }, 'orders');
  const app = new KennelApp(page, host.url);
  await app.open();
  await app.enterKey(KEYS.pro);
  return { app, close: () => host.close() };
}

test.describe('orders', () => {
  test('shows the service’s orders as it sends them, with a note on why', async ({
    app,
    page,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect(page.getByRole('button', { name: 'Animals', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const view = await openOrders(page);
    await expect(view.getByText(NOTE)).toBeVisible();
    // The Animals layout is out of the way while Orders is shown.
    await expect(page.getByRole('table', { name: 'Animals' })).toBeHidden();

    // The reference service's own four example orders (`server/orders.ts`), as a
    // table: a column per field, a row per order, ids above 2^53 to the digit.
    await expectReferenceOrders(view);
    await expect(view.getByRole('alert')).toHaveCount(0);
    // Read from this service, once, with the app's key.
    const asked = service.state.requests.filter((r) => r.path === '/v1/store/orders');
    expect(asked.map((r) => [r.method, r.status, r.keyId.split(':')[0]])).toEqual([
      ['GET', 200, 'pro'],
    ]);
  });

  test('keeps integers above 2^53 exact in the table, and a status it does not know as sent', async ({
    page,
    service,
  }) => {
    // Written by hand: JSON.stringify would round the big integers before they left.
    const body =
      '[{"id":9007199254740993,"petId":12345678901234567890123,"quantity":1,' +
      '"shipDate":"2030-01-02T10:00:00.000Z","status":"placed","complete":false},' +
      '{"id":2,"petId":7,"quantity":3,"status":"on hold","complete":true,"note":null}]';
    const standIn = await ordersStandIn(service.url, body);
    const kennel = await kennelOn(page, standIn.url);
    try {
      const view = await openOrders(page);
      const table = view.getByRole('table', { name: 'Orders from the service' });
      await expect(table.getByRole('columnheader')).toHaveText([...HEADINGS, 'Note']);
      const rows = table.getByRole('row');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(1).getByRole('cell')).toHaveText([
        '9007199254740993',
        '12345678901234567890123',
        '1',
        await localDateTime(page, '2030-01-02T10:00:00.000Z'),
        'Placed',
        'No',
        '',
      ]);
      await expect(rows.nth(2).getByRole('cell')).toHaveText([
        '2',
        '7',
        '3',
        '',
        'on hold',
        'Yes',
        '—',
      ]);
    } finally {
      await kennel.close();
      await standIn.close();
    }
  });

  test('shows anything but a list of objects as its JSON, digits exact', async ({
    page,
    service,
  }) => {
    const body = '{"orders":[{"id":9007199254740993}],"total":12345678901234567890123}';
    const standIn = await ordersStandIn(service.url, body);
    const kennel = await kennelOn(page, standIn.url);
    try {
      const view = await openOrders(page);
      const json = view.getByLabel('Orders as the service sent them');
      await expect(json).toHaveText(
        [
          '{',
          '  "orders": [',
          '    {',
          '      "id": 9007199254740993',
          '    }',
          '  ],',
          '  "total": 12345678901234567890123',
          '}',
        ].join('\n'),
      );
      await expect(view.getByRole('table')).toHaveCount(0);
    } finally {
      await kennel.close();
      await standIn.close();
    }
  });

  test('follows a change of language at once: headings, dates, statuses and yes/no', async ({
    app,
    page,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    const view = await openOrders(page);
    const english = view.getByRole('table', { name: 'Orders from the service' });
    await expect(english.getByRole('columnheader')).toHaveText(HEADINGS);
    await expect(english.getByRole('row').nth(1).getByRole('cell').nth(5)).toHaveText('Yes');

    await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('radio', { name: 'Español', exact: true }).check();
    await expect(page.getByRole('dialog', { name: 'Ajustes' })).toBeVisible();
    await page.keyboard.press('Escape');

    const pedidos = page.getByRole('region', { name: 'Pedidos', exact: true });
    const table = pedidos.getByRole('table', { name: 'Pedidos del servicio' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'ID',
      'ID del animal',
      'Cantidad',
      'Fecha de envío',
      'Estado',
      'Completado',
    ]);
    await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      '1',
      '3',
      '1',
      await localDateTime(page, '2030-01-14T09:30:00.000Z', 'es'),
      'Entregado',
      'Sí',
    ]);
    await expect(table.getByRole('row').nth(2).getByRole('cell').nth(4)).toHaveText('Aprobado');
    await expect(table.getByRole('row').nth(3).getByRole('cell').nth(4)).toHaveText('Realizado');
    // The same listing, worded again: not fetched a second time.
    expect(service.state.requests.filter((r) => r.path === '/v1/store/orders')).toHaveLength(1);
  });

  test('fetches the other profile’s orders on a profile switch', async ({
    app,
    page,
    service,
    stagingService,
  }) => {
    const ordersAsked = (requests: { path: string }[]): number =>
      requests.filter((r) => r.path === '/v1/store/orders').length;
    await app.open();
    await app.enterKey(KEYS.pro);
    const view = await openOrders(page);
    await expect(view.getByText('Fetched at')).toBeVisible();
    expect(ordersAsked(service.state.requests)).toBe(1);

    await app.selectProfile('Staging');
    await app.enterKey(KEYS.pro, 'Staging');
    await expect.poll(() => ordersAsked(stagingService.state.requests)).toBe(1);
    await expect(view.getByText('Fetched at')).toBeVisible();
    await expect(view.getByRole('alert')).toHaveCount(0);

    await view.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => ordersAsked(stagingService.state.requests)).toBe(2);
    expect(ordersAsked(service.state.requests)).toBe(1);
  });

  test('the animals list is as it was after a look at Orders', async ({ app, page }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect.poll(async () => (await app.visibleRows()).length).toBeGreaterThan(10);
    const [first] = await app.visibleRows();
    if (!first) throw new Error('expected a row');
    await app.rowNamed(first.name).first().click();
    const details = page.getByRole('complementary', { name: 'Animal details' });
    await expect(details).toContainText(first.id);
    await app.nameInput().fill('Half-typed');

    // The list body is the table's second row group; it scrolls inside the page.
    const body = page.getByRole('table', { name: 'Animals' }).getByRole('rowgroup').nth(1);
    await body.evaluate((el) => el.scrollTo({ top: 200 }));
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBe(200);

    await openOrders(page);
    await page.getByRole('button', { name: 'Animals', exact: true }).click();
    await expect(ordersView(page)).toHaveCount(0);

    await expect(details).toContainText(first.id);
    await expect(app.nameInput()).toHaveValue('Half-typed');
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBe(200);
    await expect(page.getByRole('table', { name: 'Animals' }).getByRole('row')).not.toHaveCount(1);
  });

  test('says plainly when the service cannot be reached, and recovers', async ({
    app,
    page,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect.poll(async () => (await app.visibleRows()).length).toBeGreaterThan(0);
    await service.stop();

    const view = await openOrders(page);
    const alert = view.getByRole('alert');
    await expect(alert).toContainText("Can't reach the service", { timeout: 30_000 });
    await expect(alert).not.toHaveText(TECHNICAL);
    await expect(view.getByText(NOTE)).toBeVisible();

    await service.start();
    await view.getByRole('button', { name: 'Refresh' }).click();
    await expect(alert).toBeHidden({ timeout: 30_000 });
    await expectReferenceOrders(view);
  });

  test('says plainly when the service fails, without its status code', async ({
    app,
    page,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect.poll(async () => (await app.visibleRows()).length).toBeGreaterThan(0);
    service.state.setFaults({ errorRate: 1, errorStatuses: [500] });

    const view = await openOrders(page);
    const alert = view.getByRole('alert');
    await expect(alert).toContainText('The service had a problem. Try again when it is back.', {
      timeout: 30_000,
    });
    // Details say more, in sentences: still no status code.
    await expect(alert).not.toContainText('500');
    await view.getByText('Details', { exact: true }).click();
    const details = view.getByRole('group').filter({ hasText: 'Copy details for support' });
    await expect(details).toContainText('The service answered with an error of its own.');
    await expect(details).not.toContainText(TECHNICAL);
    await expect(details).not.toContainText(/kind:|status:/);
    const failed = service.state.requests.filter(
      (r) => r.path === '/v1/store/orders' && r.status === 500,
    );
    expect(failed.length).toBeGreaterThan(0);
  });
});
