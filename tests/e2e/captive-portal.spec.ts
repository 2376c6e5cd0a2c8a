import type { Page } from '@playwright/test';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { logKeyId } from '../helpers/e2e/rate-limit-log';

/**
 * Answers that are not the service's: a Wi-Fi sign-in page in front of it,
 * which answers every request with `200` and HTML until someone accepts its
 * terms, and an answer whose body starts but never ends.
 */

/** The demo animals the local service starts with. */
const SEEDED = 36;
const PORTAL_SENTENCE =
  /The network in front of the service is answering instead of it \(for example a Wi-Fi sign-in page\)/;
/**
 * Only a bound on a stuck test, never the product's promise: how soon sending
 * resumes once the page goes ("within 30 s") is measured by `npm run bench`
 * (its sign-in page part), not asserted here.
 */
const STUCK_MS = 60_000;
/** One step of the window's clock: the engine's first backoff (`DEFAULT_BACKOFF.baseMs`). */
const CLOCK_STEP_MS = 5_000;

/**
 * Moves the window's clock (Playwright's, installed before the app opened) on
 * a step at a time until the sync panel says nothing waits: the engine's
 * probes, backoff and lookups wait on that clock and are not waited for; the
 * Node side's timeouts keep real time, and the poll waits for those.
 */
async function clockUntilNothingWaits(page: Page, app: KennelApp): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(CLOCK_STEP_MS);
        return app.waitingCount().textContent();
      },
      { timeout: STUCK_MS, message: 'the queue was sent' },
    )
    .toMatch(/^\s*0 waiting\s*$/);
}

test('a Wi-Fi sign-in page for a while: every animal is sent once it is gone', async ({
  app,
  page,
  service,
}) => {
  test.setTimeout(120_000);
  // Playwright's clock in the window: the sync engine's probes wait on it.
  await page.clock.install();
  await app.open();
  await app.enterKey(KEYS.pro);
  await expect(app.listCounts()).toHaveText(`${SEEDED} animals on this computer`);
  const appKey = logKeyId(KEYS.pro);

  service.state.setFaults({ portalRate: 1 });
  const names = uniqueNames('Portal', 6);
  // As a person at the desk: each one confirmed, the next typed while the last is being sent.
  for (const name of names) await app.addAnimal({ name, categoryId: '4' });

  // First the page answers the app; then the app says so and keeps every animal.
  await expect.poll(() => service.state.stats.portalAnswers).toBeGreaterThan(0);
  await expect(page.getByText(PORTAL_SENTENCE).first()).toBeVisible();
  // The network answers, but the service does not: not "Online".
  await expect(app.connection()).toHaveText('Network sign-in needed');
  // No page's `200` was taken for a creation: every animal still waits here.
  await app.expectWaiting(names.length);
  // The page's answers to the list reads took nothing from this computer.
  await expect(app.listCounts()).toHaveText(`${SEEDED + names.length} animals on this computer`);

  // Someone accepts the page's terms: from here on the service answers.
  const pageGone = service.state.requests.length;
  service.state.setFaults({});
  // However long the engine's backoff had grown, its probes come without waiting for it.
  await clockUntilNothingWaits(page, app);
  await expectEachOnService(service, names, STUCK_MS);

  // By the service's log, after the page went: the app reached the service
  // again by a read (a probe) before it sent any animal, then created each
  // animal once.
  const after = service.state.requests.slice(pageGone).filter((r) => r.keyId === appKey);
  expect(
    after[0] && `${after[0].method} ${after[0].path}`,
    'the first request after the page',
  ).toBe('GET /v1/pets');
  const creates = after.filter((r) => r.method === 'POST' && r.path === '/v1/pets');
  expect(creates.map((r) => r.status)).toEqual(names.map(() => 201));
  const counts = countByName(service.state.pets().map((p) => p.name));
  for (const name of names) expect(counts.get(name), name).toBe(1);
  await expect(app.needsAttentionButton()).toHaveText('Needs attention (0)');
  await expect(app.listCounts()).toHaveText(`${SEEDED + names.length} animals on this computer`);
  await expect(page.getByText(PORTAL_SENTENCE)).toHaveCount(0);
  await expect(app.connection()).toHaveText('Online');
});

test('an answer whose body never ends: the animal is found, not sent twice', async ({
  app,
  page,
  service,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await app.open();
  await app.enterKey(KEYS.pro);
  service.state.setFaults({ stallAfterCreateRate: 1 });
  const [name = 'Stalled'] = uniqueNames('Stalled', 1);
  await app.addAnimal({ name, categoryId: '4' });
  await expect
    .poll(() => service.state.stats.stalledAfterCreate, {
      timeout: 30_000,
      message: 'the create was answered with a body that never ends',
    })
    .toBe(1);
  service.state.setFaults({});

  await clockUntilNothingWaits(page, app);
  expect(service.state.pets().filter((p) => p.name === name)).toHaveLength(1);
  const creates = service.state.requests.filter((r) => r.method === 'POST');
  expect(creates).toHaveLength(1);
  await expect(app.needsAttentionButton()).toHaveText('Needs attention (0)');
});
