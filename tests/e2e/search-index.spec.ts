import { syncedOrder } from '../../src/data/order';
import { expect, test } from '../helpers/e2e/fixtures';
import { inPageStore } from '../helpers/e2e/page-store';

/**
 * The catalogue index is built in a worker from the whole `pets` table. A cache
 * large enough to take several of the worker's reads is written straight into
 * IndexedDB, with one damaged row, and searched as soon as the list is drawn:
 * once the index is in, the list shows exactly the matching animals, in the
 * list's order.
 */

const SIZE = 12_000;
/** One name in three is a Zoë, so a search for "zoe" needs the folded names. */
const GIVEN = ['Bella', 'Zoë', 'Max'];
const FIRST_ID = 5_000;

function cachedRows(): Record<string, unknown>[] {
  return Array.from({ length: SIZE }, (_, i) => {
    const id = String(FIRST_ID + i);
    return {
      key: id,
      id,
      name: `${GIVEN[i % GIVEN.length]} ${i}`,
      categoryId: String(1 + (i % 6)),
      status: ['available', 'pending', 'sold'][i % 3],
      pending: 0,
      outboxId: null,
      order: syncedOrder(id),
      updatedAt: 1_000,
      firstSeenAt: 1_000,
    };
  });
}

test('a search typed while the index is built shows exactly the matching animals once it is', async ({
  app,
  page,
}) => {
  await app.open();
  const damaged = { key: 'damaged-1', id: '1', name: 7, categoryId: '1', pending: 0 };
  const values = [...cachedRows(), damaged];
  await inPageStore(page, { db: 'kennel-local', store: 'pets', op: 'putAll', values });
  // Built in the worker, not by the fallback on the window's thread.
  const worker = page.waitForEvent('worker');
  await app.reload();
  // No key, so no refresh rewrites the cache while it is searched.
  await app.keyDialog().getByRole('button', { name: 'Cancel' }).click();

  // The index's build starts once the first rows are drawn.
  await expect(app.dataRows().first()).toBeVisible();
  await app.searchBox().fill('zoe');
  // The damaged row is left out of the count and of every answer.
  await expect(app.listCounts()).toHaveText(
    `Showing ${(SIZE / 3).toLocaleString('en-US')} of ${SIZE.toLocaleString('en-US')} animals on this computer`,
  );
  expect((await worker).url()).toMatch(/index-worker/);
  const newestZoe = SIZE - 2;
  const first = await app.visibleRows();
  expect(first[0]).toMatchObject({ name: `Zoë ${newestZoe}`, id: String(FIRST_ID + newestZoe) });
  expect(first.every((row) => row.name.startsWith('Zoë '))).toBe(true);

  // Read by key, "9999" comes last: its animal is the id match, ahead of the name "Bella 9999".
  await app.searchBox().fill('9999');
  await expect(app.listCounts()).toHaveText(
    `Showing 2 of ${SIZE.toLocaleString('en-US')} animals on this computer`,
  );
  expect((await app.visibleRows()).map((row) => [row.name, row.id])).toEqual([
    ['Zoë 4999', '9999'],
    ['Bella 9999', String(FIRST_ID + 9_999)],
  ]);
});
