import type { Page } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { startOwnHost } from '../helpers/e2e/own-host';
import { startStandIn, type StandIn } from '../helpers/e2e/stand-in';

const YEAR_9999 = 'Fri, 31 Dec 9999 23:59:59 GMT';
const ANIMALS = 3;
/** The header during the pause: a day away at most, so it ends tomorrow and gives the day with the time. */
const PAUSED = /^Paused by the service until .*\d{4} at \d/;

/** A service that, while `refusing`, answers everything 429 with a Retry-After in the year 9999. */
async function refusingService(serviceUrl: string) {
  const control = { refusing: false };
  const standIn = await startStandIn(serviceUrl, () =>
    control.refusing
      ? {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': YEAR_9999 },
          body: '{"code":"rate_limited","message":"Too many requests","status":429}',
        }
      : null,
  );
  return { control, standIn };
}

/** Kennel on `standIn`, its key entered and nothing queued; then animals entered while it refuses. */
async function pausedKennel(page: Page, standIn: StandIn, control: { refusing: boolean }) {
  const host = await startOwnHost({ KENNEL_LOCAL_URL: standIn.url }, 'long-pause');
  const app = new KennelApp(page, host.url);
  await app.openWithKey(KEYS.pro);
  control.refusing = true;
  const names = uniqueNames('Patient', ANIMALS + 1);
  for (const [i, name] of names.slice(0, ANIMALS).entries()) {
    await app.enterAnimalAtOnce({ name, categoryId: String(i + 1) });
  }
  await app.expectWaiting(ANIMALS);
  // A day away at most, so it ends tomorrow: the header gives the day with the time.
  await expect(app.connection()).toHaveText(PAUSED, { timeout: 30_000 });
  await expect(app.rateLimitButton()).toHaveAccessibleName(
    /^Paused · sending again on .*\d{4} at /,
  );
  const sentence = page.getByTestId('long-pause');
  await expect(sentence).toContainText('wait a long time');
  // One more animal, entered once the app showed the pause: kept, not sent.
  const later = names.at(-1) ?? 'Patient';
  return { app, host, names, later, sentence };
}

/**
 * An animal entered during the pause wakes the sync engine: once the form has
 * queued it and the panel counts it, the engine has had its turn to send.
 */
async function enterDuringPause(app: KennelApp, name: string): Promise<void> {
  await app.addAnimal({ name, categoryId: '1' });
  await expect(app.page.getByText(`Queued ${name} for sync.`)).toBeVisible();
  await app.expectWaiting(ANIMALS + 1);
  await expect(app.connection()).toHaveText(PAUSED);
}

test.describe('a pause the service asks for that no plan could mean', () => {
  test('Try again now sends one request; the service still refusing, the pause is kept and not offered again', async ({
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    const { control, standIn } = await refusingService(service.url);
    const { app, host, later, sentence } = await pausedKennel(page, standIn, control);
    try {
      const before = standIn.seen.length;
      await sentence.getByRole('button', { name: 'Try again now' }).click();
      await expect(sentence).toBeHidden();
      await expect(app.connection()).toHaveText(PAUSED);
      // What it sent: one request, the head of its queue; the others kept waiting behind it.
      const one = [{ method: 'POST', path: '/v1/pets' }];
      await expect.poll(() => standIn.seen.slice(before)).toEqual(one);
      // Refused again, it keeps the new pause: an animal entered now is kept
      // too, nothing more reached the service, and the pause is not offered again.
      await enterDuringPause(app, later);
      expect(standIn.seen.slice(before)).toEqual(one);
      await expect(sentence).toHaveCount(0);
    } finally {
      await host.close();
      await standIn.close();
    }
  });

  test('Try again now, the service taking requests again: the queue goes at once, each animal once', async ({
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    const { control, standIn } = await refusingService(service.url);
    const { app, host, names, later, sentence } = await pausedKennel(page, standIn, control);
    try {
      // Nothing is sent while the pause lasts: not between the app showing
      // it and the app keeping one more animal in it.
      const during = standIn.seen.length;
      await enterDuringPause(app, later);
      expect(standIn.seen.slice(during)).toEqual([]);

      control.refusing = false;
      await sentence.getByRole('button', { name: 'Try again now' }).click();
      await app.expectWaiting(0, 30_000);
      await expect(app.connection()).toHaveText('Online');
      const counts = countByName(service.state.pets().map((p) => p.name));
      for (const name of names) expect(counts.get(name), name).toBe(1);
    } finally {
      await host.close();
      await standIn.close();
    }
  });
});
