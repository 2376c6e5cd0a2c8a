import { expect, test } from '../helpers/e2e/fixtures';
import { readCatalogueCoverage } from '../helpers/e2e/catalogue-coverage';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { askDirectly, logKeyId } from '../helpers/e2e/rate-limit-log';

/** One key for the whole shelter, on a small plan: 5 requests per (shortened) minute. */
const SHELTER_KEY = 'kennel-shelter-shared-key';
const SHELTER_PLAN = { name: 'Shelter', perMinute: 5, perDay: 10_000 };
/**
 * Longer than the 30 s Kennel waits for one request, so the ban reaches the
 * sync engine and the whole window, not only the request that met it.
 */
const BAN_MS = 35_000;
const ANIMALS = 3;

test.describe('a banned key', () => {
  // The strictest ban policy: one request inside a Retry-After bans the key.
  test.use({
    serviceOptions: {
      keys: { [SHELTER_KEY]: SHELTER_PLAN },
      ban: { strikes: 1, durationMs: BAN_MS },
    },
  });

  test('another computer gets the shared key banned: Kennel says it is paused, sends nothing until the ban ends, then sends every animal once', async ({
    app,
    service,
  }) => {
    test.setTimeout(150_000);
    await app.openWithKey(SHELTER_KEY);
    // The refresh Kennel makes when a key is entered is over: the app is idle.
    await expect.poll(() => readCatalogueCoverage(app.page)).not.toBeNull();
    await expect(app.connection()).toHaveText('Online');

    // Another computer of the shelter uses the same key without waiting: it
    // spends the window, is told to wait, and asks again at once.
    let answer = await askDirectly(service.url, SHELTER_KEY);
    for (let i = 0; answer.status !== 429 && i < 2 * SHELTER_PLAN.perMinute; i++) {
      answer = await askDirectly(service.url, SHELTER_KEY);
    }
    expect(answer.status).toBe(429);
    const banned = await askDirectly(service.url, SHELTER_KEY);
    expect(banned).toMatchObject({ status: 429, code: 'key_banned' });
    const keyId = logKeyId(SHELTER_KEY, SHELTER_PLAN);
    const ownRequests = service.state.requests.filter((r) => r.keyId === keyId);
    const bannedAt = ownRequests.at(-1)?.at ?? 0;
    const bannedUntil = bannedAt + BAN_MS;
    /** What the desk (the same key) sent after `at`, as `method path status`. */
    const sentSince = (at: number): string[] =>
      service.state.requests
        .filter((r) => r.keyId === keyId && r.at > at)
        .map((r) => `${r.method} ${r.path} ${r.status}`);
    expect(service.state.stats.bans).toBe(1);

    // Intake goes on at this desk, which knows nothing of it yet.
    const names = uniqueNames('Banned', ANIMALS + 1);
    const later = names.at(-1) ?? 'Banned';
    for (const [i, name] of names.slice(0, ANIMALS).entries()) {
      await app.enterAnimalAtOnce({ name, categoryId: String(i + 2) });
    }
    await app.expectWaiting(ANIMALS);

    // What the desk shows while the key is banned.
    await expect(app.connection()).toHaveText(
      /^Paused by the service until \d{1,2}:\d{2}:\d{2}(\s?[AP]M)?$/,
    );
    await app.expectPausedByService();
    const panel = app.page.getByRole('region', { name: 'Sync', exact: true });
    // In the app's own words (both languages), not the Node side's English.
    await expect(panel).toContainText('The service has paused this API key for a while.');
    await expect(panel).not.toContainText('banned');
    // Asking to sync does not send during the ban either, nor does one more
    // animal entered after that: once the form has queued it (the engine's
    // turn to send), the desk has sent the one request that met the ban, no more.
    await app.syncNowButton().click();
    await app.addAnimal({ name: later, categoryId: '2' });
    await expect(app.page.getByText(`Queued ${later} for sync.`)).toBeVisible();
    await app.expectWaiting(ANIMALS + 1);
    await expect(panel).toContainText('The service has paused this API key for a while.');
    expect(sentSince(bannedAt)).toEqual(['POST /v1/pets 429']);

    // The ban ends by itself; the queue goes then, each animal once.
    await app.expectWaiting(0, BAN_MS + 60_000);
    await expect(app.connection()).toHaveText('Online');
    await expect(app.rateLimitButton()).toHaveAccessibleName(/^[\d,]+ requests? left/);
    await expect(app.rateLimitNews()).toHaveText('The pause is over. Kennel is sending again.');
    const counts = countByName(service.state.pets().map((p) => p.name));
    for (const name of names) expect(counts.get(name), name).toBe(1);
    expect(service.state.stats.created).toBe(ANIMALS + 1);

    // By the service's log: the desk sent one request into the ban (the one
    // that told it of the ban) and nothing more until the ban was over.
    const duringBan = service.state.requests.filter(
      (r) => r.keyId === keyId && r.at > bannedAt && r.at < bannedUntil,
    );
    expect(duringBan.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /v1/pets 429',
    ]);
    // Nothing it sent earned the key another ban.
    expect(service.state.stats.bans).toBe(1);
  });
});
