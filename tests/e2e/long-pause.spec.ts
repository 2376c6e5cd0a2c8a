import type { Page } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { startOwnHost } from '../helpers/e2e/own-host';
import { startStandIn, type StandIn } from '../helpers/e2e/stand-in';

const YEAR_9999 = 'Fri, 31 Dec 9999 23:59:59 GMT';
const ANIMALS = 3;

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
  const names = uniqueNames('Patient', ANIMALS);
  for (const [i, name] of names.entries()) {
    await app.enterAnimalAtOnce({ name, categoryId: String(i + 1) });
  }
  await app.expectWaiting(ANIMALS);
  // A day away at most, so it ends tomorrow: the header gives the day with the time.
  await expect(app.connection()).toHaveText(/^Paused by the service until .*\d{4} at \d/, {
    timeout: 30_000,
  });
  await expect(app.rateLimitButton()).toHaveAccessibleName(
    /^Paused · sending again on .*\d{4} at /,
  );
  const sentence = page.getByTestId('long-pause');
  await expect(sentence).toContainText('wait a long time');
  return { app, host, names, sentence };
}

test.describe('a pause the service asks for that no plan could mean', () => {
  test('Try again now sends one request; the service still refusing, the pause is kept and not offered again', async ({
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    const { control, standIn } = await refusingService(service.url);
    const { app, host, sentence } = await pausedKennel(page, standIn, control);
    try {
      const before = standIn.seen.length;
      await sentence.getByRole('button', { name: 'Try again now' }).click();
      await expect(sentence).toBeHidden();
      await expect(app.connection()).toHaveText(/^Paused by the service until .*\d{4} at \d/);
      // One request asked; the others kept waiting behind it, and wait still.
      await expect.poll(() => standIn.seen.length).toBe(before + 1);
      await page.waitForTimeout(2_000);
      expect(standIn.seen.length).toBe(before + 1);
      await app.expectWaiting(ANIMALS);
      expect(service.state.stats.created).toBe(0);
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
    const { app, host, names, sentence } = await pausedKennel(page, standIn, control);
    try {
      const during = standIn.seen.length;
      // Nothing is sent while the pause lasts.
      await page.waitForTimeout(2_000);
      expect(standIn.seen.length).toBe(during);

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
