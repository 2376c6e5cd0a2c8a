import { uniqueNames } from '../helpers/e2e/names';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { Page } from '@playwright/test';

/**
 * Records every `new Notification(...)` the page makes, then lets the real one
 * go on. A string, because e2e files compile without the DOM types.
 */
const RECORD_NOTICES = `
  (() => {
    const Real = globalThis.Notification;
    const shown = [];
    globalThis.__kennelNotices = shown;
    function Recording(title, options) {
      shown.push({ title, body: options && options.body });
      try { return new Real(title, options); } catch { return {}; }
    }
    Object.defineProperty(Recording, 'permission', { get: () => Real.permission });
    Recording.requestPermission = (...args) => Real.requestPermission(...args);
    globalThis.Notification = Recording;
  })();
`;

interface Shown {
  title: string;
  body?: string;
}

/** The notice for a queue sent after the service was out of reach. */
const DRAINED: Shown = {
  title: 'All intake sent',
  body: 'Everything added while the service was out of reach has been sent.',
};

/** The notice for one animal the service refused. */
function needsAttention(name: string): Shown {
  return {
    title: 'Needs attention',
    body: `The service refused ${name}. Open Needs attention to correct or resend it.`,
  };
}

function notices(page: Page): Promise<Shown[]> {
  return page.evaluate(
    () => (globalThis as unknown as { __kennelNotices: Shown[] }).__kennelNotices,
  );
}

async function titled(page: Page, title: string): Promise<Shown[]> {
  return (await notices(page)).filter((notice) => notice.title === title);
}

test.describe('desktop notifications', () => {
  test.use({ permissions: ['notifications'] });

  test('say once that the intake kept offline has all been sent', async ({
    app,
    page,
    service,
  }) => {
    await page.addInitScript({ content: RECORD_NOTICES });
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    // Allowed for the site already, so nothing asks.
    await expect(page.getByRole('button', { name: 'Turn on desktop notifications' })).toHaveCount(
      0,
    );

    for (const name of uniqueNames('Notified', 2)) await app.addAnimal({ name, categoryId: '4' });
    await app.expectWaiting(2);
    await expect(app.connection()).toHaveText('Offline', { timeout: 15_000 });

    await service.start();
    await app.expectWaiting(0, 60_000);
    await expect.poll(() => titled(page, 'All intake sent')).toHaveLength(1);
    // Notices are recorded in order: nothing came while the service was away.
    expect(await notices(page)).toEqual([DRAINED]);

    // Intake sent while online is no news.
    const [later, refused] = uniqueNames('Online', 2);
    if (later === undefined || refused === undefined) throw new Error('name');
    await app.addAnimal({ name: later, categoryId: '4' });
    await app.expectWaiting(0);
    await expect(app.rowNamed(later)).toBeVisible();
    await expect(app.rowNamed(later)).not.toContainText('waiting to be sent');

    // Then something that must be told: a refused animal. Its notice comes after
    // any the sent animal could have caused, so once it is here the list is complete.
    service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
    await app.addAnimal({ name: refused, categoryId: '4' });
    await expect.poll(() => titled(page, 'Needs attention')).toHaveLength(1);
    expect(await notices(page)).toEqual([DRAINED, needsAttention(refused)]);
  });

  test('say once that a refused animal needs attention', async ({ app, page, service }) => {
    await page.addInitScript({ content: RECORD_NOTICES });
    await app.openWithKey(KEYS.pro);
    await expect(app.connection()).toHaveText('Online');

    const [name] = uniqueNames('Refused', 1);
    if (name === undefined) throw new Error('name');
    service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
    await app.addAnimal({ name, categoryId: '6', status: 'available' });
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');

    await expect.poll(() => titled(page, 'Needs attention')).toEqual([needsAttention(name)]);
    // The refused animal left the queue too: that is not "all intake sent".
    expect(await notices(page)).toEqual([needsAttention(name)]);
  });
});
