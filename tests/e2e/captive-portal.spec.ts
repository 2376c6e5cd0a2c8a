import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';

/**
 * Answers that are not the service's: a Wi-Fi sign-in page in front of it,
 * which answers every request with `200` and HTML until someone accepts its
 * terms, and an answer whose body starts but never ends.
 */

/** The demo animals the local service starts with. */
const SEEDED = 36;
/** How long the sign-in page stands in front of the service. */
const PORTAL_MS = 15_000;
/** Sending must start again within this long of the page going away. */
const RESUME_DEADLINE_MS = 30_000;
const PORTAL_SENTENCE =
  /The network in front of the service is answering instead of it \(for example a Wi-Fi sign-in page\)/;

test('a Wi-Fi sign-in page for a while: every animal is sent once it is gone', async ({
  app,
  page,
  service,
}) => {
  test.setTimeout(120_000);
  await app.open();
  await app.enterKey(KEYS.pro);
  await expect(app.listCounts()).toHaveText(`${SEEDED} animals on this computer`);

  service.state.setFaults({ portalRate: 1 });
  const portalUp = Date.now();
  const names = uniqueNames('Portal', 12);
  // As a person at the desk: each one confirmed, the next typed while the last is being sent.
  for (const name of names) await app.addAnimal({ name, categoryId: '4' });

  await expect(page.getByText(PORTAL_SENTENCE).first()).toBeVisible({ timeout: PORTAL_MS });
  // The network answers, but the service does not: not "Online".
  await expect(app.connection()).toHaveText('Network sign-in needed');
  // The page's answers to the list reads took nothing from this computer.
  await expect(app.listCounts()).toHaveText(`${SEEDED + names.length} animals on this computer`);
  expect(service.state.pets().filter((p) => names.includes(p.name))).toEqual([]);
  expect(service.state.stats.portalAnswers).toBeGreaterThan(0);

  const left = PORTAL_MS - (Date.now() - portalUp);
  if (left > 0) await page.waitForTimeout(left);
  service.state.setFaults({});
  const portalGone = Date.now();
  await expect
    .poll(() => service.state.pets().some((p) => names.includes(p.name)), {
      timeout: RESUME_DEADLINE_MS,
      message: 'sending started again after the sign-in page went away',
    })
    .toBe(true);
  console.log(
    `captive portal: ${service.state.stats.portalAnswers} answers from the page in ` +
      `${portalGone - portalUp} ms; the first animal reached the service ` +
      `${Date.now() - portalGone} ms after it went away`,
  );

  await expectEachOnService(service, names, 60_000);
  await app.expectWaiting(0, 30_000);
  const counts = countByName(service.state.pets().map((p) => p.name));
  for (const name of names) expect(counts.get(name), name).toBe(1);
  await expect(app.needsAttentionButton()).toHaveText('Needs attention (0)');
  await expect(app.listCounts()).toHaveText(`${SEEDED + names.length} animals on this computer`);
  await expect(page.getByText(PORTAL_SENTENCE)).toHaveCount(0);
});

test('an answer whose body never ends: the animal is found, not sent twice', async ({
  app,
  service,
}) => {
  test.setTimeout(120_000);
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

  await app.expectWaiting(0, 90_000);
  expect(service.state.pets().filter((p) => p.name === name)).toHaveLength(1);
  const creates = service.state.requests.filter((r) => r.method === 'POST');
  expect(creates).toHaveLength(1);
  await expect(app.needsAttentionButton()).toHaveText('Needs attention (0)');
});
