import type { Locator, Page } from '@playwright/test';
import { readCatalogueCoverage } from '../helpers/e2e/catalogue-coverage';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { inPageStore } from '../helpers/e2e/page-store';
import { uniqueNames } from '../helpers/e2e/names';
import { listPetsDirectly, type DirectList, type ListedPet } from '../helpers/e2e/service-direct';

/** The largest page the spec allows, and the one a refresh asks for. */
const LIMIT = 100;
const STATUSES = ['available', 'pending', 'sold'] as const;
type ListName = 'all' | (typeof STATUSES)[number];
const LISTS: readonly ListName[] = ['all', ...STATUSES];

/** The app's key. */
const APP_KEY = KEYS.pro;
/**
 * The test reads the service with a key of its own: rate limits are per key,
 * so its reads never spend (or share) the app's window.
 */
const READER_KEY = KEYS.business;

/** Case and accents off, as staff type: "ZOE" finds "Zoë", "senor" finds "Señor". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Name order, case and accents folded ("Ébène" sorts among the e's). */
/** Names as staff read them: case and accents ignored, numbers by value ("Ash 2" before "Ash 10"). */
function byName(a: ListedPet, b: ListedPet): number {
  const numbersByValue = (name: string): string =>
    fold(name).replace(/\d+/g, (d) => d.replace(/^0+(?=\d)/, '').padStart(20, '0'));
  return byCodeUnit(numbersByValue(a.name), numbersByValue(b.name)) || byCodeUnit(a.name, b.name);
}

/** The list's own order for synced animals: newest (largest id) first. */
function newestFirst(a: ListedPet, b: ListedPet): number {
  const x = BigInt(a.id);
  const y = BigInt(b.id);
  return x > y ? -1 : x < y ? 1 : 0;
}

/** What a search for `text` must find: the animal with that id, and names containing it. */
function matching(pets: readonly ListedPet[], text: string): ListedPet[] {
  const folded = fold(text.trim());
  return pets.filter((pet) => pet.id === text.trim() || fold(pet.name).includes(folded));
}

/** How a row is compared: name and id together. */
const label = (pet: { name: string; id: string }): string => `${pet.name} | ${pet.id}`;

/** The sentence the app shows for a list the service cut at the limit. */
function cutNotice(list: ListName, count: number): string {
  const what = list === 'all' ? 'animals' : `${list} animals`;
  return `The service returned the first ${count} ${what} and shows no way to see more.`;
}

/** "Fetched 350 animals at 14:02:07", once a refresh asked for with the button has finished. */
function refreshNote(page: Page, fetched?: number): Locator {
  return page.getByText(new RegExp(`^Fetched ${fetched ?? '\\d+'} animals? at `));
}

/** The first `n` rows on screen, as `name | id`. */
async function firstRows(app: KennelApp, n: number): Promise<string[]> {
  return (await app.visibleRows()).slice(0, n).map(label);
}

/** Every row on screen, as `name | id`, sorted (for lists short enough to be all on screen). */
async function rowSet(app: KennelApp): Promise<string[]> {
  return (await app.visibleRows()).map(label).sort();
}

/** Opens the app, enters the key and asks for a refresh by hand, waiting for it to finish. */
async function openAndRefresh(app: KennelApp, page: Page, fetched: number): Promise<void> {
  await app.open();
  await app.enterKey(APP_KEY);
  await app.refreshButton().click();
  await expect(refreshNote(page, fetched)).toBeVisible();
}

/**
 * Selects all of the search box's text and deletes it, as a person does, then
 * types `text` key by key without pausing between keys.
 */
async function typeSearch(app: KennelApp, text: string): Promise<void> {
  const box = app.searchBox();
  await box.click();
  await box.press('ControlOrMeta+a');
  await box.press('Backspace');
  if (text !== '') await box.pressSequentially(text);
}

/** The whole catalogue, as a client that follows `Link` pages reads it. */
async function wholeCatalogue(url: string): Promise<{ pets: ListedPet[]; pages: number }> {
  const read = await listPetsDirectly(url, READER_KEY, { limit: LIMIT }, { followLinks: true });
  return { pets: read.pets, pages: read.pages };
}

