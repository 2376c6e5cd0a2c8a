import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';

test.describe('an unreliable service', () => {
  test.use({
    serviceOptions: {
      faults: {
        dropAfterCreateRate: 0.3,
        errorRate: 0.2,
        errorStatuses: [503],
        rate429: 0.1,
      },
    },
  });

  test('50 animals end on the service exactly once each, and the key is never banned', async ({
    app,
    service,
  }) => {
    test.setTimeout(300_000);
    await app.open();
    await app.enterKey(KEYS.pro);

    const names = uniqueNames('Storm', 50);
    for (const name of names) await app.addAnimal({ name, categoryId: '9' });
    await app.expectWaiting(0, 240_000);

    const stats = service.state.stats;
    // The faults really happened: answers were lost after creating, 503s and 429s were sent.
    expect(stats.dropped).toBeGreaterThan(0);
    expect(stats.byStatus[503] ?? 0).toBeGreaterThan(0);
    expect(stats.rateLimited).toBeGreaterThan(0);

    const counts = countByName(service.state.pets().map((p) => p.name));
    for (const name of names) expect(counts.get(name), name).toBe(1);
    expect(stats.created).toBe(50);
    expect(stats.bans).toBe(0);
  });
});
