import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { expectEachOnService } from '../helpers/e2e/on-service';

test.describe('two tabs on one profile', () => {
  // A slow service widens the window in which two replayers would overlap.
  test.use({ serviceOptions: { faults: { latencyMs: 250 } } });

  test('each animal is sent once, and both tabs agree nothing is waiting', async ({
    app,
    openTab,
    service,
  }) => {
    test.setTimeout(120_000);
    await app.open();
    await app.enterKey(KEYS.pro);
    const other = await openTab();
    await expect(other.keyDialog()).toBeHidden();

    const names = uniqueNames('Twin', 10);
    await app.enterAnimals(names.map((name) => ({ name, categoryId: '2' })));
    await expectEachOnService(service, names);

    await app.expectWaiting(0, 60_000);
    await other.expectWaiting(0, 60_000);
    await expect(other.rowNamed(names[0] ?? '')).toHaveCount(1);

    const counts = countByName(service.state.pets().map((p) => p.name));
    for (const name of names) expect(counts.get(name), name).toBe(1);
    // Idempotency keys would hide a second replayer's duplicates on this service;
    // the request log shows whether each animal was sent only once.
    const posts = service.state.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(names.length);
  });
});
