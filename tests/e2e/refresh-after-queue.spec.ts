import type { KennelApp } from '../helpers/e2e/kennel-app';
import { readCatalogueCoverage } from '../helpers/e2e/catalogue-coverage';
import { uniqueNames } from '../helpers/e2e/names';
import { createPetDirectly } from '../helpers/e2e/service-direct';
import type { ServiceControl } from '../helpers/e2e/service-control';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';

/**
 * Another desk adds `others` while this one is open and has already read the
 * list, then the service goes away, this desk queues `ours`, and the service
 * comes back. Returns once everything queued has been sent. The service
 * starts empty, so a probe's one-animal page is one of `others`.
 */
async function outageWithOthers(
  app: KennelApp,
  service: ServiceControl,
  others: string[],
  ours: string[],
  beforeOutage: () => Promise<void> = async () => undefined,
): Promise<void> {
  await app.openWithKey(KEYS.pro);
  // The desk's own first refresh is over: what follows is not in its cache.
  await expect.poll(() => readCatalogueCoverage(app.page)).not.toBeNull();
  await beforeOutage();
  for (const name of others) {
    await createPetDirectly(service.url, KEYS.pro, { name, categoryId: 3 });
  }
  await service.stop();
  await app.enterAnimals(ours.map((name) => ({ name, categoryId: '2' })));
  await app.expectWaiting(3);
  await expect(app.connection()).toHaveText('Offline', { timeout: 15_000 });
  for (const name of others) await expect(app.rowNamed(name)).toHaveCount(0);

  await service.start();
  await app.expectWaiting(0, 60_000);
  for (const name of ours) await expect(app.rowNamed(name)).toHaveCount(1);
}

test.describe('a refresh follows the queue', () => {
  test.use({ serviceOptions: { seed: 0 } });

  test("after an outage, the service's other animals are listed once the queue is sent, without Refresh", async ({
    app,
    service,
  }) => {
    test.setTimeout(120_000);
    const others = uniqueNames('Elsewhere', 4);
    const ours = uniqueNames('Queued', 3);
    await outageWithOthers(app, service, others, ours);

    // Far sooner than the next scheduled refresh (five minutes away), and
    // nobody pressed Refresh.
    for (const name of others) await expect(app.rowNamed(name)).toHaveCount(1);
    await expect(app.dataRows()).toHaveCount(others.length + ours.length);
  });

  test('a connectivity check leaves nothing in the list (automatic refresh paused)', async ({
    app,
    service,
  }) => {
    test.setTimeout(120_000);
    const others = uniqueNames('Elsewhere', 2);
    const ours = uniqueNames('Queued', 3);
    await outageWithOthers(app, service, others, ours, () =>
      app.page.getByRole('checkbox', { name: 'Pause automatic refresh' }).check(),
    );

    // The queue was sent, so the probe that found the service back came
    // first; paused, no refresh followed: only this desk's own animals.
    await expect(app.dataRows()).toHaveCount(ours.length);
    for (const name of others) await expect(app.rowNamed(name)).toHaveCount(0);
  });
});
