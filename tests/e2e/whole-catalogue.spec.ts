import type { Locator, Page } from '@playwright/test';
import { readCatalogueCoverage } from '../helpers/e2e/catalogue-coverage';
import {
  fillShelter,
  letters,
  LIST_MODES,
  newestFirst,
  restoreFromBackup,
  STATUSES,
  type ShelterAnimal,
  type Status,
} from '../helpers/e2e/faithful-shelter';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { escapeRegExp, statusLabel, type KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import {
  createPetDirectly,
  listPetsDirectly,
  type DirectList,
  type ListedPet,
} from '../helpers/e2e/service-direct';

/** The largest page the spec allows, and the one a refresh asks for. */
const LIMIT = 100;
type ListName = 'all' | Status;
const LISTS: readonly ListName[] = ['all', ...STATUSES];

/** The app's key. */
const APP_KEY = KEYS.pro;
/**
 * The test reads (and fills) the service with a key of its own: rate limits are
 * per key, so its requests never spend (or share) the app's window.
 */
const READER_KEY = KEYS.business;

/** How a row is compared: name and id together. */
const label = (pet: { name: string; id: string }): string => `${pet.name} | ${pet.id}`;

/** How the app names the animals of each list in a sentence. */
const LIST_ANIMALS: Record<ListName, string> = {
  all: 'animals',
  available: 'available animals',
  pending: 'animals with adoption pending',
  sold: 'adopted animals',
};

/** The sentence the app shows for a list the service cut at the limit. */
function cutNotice(list: ListName, count: number): string {
  return `The service returned the first ${count} ${LIST_ANIMALS[list]} and shows no way to see more.`;
}

/** "Fetched 350 animals at 14:02:07", once a refresh asked for with the button has finished. */
function refreshNote(page: Page, fetched?: number): Locator {
  return page.getByText(new RegExp(`^Fetched ${fetched ?? '\\d+'} animals? at `));
}

/** The first `n` rows on screen, as `name | id`. */
async function firstRows(app: KennelApp, n: number): Promise<string[]> {
  return (await app.visibleRows()).slice(0, n).map(label);
}

/** The names of the rows on screen, top to bottom (the first `n` when given). */
async function shownNames(app: KennelApp, n?: number): Promise<string[]> {
  const names = (await app.visibleRows()).map((row) => row.name);
  return n === undefined ? names : names.slice(0, n);
}

/** Opens the app, enters the key and asks for a refresh by hand, waiting for it to finish. */
async function openAndRefresh(app: KennelApp, page: Page, fetched?: number): Promise<void> {
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

/** The day `at` falls on, as the page writes a long date ("15 January 2026"). */
async function longDays(page: Page, times: number[]): Promise<string[]> {
  return page.evaluate(
    (all) =>
      all.map((at) =>
        new Date(at).toLocaleDateString(undefined, {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }),
      ),
    times,
  );
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
      // Its id is the only match: no name held here has those digits in it (and no
      // category has a name, so none is found by its category).
      const sameDigits = [...union.values()].filter((other) => other.name.includes(pet.id));
      expect(sameDigits, `names holding ${pet.id}`).toEqual([]);
      await typeSearch(app, pet.id);
      await expect(app.listCounts()).toHaveText(
        `Showing 1 of ${union.size} animals on this computer`,
      );
      await expect.poll(() => firstRows(app, 1)).toEqual([label(pet)]);
      await expect(app.dataRows().first()).toContainText(statusLabel(pet.status));
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
    const perStatus = {} as Record<Status, number>;
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

    // The animals without a status have no list on the service, but a filter here.
    const unset = whole.pets.filter((pet) => pet.status === null).length;
    expect(unset).toBe(70);
    const options = app.statusFilter().locator('option');
    await expect(options).toHaveText([
      `All (${whole.pets.length})`,
      `Available (${perStatus.available})`,
      `Adoption pending (${perStatus.pending})`,
      `Adopted (${perStatus.sold})`,
      `No status (${unset})`,
    ]);
    expect(await options.evaluateAll((all) => all.map((o) => o.getAttribute('value')))).toEqual([
      ...LISTS,
      'none',
    ]);

    // The filter narrows to the status list, counted against everything held.
    for (const status of STATUSES) {
      await app.statusFilter().selectOption(status);
      await expect(app.listCounts()).toHaveText(
        `Showing ${perStatus[status]} of ${whole.pets.length} animals on this computer`,
      );
    }
    await app.statusFilter().selectOption('none');
    await expect(app.listCounts()).toHaveText(
      `Showing ${unset} of ${whole.pets.length} animals on this computer`,
    );
    for (const row of await app.visibleRows()) expect(row.status, row.name).toBe('No status');
    await app.statusFilter().selectOption('all');

    // The last page's animals are here too (the first page alone ends at id 100).
    const last = newestFirst(whole.pets)[0];
    if (last === undefined) throw new Error('expected animals');
    await expect.poll(() => firstRows(app, 1)).toEqual([label(last)]);
  });
});