test.describe('whole catalogue: a service that shows nothing beyond limit', () => {
  // 350 animals: 140 available, 70 pending, 70 sold, 70 without status.
  test.use({ serviceOptions: { seed: 350 } });

  test('Refresh holds exactly what the four lists return and names each cut list', async ({
    app,
    page,
    service,
  }) => {
    // What a client without links can see: the first page of each of the four lists.
    const lists = {} as Record<ListName, DirectList>;
    for (const list of LISTS) {
      lists[list] = await listPetsDirectly(
        service.url,
        READER_KEY,
        list === 'all' ? { limit: LIMIT } : { limit: LIMIT, status: list },
      );
      expect(lists[list].hasNext, `the ${list} list must carry no Link`).toBe(false);
    }
    const union = new Map<string, ListedPet>();
    for (const list of LISTS) for (const pet of lists[list].pets) union.set(pet.id, pet);
    const firstPage = new Set(lists.all.pets.map((pet) => pet.id));
    // The seed must hold more than the unfiltered page and more than the four lists
    // together, or neither "reads the status lists" nor "shows no more" is proved.
    expect(lists.all.pets).toHaveLength(LIMIT);
    expect(union.size).toBeGreaterThan(LIMIT);
    const onService = service.state.pets();
    expect(onService.length).toBeGreaterThan(union.size);

    await openAndRefresh(app, page, union.size);
    await expect(app.listCounts()).toHaveText(`${union.size} animals on this computer`);

    // One notice per list that came back full, in the toolbar's order; none for the others.
    const cut = LISTS.filter((list) => lists[list].pets.length === LIMIT);
    expect(cut).toContain('all');
    await expect(app.cutNotices()).toHaveText(cut.map((list) => cutNotice(list, LIMIT)));

    // Animals only a status list returned are on this computer: the last of each
    // status list that the unfiltered page did not hold, found by its id.
    const beyond = STATUSES.map((status) =>
      lists[status].pets.filter((pet) => !firstPage.has(pet.id)).at(-1),
    );
    for (const pet of beyond) {
      if (pet === undefined) throw new Error('every status list must reach past the first page');
      await typeSearch(app, pet.id);
      const expected = matching([...union.values()], pet.id);
      await expect(app.listCounts()).toHaveText(
        `Showing ${expected.length} of ${union.size} animals on this computer`,
      );
      await expect.poll(() => firstRows(app, 1)).toEqual([label(pet)]);
      await expect(app.dataRows().first()).toContainText(pet.status ?? '(not set)');
    }

    // And one that none of the four lists returned is not made up.
    const hidden = onService.filter((pet) => !union.has(pet.id.toString())).at(-1);
    if (hidden === undefined) throw new Error('the service must hold an animal the lists hide');
    await typeSearch(app, hidden.id.toString());
    await expect(app.listCounts()).toHaveText(
      `Showing 0 of ${union.size} animals on this computer`,
    );
    await expect(app.dataRows()).toHaveCount(0);
    await expect(
      page.getByText(`No animal matches “${hidden.id.toString()}”. Clear the search.`),
    ).toBeVisible();
  });
});

test.describe('whole catalogue: a service that sends Link pages', () => {
  test.use({ serviceOptions: { seed: 350, pagination: true } });

  test('Refresh follows every page: all 350, no cut notice, counts per status', async ({
    app,
    page,
    service,
  }) => {
    const whole = await wholeCatalogue(service.url);
    expect(whole.pages).toBeGreaterThan(1);
    expect(whole.pets).toHaveLength(service.state.pets().length);
    const perStatus = {} as Record<(typeof STATUSES)[number], number>;
    for (const status of STATUSES) {
      const list = await listPetsDirectly(
        service.url,
        READER_KEY,
        { limit: LIMIT, status },
        { followLinks: true },
      );
      perStatus[status] = list.pets.length;
    }
    // The seed's shape: more than one page of available animals.
    expect(perStatus).toEqual({ available: 140, pending: 70, sold: 70 });

    await openAndRefresh(app, page, whole.pets.length);
    await expect(app.listCounts()).toHaveText(`${whole.pets.length} animals on this computer`);
    await expect(app.cutNotices()).toHaveCount(0);

    const options = app.statusFilter().locator('option');
    await expect(options).toHaveText([
      `All (${whole.pets.length})`,
      `Available (${perStatus.available})`,
      `Pending (${perStatus.pending})`,
      `Sold (${perStatus.sold})`,
    ]);
    expect(await options.evaluateAll((all) => all.map((o) => o.getAttribute('value')))).toEqual(
      LISTS,
    );

    // The filter narrows to the status list, counted against everything held.
    for (const status of STATUSES) {
      await app.statusFilter().selectOption(status);
      await expect(app.listCounts()).toHaveText(
        `Showing ${perStatus[status]} of ${whole.pets.length} animals on this computer`,
      );
    }
    await app.statusFilter().selectOption('all');

    // The last page's animals are here too (the first page alone ends at id 100).
    const last = [...whole.pets].sort(newestFirst)[0];
    if (last === undefined) throw new Error('expected animals');
    await expect.poll(() => firstRows(app, 1)).toEqual([label(last)]);
  });
});

