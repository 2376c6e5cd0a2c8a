import type { Page } from '@playwright/test';
import { deskNames } from '../fixtures/schema/desk';
import { FIXTURE_VERSIONS, schemaFixture } from '../fixtures/schema/fixtures';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { countByName } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { createPetDirectly } from '../helpers/e2e/service-direct';
import { dumpDatabase, restoreDatabase } from '../helpers/raw-idb';

/**
 * How long Kennel waits before it looks up a create that was on its way when the
 * desk closed (`RECONCILE_DELAYS.afterTimeoutMs`): the test moves the page's clock
 * past it rather than wait it out.
 */
const LOOK_UP_AFTER_MS = 15_000;

/**
 * A desk left by each shipped build (`tests/fixtures/schema`, written by that
 * build's own code), opened by today's: it upgrades, syncs, and every animal
 * that was waiting reaches the service exactly once. The lost answer's animal
 * is on the service already for the even versions (the lost attempt created
 * it: Kennel finds it and sends nothing) and absent for the odd ones (Kennel
 * sends it). The fixtures' holds ended days before the test runs, so the held
 * animal is sent like the others. The page runs on Playwright's clock: once the
 * desk is sending, the wait before the interrupted creates are looked up is
 * moved past instead of waited out.
 */

/** What a newer build's upgrade touches of the page's IndexedDB (compiled without the DOM library). */
interface NewerBuildIdb {
  open(
    name: string,
    version: number,
  ): {
    result: { createObjectStore(name: string, options: object): unknown; close(): void };
    transaction: { objectStore(name: string): { deleteIndex(name: string): void } };
    onupgradeneeded: (() => void) | null;
    onsuccess: (() => void) | null;
    onerror: (() => void) | null;
  };
}

/** Puts `version`'s desk in the page's origin, on a page of that origin that starts no Kennel. */
async function restoreDesk(page: Page, appUrl: string, version: number): Promise<void> {
  await page.goto(new URL('/no-kennel-here', appUrl).href);
  await page.evaluate(restoreDatabase, schemaFixture(version));
}

test.describe('a desk left by an earlier Kennel', () => {
  for (const version of FIXTURE_VERSIONS) {
    test(`schema ${version}: every waiting animal reaches the service once, the refused one still waits for staff`, async ({
      app,
      page,
      service,
      webHost,
    }) => {
      const names = deskNames(version);
      const waiting = [...names.queued, names.lookAlike, names.lost, names.midSend];
      if (version >= 6) waiting.push(names.held);
      const lostCreated = version % 2 === 0;
      if (lostCreated) {
        await createPetDirectly(service.url, KEYS.business, { name: names.lost, categoryId: 3 });
      }
      await restoreDesk(page, webHost.url, version);

      await page.clock.install();
      await app.open();
      await app.enterKey(KEYS.pro);
      const creates = () =>
        service.state.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pets'));
      await expect.poll(() => creates().length).toBeGreaterThan(lostCreated ? 1 : 0);
      await page.clock.fastForward(LOOK_UP_AFTER_MS);
      await expectEachOnService(service, waiting);
      await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');
      await app.expectWaiting(0);

      const onService = countByName(service.state.pets().map((p) => p.name));
      for (const name of waiting) expect(onService.get(name), name).toBe(1);
      expect(onService.has(names.attention)).toBe(false);
      // Nothing was sent twice: one create for each animal Kennel had to send.
      expect(creates()).toHaveLength(waiting.length);

      await app.needsAttentionButton().click();
      await expect(
        app.needsAttention().getByRole('listitem').filter({ hasText: names.attention }),
      ).toContainText('That name is not allowed');

      // The list shows each animal once: the service's id, never its pending row
      // beside it. Searched one name at a time, so every row of it is in view.
      const serviceIds = new Map(service.state.pets().map((p) => [p.name, String(p.id)]));
      for (const name of waiting) {
        await app.searchBox().fill(name);
        await expect
          .poll(async () => {
            const ids = (await app.visibleRows()).filter((r) => r.name === name).map((r) => r.id);
            return ids.filter((id) => id === serviceIds.get(name)).length === 1 &&
              new Set(ids).size === ids.length &&
              !ids.includes('')
              ? 'once'
              : `${name}: ${ids.join(', ')}`;
          })
          .toBe('once');
      }
    });
  }
});

test.describe('a desk a newer Kennel has upgraded', () => {
  test('today’s build says so in plain words, sends nothing, and leaves the database as it found it', async ({
    app,
    page,
    service,
    webHost,
  }) => {
    const newest = FIXTURE_VERSIONS.at(-1) ?? 0;
    await restoreDesk(page, webHost.url, newest);
    // The newer build's own upgrade: one more version (Dexie stores schema n as
    // n × 10), a store of its own, an index gone.
    await page.evaluate(
      async (newerVersion) => {
        const idb = (globalThis as unknown as { indexedDB: NewerBuildIdb }).indexedDB;
        await new Promise<void>((resolve, reject) => {
          const open = idb.open('kennel-local', newerVersion);
          open.onupgradeneeded = () => {
            open.result.createObjectStore('notes', { keyPath: 'id' });
            open.transaction.objectStore('pets').deleteIndex('cardDue');
          };
          open.onsuccess = () => {
            open.result.close();
            resolve();
          };
          open.onerror = () => reject(new Error('The newer build could not upgrade.'));
        });
      },
      (newest + 1) * 10,
    );
    const before = await page.evaluate(dumpDatabase, 'kennel-local');

    await app.open();
    // Settings cannot show a hold it cannot read: the key is all there is to enter.
    app.holdSeconds = null;
    await app.enterKey(KEYS.pro);
    await expect(page.getByText(/saved by a newer version of Kennel/).first()).toBeVisible();
    // Given time to do harm, the app did none: nothing sent, the database unchanged.
    await page.getByRole('button', { name: 'Sync now', exact: true }).click();
    await expect(page.getByText(/saved by a newer version of Kennel/).first()).toBeVisible();
    expect(
      service.state.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pets')),
    ).toEqual([]);
    expect(await page.evaluate(dumpDatabase, 'kennel-local')).toEqual(before);
  });
});