for (const { pagination, title } of LIST_MODES) {
  test.describe(`whole catalogue, what a complete refresh did not return: ${title}`, () => {
    // Under 100 without pagination, so the unfiltered list's one short page is its
    // end; with pagination, two linked pages.
    const SEED = pagination ? 120 : 60;
    test.use({ serviceOptions: { seed: SEED, pagination } });

    test('is kept and marked "not seen since", and the day\'s budget shows beside the rate limit', async ({
      app,
      page,
      service,
    }) => {
      const gone = await createPetDirectly(service.url, READER_KEY, {
        name: 'Gone Dog',
        categoryId: 2,
        status: 'available',
      });
      const held = SEED + 1;
      expect(service.state.pets()).toHaveLength(held);
      const seenFrom = Date.now();
      await openAndRefresh(app, page, held);
      const seenTo = Date.now();
      await expect(app.listCounts()).toHaveText(`${held} animals on this computer`);
      // The unfiltered list was read to its end: nothing was cut.
      await expect(app.cutNotices()).toHaveCount(0);

      // The service comes back from a backup taken before Gone Dog was added.
      const restored = await restoreFromBackup(service, { seed: SEED, pagination });
      try {
        await app.refreshButton().click();
        await expect(refreshNote(page, SEED)).toBeVisible();
        // Kept: the count holds it, and a search finds it with its mark.
        await expect(app.listCounts()).toHaveText(`${held} animals on this computer`);
        await typeSearch(app, 'gone dog');
        await expect(app.listCounts()).toHaveText(`Showing 1 of ${held} animals on this computer`);
        await expect(app.dataRows().first()).toContainText(gone.id);
        // Last seen by the first refresh.
        const days = await longDays(page, [seenFrom, seenTo]);
        await expect(app.dataRows().first()).toContainText(
          new RegExp(`not seen since (${days.map(escapeRegExp).join('|')})`),
        );
        // Animals the refresh returned carry no such mark.
        const returned = restored.pets()[0];
        if (returned === undefined) throw new Error('expected animals');
        await typeSearch(app, returned.id);
        await expect(app.dataRows().first()).toContainText(returned.name);
        await expect(app.dataRows().first()).not.toContainText('not seen since');

        // The Pro key's 300 a minute names the plan: 10,000 a day, counted by this desk.
        await expect(page.getByTestId('daily-budget')).toHaveText(
          /^[\d,]+ of 10,000 requests left today \(estimated from the plan\)$/,
        );
      } finally {
        await restored.close();
      }
    });
  });
}

test.describe('whole catalogue, what a cut refresh did not return: a service as the spec shows it', () => {
  // 150 animals: the unfiltered list comes back full and proves nothing about the rest.
  const SEED = 150;
  test.use({ serviceOptions: { seed: SEED } });

  test('is kept without a "not seen since" mark: a cut list proves nothing', async ({
    app,
    page,
    service,
  }) => {
    // Pending, so the pending list (30 of the seed's and this one) returns it.
    const gone = await createPetDirectly(service.url, READER_KEY, {
      name: 'Gone Dog',
      categoryId: 2,
      status: 'pending',
    });
    await openAndRefresh(app, page);
    await expect(app.cutNotices().first()).toHaveText(cutNotice('all', LIMIT));
    const counted = await app.listCounts().innerText();
    expect(counted).toMatch(/^\d+ animals on this computer$/);
    await typeSearch(app, 'gone dog');
    await expect(app.dataRows()).toHaveCount(1);
    await expect(app.dataRows().first()).toContainText(gone.id);
    const first = await readCatalogueCoverage(page);
    if (first === null) throw new Error('the refresh must have stored what it read');

    const restored = await restoreFromBackup(service, { seed: SEED, pagination: false });
    try {
      await app.refreshButton().click();
      // The later event: the second refresh has finished and stored what it read.
      await expect
        .poll(async () => (await readCatalogueCoverage(page))?.finishedAt ?? 0)
        .toBeGreaterThan(first.finishedAt);
      await expect(app.refreshButton()).toBeEnabled();
      // Still here, and not called gone: the lists it was in were cut or did not end.
      await expect(app.dataRows()).toHaveCount(1);
      await expect(app.dataRows().first()).toContainText(gone.id);
      await expect(app.dataRows().first()).not.toContainText('not seen since');
      await typeSearch(app, '');
      await expect(app.listCounts()).toHaveText(counted);
    } finally {
      await restored.close();
    }
  });
});