test.describe('whole catalogue: what a complete refresh did not return', () => {
  test.use({ serviceOptions: { seed: 120, pagination: true } });

  test('is kept and marked "not seen since", and the day\'s budget shows beside the rate limit', async ({
    app,
    page,
    service,
  }) => {
    const held = service.state.pets().length;
    await openAndRefresh(app, page, held);
    const seenAt = new Date(2026, 0, 15, 12).getTime();
    const id = '987654321';
    // As if the service stopped listing it since: written with IndexedDB itself,
    // as another build or window would.
    await inPageStore(page, {
      db: 'kennel-local',
      store: 'pets',
      op: 'put',
      value: {
        key: id,
        id,
        name: 'Gone Dog',
        categoryId: '2',
        status: 'available',
        pending: 0,
        outboxId: null,
        order: `1:${(2n ** 63n - 1n - BigInt(id)).toString().padStart(19, '0')}`,
        updatedAt: seenAt,
        firstSeenAt: seenAt,
      },
    });

    await app.refreshButton().click();
    await expect(refreshNote(page, held)).toBeVisible();
    // Kept: the count holds it, and a search finds it with its mark.
    await expect(app.listCounts()).toHaveText(`${held + 1} animals on this computer`);
    await typeSearch(app, 'gone dog');
    await expect(app.listCounts()).toHaveText(`Showing 1 of ${held + 1} animals on this computer`);
    const day = await page.evaluate(
      (at) =>
        new Date(at).toLocaleDateString(undefined, {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }),
      seenAt,
    );
    await expect(app.dataRows().first()).toContainText(`not seen since ${day}`);
    // Animals the refresh returned carry no such mark.
    const returned = service.state.pets()[0];
    if (returned === undefined) throw new Error('expected animals');
    await typeSearch(app, returned.id.toString());
    await expect(app.dataRows().first()).toContainText(returned.name);
    await expect(app.dataRows().first()).not.toContainText('not seen since');

    // The Pro key's 300 a minute names the plan: 10,000 a day, counted by this desk.
    await expect(page.getByTestId('daily-budget')).toHaveText(
      /^[\d,]+ of 10,000 requests left today \(estimated from the plan\)$/,
    );
  });
});

test.describe('whole catalogue: search and sort', () => {
  test.use({ serviceOptions: { seed: 350, pagination: true } });

  test('search by part of a name or by id, as typed, and clear again', async ({
    app,
    page,
    service,
  }) => {
    const { pets } = await wholeCatalogue(service.url);
    const total = pets.length;
    await openAndRefresh(app, page, total);
    await expect(app.listCounts()).toHaveText(`${total} animals on this computer`);

    // From the middle of "Señor Whiskers", in capitals, without the tilde.
    const part = 'NOR WHI';
    const found = matching(pets, part);
    expect(found.length).toBeGreaterThan(1);
    // Few enough to be all on screen at once, so the rows can be compared as a set.
    expect(found.length).toBeLessThanOrEqual(10);
    await typeSearch(app, part);
    await expect(app.listCounts()).toHaveText(
      `Showing ${found.length} of ${total} animals on this computer`,
    );
    await expect.poll(() => rowSet(app)).toEqual(found.map(label).sort());

    // An exact id: that animal first, then the names that contain the digits.
    const id = '10';
    const exact = pets.find((pet) => pet.id === id);
    if (exact === undefined) throw new Error(`expected an animal with id ${id}`);
    const byId = matching(pets, id);
    // Names contain "10" too ("Max 10"), and in the list's own order they come
    // before the animal with id 10, so "first" is the search's doing.
    expect(byId.length).toBeGreaterThan(1);
    expect(fold(exact.name)).not.toContain(id);
    await typeSearch(app, id);
    await expect(app.listCounts()).toHaveText(
      `Showing ${byId.length} of ${total} animals on this computer`,
    );
    await expect.poll(() => firstRows(app, 1)).toEqual([label(exact)]);
    const rest = (await app.visibleRows()).slice(1);
    expect(rest.length).toBeGreaterThan(0);
    for (const row of rest) expect(row.name, row.text).toContain(id);

    // Cleared: every animal again, newest first.
    await typeSearch(app, '');
    await expect(app.searchBox()).toHaveValue('');
    await expect(app.listCounts()).toHaveText(`${total} animals on this computer`);
    const newest = [...pets].sort(newestFirst).slice(0, 5).map(label);
    await expect.poll(() => firstRows(app, 5)).toEqual(newest);
  });

  test('column sorts: ascending, descending, back; with a status filter and a search', async ({
    app,
    page,
    service,
  }) => {
    const { pets } = await wholeCatalogue(service.url);
    const total = pets.length;
    await openAndRefresh(app, page, total);
    await expect(app.listCounts()).toHaveText(`${total} animals on this computer`);
    const shown = 8;
    const nameHeader = app.columnHeader('Name');
    const ascending = [...pets].sort(byName).map(label);

    await app.sortButton('Name').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => firstRows(app, shown)).toEqual(ascending.slice(0, shown));
    for (const other of ['ID', 'Category', 'Status'] as const) {
      await expect(app.columnHeader(other)).not.toHaveAttribute('aria-sort');
    }

    await app.sortButton('Name').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(() => firstRows(app, shown))
      .toEqual([...ascending].reverse().slice(0, shown));

    // Descending by name, narrowed to available animals whose name contains "er".
    const part = 'eR';
    const narrowed = matching(
      pets.filter((pet) => pet.status === 'available'),
      part,
    );
    expect(narrowed.length).toBeGreaterThan(shown);
    await app.statusFilter().selectOption('available');
    await typeSearch(app, part);
    await expect(app.listCounts()).toHaveText(
      `Showing ${narrowed.length} of ${total} animals on this computer`,
    );
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(() => firstRows(app, shown))
      .toEqual([...narrowed].sort(byName).reverse().map(label).slice(0, shown));

    // A third click: the list's own order (no name starts with "er", so newest first).
    expect(narrowed.some((pet) => fold(pet.name).startsWith(fold(part)))).toBe(false);
    await app.sortButton('Name').click();
    await expect(nameHeader).not.toHaveAttribute('aria-sort');
    await expect
      .poll(() => firstRows(app, shown))
      .toEqual([...narrowed].sort(newestFirst).map(label).slice(0, shown));

    // By ID, ascending, under the same filter and search.
    await app.sortButton('ID').click();
    await expect(app.columnHeader('ID')).toHaveAttribute('aria-sort', 'ascending');
    await expect
      .poll(() => firstRows(app, shown))
      .toEqual([...narrowed].sort(newestFirst).reverse().map(label).slice(0, shown));
    await expect(app.listCounts()).toHaveText(
      `Showing ${narrowed.length} of ${total} animals on this computer`,
    );
  });
});

