import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import type { StoredPet } from '../../server/types';

/**
 * The catalogue index is built in a worker from the whole `pets` table. The
 * reference service holds a shelter large enough to take several of the
 * worker's reads and sends it in `Link` pages; the app fetches it all with
 * its own refresh. Restarted from that cache (the service away, so nothing
 * rewrites it), the app is searched as soon as the list is drawn: once the
 * index is in, the list shows exactly the matching animals, in the list's
 * order. Damaged rows are left to the unit tests of the read
 * (`index-read.test.ts`, `index-feed.test.ts`): the app cannot write one.
 */

const SIZE = 12_000;
const ALL = SIZE.toLocaleString('en-US');

test.use({ serviceOptions: { seed: SIZE, pagination: true } });

/** Newest first: the list's own order for synced animals. */
function newestFirst(pets: readonly StoredPet[]): StoredPet[] {
  return [...pets].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** The number of animals the count line says this computer holds. */
async function held(app: KennelApp): Promise<number> {
  const text = (await app.listCounts().textContent()) ?? '';
  return Number(/([\d,]+) animals? on this computer/.exec(text)?.[1]?.replaceAll(',', '') ?? 0);
}

/**
 * Waits for the refresh to bring in every animal, by its progress: each wait
 * is for more than the count line said before, so a busy machine is no
 * failure and a refresh that stops short is.
 */
async function expectAllFetched(app: KennelApp): Promise<void> {
  for (let seen = 0; seen < SIZE; seen = await held(app)) {
    await expect.poll(() => held(app)).toBeGreaterThan(seen);
  }
  await expect(app.listCounts()).toHaveText(`${ALL} animals on this computer`);
}

const row = (pet: StoredPet): [string, string] => [pet.name, pet.id.toString()];

test('a search typed while the index is built shows exactly the matching animals once it is', async ({
  app,
  page,
  service,
}) => {
  const pets = newestFirst(service.state.pets());
  expect(pets).toHaveLength(SIZE);
  // The seed's names repeat with a round number: one in 36 is a Zoë, so "zoe" needs the folded names.
  const zoes = pets.filter((pet) => pet.name.startsWith('Zoë'));
  expect(zoes.length).toBeGreaterThan(300);
  // "333" is the id of one animal and the round of 36 others, all newer than it.
  const byId = pets.find((pet) => pet.id === 333n);
  const byName = pets.filter((pet) => pet.name.includes('333'));
  if (byId === undefined || byName[0] === undefined) throw new Error('the seed changed');
  expect(byId.name).not.toContain('333');
  expect(byName[0].id).toBeGreaterThan(byId.id);

  // The key's refresh follows every page into the cache.
  await app.open();
  await app.enterKey(KEYS.pro);
  await expectAllFetched(app);

  // Restarted from the cache alone, the index is built in the worker, not on the window's thread.
  await service.stop();
  const worker = page.waitForEvent('worker');
  await app.reload();

  // The index's build starts once the first rows are drawn.
  await expect(app.dataRows().first()).toBeVisible();
  await app.searchBox().fill('zoe');
  await expect(app.listCounts()).toHaveText(
    `Showing ${zoes.length.toLocaleString('en-US')} of ${ALL} animals on this computer`,
  );
  expect((await worker).url()).toMatch(/index-worker/);
  const first = await app.visibleRows();
  expect(first.slice(0, 1).map((shown) => [shown.name, shown.id])).toEqual(
    zoes.slice(0, 1).map(row),
  );
  expect(first.every((shown) => shown.name.startsWith('Zoë '))).toBe(true);

  // The id match comes first, ahead of the newer animals whose names hold the number.
  await app.searchBox().fill('333');
  await expect(app.listCounts()).toHaveText(
    `Showing ${byName.length + 1} of ${ALL} animals on this computer`,
  );
  expect((await app.visibleRows()).slice(0, 3).map((shown) => [shown.name, shown.id])).toEqual(
    [byId, ...byName.slice(0, 2)].map(row),
  );
});