/**
 * The shelter of the search and sort tests, written so their expectations can
 * be written out by hand. Every animal has a status, and no status has 100, so
 * a client without pagination holds all of them too (the unfiltered list, the
 * first 150 fillers, is cut at 100).
 *
 * Fillers first (ids 1 to 150 in an empty store): "Mid" and two letters, no
 * digits, sorting between the two ends the name sort is checked at.
 */
const FILLERS: ShelterAnimal[] = Array.from({ length: 150 }, (_, i) => ({
  name: `Mid ${letters(i)}`,
  categoryId: (i % 6) + 1,
  status: STATUSES[i % 3] ?? 'available',
}));

/** Then these, in this order: the last one is the newest. */
const FEATURED: ShelterAnimal[] = (
  [
    // The name sort's two ends.
    ['Ash 10', 'available'],
    ['abbot', 'pending'],
    ['Ábel', 'sold'],
    ['Ash 2', 'available'],
    ['Ávila', 'pending'],
    ['Bo', 'sold'],
    ['Çelik', 'available'],
    ['echo', 'pending'],
    ['Éclair', 'sold'],
    ['Zac 11', 'available'],
    ['ward', 'pending'],
    ['Zoë', 'sold'],
    ['Xena', 'available'],
    ['zed', 'pending'],
    ['Ýmir', 'sold'],
    ['Zac 9', 'pending'],
    ['Yara', 'available'],
    // "ber" inside a name: six available ones, and two of other statuses.
    ['Umberto', 'available'],
    ['Roberto', 'pending'],
    ['Kimber', 'available'],
    ['Éberhard', 'available'],
    ['Bertha', 'sold'],
    ['Hubert', 'available'],
    ['Alberta', 'available'],
    ['Amber', 'available'],
    // "nor whi" in the middle of four names, and three near misses.
    ['Señor Whiskers', 'pending'],
    ['Señora Whiskers', 'available'],
    ['SEÑOR WHIMSY', 'sold'],
    ['Snow Whisker', 'pending'],
    ['Leonor Whitby', 'sold'],
    ['Senor-Whiskers', 'available'],
    ['Honor Whitman', 'pending'],
    // The digits of the 12th filler's id, 12, in three names.
    ['Lot 12', 'available'],
    ['Pen 120', 'pending'],
    ['Row 312', 'sold'],
  ] as const
).map(([name, status], i) => ({ name, status, categoryId: (i % 6) + 1 }));

const TOTAL = FILLERS.length + FEATURED.length;