test.describe('whole catalogue: intake during a refresh', () => {
  // Eight pages of 100, each answer 400 ms late: a refresh takes seconds.
  const SEED = 800;
  test.use({ serviceOptions: { seed: SEED, pagination: true, faults: { latencyMs: 400 } } });

  test('an animal added while Refresh runs is sent before the refresh ends, once', async ({
    app,
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    const [name] = uniqueNames('Mid-refresh', 1);
    if (name === undefined) throw new Error('expected a name');

    await app.open();
    await app.enterKey(APP_KEY);
    await expect(app.listCounts()).toHaveText(`${SEED} animals on this computer`);
    // The quiet refresh after the key is over (storing what the lists proved is its
    // last step), so the click below starts a refresh of its own instead of joining it.
    await expect.poll(() => readCatalogueCoverage(page)).not.toBeNull();

    const from = service.state.requests.length;
    await app.refreshButton().click();
    // No wait: the animal is typed while the refresh's pages are still coming.
    await app.enterAnimalAtOnce({ name, categoryId: '4' });

    await expect(refreshNote(page)).toBeVisible();
    await app.expectWaiting(0);

    const log = service.state.requests.slice(from);
    const trail = log.map((r) => `${r.method} ${r.path}`).join(', ');
    const indices = (method: string): number[] =>
      log.flatMap((r, i) => (r.method === method && r.path === '/v1/pets' ? [i] : []));
    const posts = indices('POST');
    const gets = indices('GET');
    test.info().annotations.push({ type: 'requests after Refresh', description: trail });
    expect(posts, trail).toHaveLength(1);
    // The click started a whole read of its own: every page of 800 animals.
    expect(gets.length, trail).toBeGreaterThanOrEqual(SEED / LIMIT);
    // The create did not wait for the refresh to end.
    expect(posts[0], trail).toBeLessThan(gets.at(-1) ?? -1);

    // Once on the service, once in the list, with the service's id.
    const created = service.state.pets().filter((pet) => pet.name === name);
    expect(created).toHaveLength(1);
    await typeSearch(app, name);
    await expect(app.listCounts()).toHaveText(/^Showing 1 of \d+ animals on this computer$/);
    await expect.poll(() => rowSet(app)).toEqual([`${name} | ${created[0]?.id.toString()}`]);
    await expect(app.rowNamed(name)).not.toContainText('waiting to sync');
  });
});
