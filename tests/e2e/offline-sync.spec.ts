import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';

test.describe('offline-first intake', () => {
  // Slow answers keep the drain on screen long enough to see its progress.
  test.use({ serviceOptions: { faults: { latencyMs: 150 } } });

  test('20 animals queued while the service is down survive a reload and sync once each', async ({
    app,
    service,
  }) => {
    test.setTimeout(240_000);
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect(app.connection()).toHaveText(/Offline|Checking…/);

    const names = uniqueNames('Offline', 20);
    await app.enterAnimals(names.map((name) => ({ name, categoryId: '4' })));
    await app.expectWaiting(20);
    // The Node side reports a refused connection after a few quick retries.
    await expect(app.connection()).toHaveText('Offline', { timeout: 15_000 });
    // Said once, calmly, in the header; the sync panel does not repeat it.
    await expect(app.page.getByText(/^Can't reach the service\./)).toHaveCount(1);
    await expect(app.page.getByRole('banner').getByTestId('unreachable-note')).toHaveText(
      "Can't reach the service. Your intake is saved here and will be sent when it is back.",
    );
    // Only the queued animals exist on this desk, so every rendered row is one of them.
    const rows = await app.visibleRows();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(names).toContain(row.name);
      expect(row.text).toContain('waiting to be sent');
    }

    await app.reload();
    await app.expectWaiting(20);
    await expect(app.page.getByText('Not in touch with the service yet')).toBeVisible();

    await service.start();
    await expect(app.page.getByRole('progressbar', { name: /^Syncing \d+ of 20$/ })).toBeVisible({
      timeout: 90_000,
    });
    await app.expectWaiting(0, 90_000);
    // A time of day in the browser's locale, with seconds: "4:05:07 PM" or "16:05:07".
    await expect(
      app.page.getByText(/^Last in touch with the service at \d{1,2}:\d{2}:\d{2}(\s?[AP]M)?$/),
    ).toBeVisible();
    await expect(app.page.getByTestId('unreachable-note')).toHaveCount(0);
    await expect(app.connection()).toHaveText('Online');

    const counts = countByName(service.state.pets().map((p) => p.name));
    for (const name of names) expect(counts.get(name), name).toBe(1);
    // Counted over the service's whole life, before the outage and after it.
    expect(service.state.stats.created).toBe(20);
    await expect(app.dataRows().first()).toBeVisible();
    await expect(app.dataRows().filter({ hasText: 'waiting to be sent' })).toHaveCount(0);
  });
});