for (const { pagination, title } of LIST_MODES) {
  test.describe(`whole catalogue, search and sort: ${title}`, () => {
    test.use({ serviceOptions: { seed: 0, pagination } });

    test.beforeEach(async ({ app, page, service }) => {
      const fillers = await fillShelter(service.url, READER_KEY, FILLERS);
      // An empty store numbers from 1: the 12th filler is the animal with id 12.
      expect(fillers[11]).toMatchObject({ name: 'Mid al', id: '12' });
      await fillShelter(service.url, READER_KEY, FEATURED);
      await openAndRefresh(app, page, TOTAL);
      await expect(app.listCounts()).toHaveText(`${TOTAL} animals on this computer`);
      // Without pagination the unfiltered list came back full; the status lists held the rest.
      await expect(app.cutNotices()).toHaveText(pagination ? [] : [cutNotice('all', LIMIT)]);
    });

    test('search by part of a name or by id, as typed, and clear again', async ({ app }) => {
      // From the middle of "Señor Whiskers", in capitals, without the tilde: case
      // and accents do not count, the space does.
      await typeSearch(app, 'NOR WHI');
      await expect(app.listCounts()).toHaveText(`Showing 4 of ${TOTAL} animals on this computer`);
      await expect
        .poll(async () => (await shownNames(app)).sort())
        .toEqual(['Honor Whitman', 'Leonor Whitby', 'SEÑOR WHIMSY', 'Señor Whiskers']);

      // An exact id: that animal first, then the names holding its digits, newest
      // first (they are newer than the animal with id 12, so "first" is the search's doing).
      await typeSearch(app, '12');
      await expect(app.listCounts()).toHaveText(`Showing 4 of ${TOTAL} animals on this computer`);
      await expect.poll(() => shownNames(app)).toEqual(['Mid al', 'Row 312', 'Pen 120', 'Lot 12']);
      await expect(app.dataRows().first()).toContainText('12');

      // Cleared: every animal again, newest first.
      await typeSearch(app, '');
      await expect(app.searchBox()).toHaveValue('');
      await expect(app.listCounts()).toHaveText(`${TOTAL} animals on this computer`);
      await expect
        .poll(() => shownNames(app, 5))
        .toEqual(['Row 312', 'Pen 120', 'Lot 12', 'Honor Whitman', 'Senor-Whiskers']);
    });

    test('column sorts: ascending, descending, back; with a status filter and a search', async ({
      app,
    }) => {
      const nameHeader = app.columnHeader('Name');

      // Names as staff read them: case and accents ignored, numbers by value.
      await app.sortButton('Name').click();
      await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
      await expect
        .poll(() => shownNames(app, 8))
        .toEqual(['abbot', 'Ábel', 'Alberta', 'Amber', 'Ash 2', 'Ash 10', 'Ávila', 'Bertha']);
      for (const other of ['ID', 'Category', 'Status'] as const) {
        await expect(app.columnHeader(other)).not.toHaveAttribute('aria-sort');
      }

      await app.sortButton('Name').click();
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
      await expect
        .poll(() => shownNames(app, 8))
        .toEqual(['Zoë', 'zed', 'Zac 11', 'Zac 9', 'Ýmir', 'Yara', 'Xena', 'ward']);

      // Still descending by name, narrowed to the available animals with "ber" in
      // their name (Roberto is pending, Bertha sold).
      await app.statusFilter().selectOption('available');
      await typeSearch(app, 'bEr');
      await expect(app.listCounts()).toHaveText(`Showing 6 of ${TOTAL} animals on this computer`);
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
      await expect
        .poll(() => shownNames(app))
        .toEqual(['Umberto', 'Kimber', 'Hubert', 'Éberhard', 'Amber', 'Alberta']);

      // A third click: the list's own order, newest first (none of the six starts
      // with "ber", so none is put first for that).
      await app.sortButton('Name').click();
      await expect(nameHeader).not.toHaveAttribute('aria-sort');
      await expect
        .poll(() => shownNames(app))
        .toEqual(['Amber', 'Alberta', 'Hubert', 'Éberhard', 'Kimber', 'Umberto']);

      // By ID, ascending, under the same filter and search: the order they were added in.
      await app.sortButton('ID').click();
      await expect(app.columnHeader('ID')).toHaveAttribute('aria-sort', 'ascending');
      await expect
        .poll(() => shownNames(app))
        .toEqual(['Umberto', 'Kimber', 'Éberhard', 'Hubert', 'Alberta', 'Amber']);
      await expect(app.listCounts()).toHaveText(`Showing 6 of ${TOTAL} animals on this computer`);
    });
  });
}

for (const { pagination, title } of LIST_MODES) {
  test.describe(`whole catalogue, intake during a refresh: ${title}`, () => {
    // With pagination, eight linked pages of 100; without, 350 animals in four lists
    // (the unfiltered one cut at 100, then one per status). Each answer comes late, so
    // a refresh takes seconds either way.
    const SEED = pagination ? 800 : 350;
    const LIST_READS = pagination ? SEED / LIMIT : LISTS.length;
    test.use({
      serviceOptions: { seed: SEED, pagination, faults: { latencyMs: pagination ? 400 : 800 } },
    });

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
      // The quiet refresh after the key is over (storing what the lists proved is its
      // last step), so the click below starts a refresh of its own instead of joining it.
      await expect.poll(() => readCatalogueCoverage(page)).not.toBeNull();
      await expect(app.listCounts()).toHaveText(/^\d+ animals on this computer$/);

      const from = service.state.requests.length;
      await app.refreshButton().click();
      // No wait: the animal is typed while the refresh's lists are still coming.
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
      // The click started a whole read of its own: every page, or every list.
      expect(gets.length, trail).toBeGreaterThanOrEqual(LIST_READS);
      // The create did not wait for the refresh to end.
      expect(posts[0], trail).toBeLessThan(gets.at(-1) ?? -1);

      // Once on the service, once in the list, with the service's id.
      const created = service.state.pets().filter((pet) => pet.name === name);
      expect(created).toHaveLength(1);
      await typeSearch(app, name);
      await expect(app.listCounts()).toHaveText(/^Showing 1 of \d+ animals on this computer$/);
      await expect
        .poll(() => firstRows(app, 10))
        .toEqual([`${name} | ${created[0]?.id.toString()}`]);
      await expect(app.rowNamed(name)).not.toContainText('waiting to be sent');
    });
  });
}
