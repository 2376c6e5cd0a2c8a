import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { askDirectly, logKeyId, requestsInsideRetryAfter } from '../helpers/e2e/rate-limit-log';

const ANIMALS = 5;

test.describe('a rate-limit pause', () => {
  // The strictest ban policy: one request inside a Retry-After bans the key,
  // so the service itself would catch a client that does not wait.
  test.use({ serviceOptions: { ban: { strikes: 1, durationMs: 5_000 } } });

  test('the service answers 429: Kennel says it is pausing, sends nothing until Retry-After, then resumes and sends the queue once', async ({
    app,
    service,
  }) => {
    test.setTimeout(120_000);
    await app.openWithKey(KEYS.pro);
    await expect(app.connection()).toHaveText('Online');
    await expect(app.rateLimitButton()).toHaveAccessibleName(/^[\d,]+ requests? left/);

    // From now on the service answers every request 429, with Retry-After.
    service.state.setFaults({ rate429: 1 });
    // What it tells a client to wait, read by another computer with another key.
    const told = await askDirectly(service.url, KEYS.business);
    expect(told.status).toBe(429);
    const retryAfterMs = told.retryAfterMs;
    if (retryAfterMs === null) throw new Error('The 429 carried no Retry-After in seconds.');
    expect(retryAfterMs).toBeGreaterThan(0);

    const names = uniqueNames('Paused', ANIMALS);
    for (const [i, name] of names.entries()) {
      await app.enterAnimalAtOnce({ name, categoryId: String((i % 3) + 1) });
    }
    await app.expectWaiting(ANIMALS);

    // The header says sending is paused: the button's word, its figures, and a
    // sentence for screen readers.
    await app.expectPausedByService(30_000);
    // The app did meet the 429s, and nothing got through meanwhile.
    const appKey = logKeyId(KEYS.pro);
    await expect
      .poll(
        () => service.state.requests.filter((r) => r.keyId === appKey && r.status === 429).length,
      )
      .toBeGreaterThanOrEqual(2);
    expect(service.state.stats.created).toBe(0);
    await app.expectWaiting(ANIMALS);

    // The service takes requests again.
    service.state.setFaults({});
    await app.expectWaiting(0, 90_000);
    await expect(app.rateLimitButton()).toHaveAccessibleName(/^[\d,]+ requests? left/);
    await expect(app.rateLimitNews()).toHaveText('The pause is over. Kennel is sending again.');
    await expect(app.connection()).toHaveText('Online');

    const counts = countByName(service.state.pets().map((p) => p.name));
    for (const name of names) expect(counts.get(name), name).toBe(1);
    expect(service.state.stats.created).toBe(ANIMALS);

    // By the service's own clock: after each 429 to the app's key, nothing of
    // that key arrived before the Retry-After it was sent had passed.
    const early = requestsInsideRetryAfter(service.state.requests, appKey, retryAfterMs);
    expect(
      early.map(
        ({ told: t, came }) =>
          `${came.method} ${came.path} ${came.at - t.at} ms after a 429 (Retry-After ${retryAfterMs} ms)`,
      ),
    ).toEqual([]);
    expect(service.state.stats.bans).toBe(0);
  });
});
