import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { askDirectly, logKeyId, requestsInsideRetryAfter } from '../helpers/e2e/rate-limit-log';
import type { RequestRecord } from '../../server/types';

const ANIMALS = 5;
/**
 * The wait the service's 429s ask for: longer than the 30 s Kennel gives one
 * request, so the first 429 pauses the queue itself and the header says so at
 * once. A shorter one is waited out inside the request, on a backoff of
 * Kennel's own that grows with each 429, and the test's length with it.
 */
const RETRY_AFTER_MS = 31_000;

/** Requests of `keyId` that came inside the Retry-After of one of its 429s, as lines to read. */
function early(requests: readonly RequestRecord[], keyId: string, retryAfterMs: number): string[] {
  return requestsInsideRetryAfter(requests, keyId, retryAfterMs).map(
    ({ told, came }) =>
      `${came.method} ${came.path} ${came.at - told.at} ms after a 429 (Retry-After ${retryAfterMs} ms)`,
  );
}

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
    service.state.setFaults({ rate429: 1, rate429RetryMs: RETRY_AFTER_MS });
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
    await app.expectPausedByService();
    // The app met the 429, and nothing more of its key arrived inside the
    // Retry-After; its animals wait here.
    const appKey = logKeyId(KEYS.pro);
    expect(
      service.state.requests.filter((r) => r.keyId === appKey && r.status === 429).length,
    ).toBeGreaterThanOrEqual(1);
    expect(early(service.state.requests, appKey, retryAfterMs)).toEqual([]);
    await app.expectWaiting(ANIMALS);

    // The service takes requests again.
    service.state.setFaults({});
    // A bound on a stuck test, past the Retry-After the service gave.
    await app.expectWaiting(0, RETRY_AFTER_MS + 30_000);
    await expect(app.rateLimitButton()).toHaveAccessibleName(/^[\d,]+ requests? left/);
    await expect(app.rateLimitNews()).toHaveText('The pause is over. Kennel is sending again.');
    await expect(app.connection()).toHaveText('Online');

    const counts = countByName(service.state.pets().map((p) => p.name));
    for (const name of names) expect(counts.get(name), name).toBe(1);
    expect(service.state.stats.created).toBe(ANIMALS);

    // By the service's own clock: after each 429 to the app's key, nothing of
    // that key arrived before the Retry-After it was sent had passed; and each
    // animal was created by one request of the app's, all after its last 429.
    const own = service.state.requests.filter((r) => r.keyId === appKey);
    expect(early(own, appKey, retryAfterMs)).toEqual([]);
    const lastRefusal = own.findLastIndex((r) => r.status === 429);
    const created = own.flatMap((r, i) => (r.method === 'POST' && r.status === 201 ? [i] : []));
    expect(created).toHaveLength(ANIMALS);
    expect(created[0]).toBeGreaterThan(lastRefusal);
    expect(service.state.stats.bans).toBe(0);
  });
});
