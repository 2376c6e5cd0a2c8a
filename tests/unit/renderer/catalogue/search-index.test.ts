import { describe, expect, it } from 'vitest';
import type { PetStatus } from '../../../../electron/contract/pet';
import {
  CatalogueIndex,
  IndexBuild,
  type CatalogueQuery,
  type ListSort,
} from '../../../../src/catalogue/search-index';
import { indexCategories } from '../../../../src/data/category-list';
import { applyLanguage } from '../../../../src/i18n';
import type { CachedPet } from '../../../../src/data/db';
import { pendingRow } from '../../../../src/data/pending-row';
import { type StatusFilter } from '../../../../src/data/pets';
import { foldText } from '../../../../src/text/fold';
import { indexOf as built, rebuild } from '../support/catalogue-index';
import { cachedPet } from '../support/service-pets';

const AT = Date.UTC(2030, 0, 6, 9);

/** The row a catalogue refresh at `AT` writes for this animal. */
function synced(
  id: string,
  name: string,
  status: string | null,
  categoryId: string,
): Promise<CachedPet> {
  return cachedPet({ id, name, categoryId, ...(status === null ? {} : { status }) }, { now: AT });
}

function waiting(seq: number, name: string, status: PetStatus | null, categoryId: string) {
  const payload = { name, categoryId, ...(status === null ? {} : { status }) };
  return pendingRow(`local:${seq}`, `outbox-${seq}`, payload, seq, AT);
}

/**
 * A small shelter. In the list's own order (waiting first by intake, then the
 * newest id first): local:1, local:2, 9007199254740994, 9007199254740993, 40,
 * 30, 21, 12, 10, 9, 5, 2.
 */
const SHELTER: readonly CachedPet[] = [
  await synced('2', 'Ash', 'available', '3'),
  await synced('5', 'Sasha', 'pending', '1'),
  await synced('9', 'Ash 2', 'sold', '2'),
  await synced('10', 'Zoë', null, '10'),
  await synced('12', 'Bruno', 'available', '9007199254740993'),
  await synced('21', 'Max 12', 'available', '1'),
  await synced('30', '12 Paws', 'pending', '2'),
  await synced('40', 'Max', 'available', '1'),
  await synced('9007199254740993', 'Señor Whiskers', 'adopted', '4'),
  await synced('9007199254740994', 'max', 'sold', '5'),
  waiting(1, 'Éclair', 'available', '7'),
  waiting(2, 'Ashby', null, '2'),
];

function shelter(): CachedPet[] {
  return SHELTER.map((row) => ({ ...row }));
}

const LIST_ORDER = [
  'local:1',
  'local:2',
  '9007199254740994',
  '9007199254740993',
  '40',
  '30',
  '21',
  '12',
  '10',
  '9',
  '5',
  '2',
];

function indexOf(rows: CachedPet[] = shelter()): Promise<CatalogueIndex> {
  return built(rows);
}

function keys(
  index: CatalogueIndex,
  search: string,
  sort: ListSort = null,
  filter: StatusFilter = 'all',
): string[] {
  const query: CatalogueQuery = { filter, search, sort };
  return index.query(query).map((row) => row.key);
}

const asc = (key: NonNullable<ListSort>['key']): ListSort => ({ key, direction: 'ascending' });
const desc = (key: NonNullable<ListSort>['key']): ListSort => ({ key, direction: 'descending' });

describe('CatalogueIndex counts', () => {
  it('counts every animal once, per status, with none and unknown statuses apart', async () => {
    expect((await indexOf()).counts()).toEqual({
      all: 12,
      available: 5,
      pending: 2,
      sold: 2,
      none: 2,
      other: 1,
    });
  });

  it('counts again after rows are added, changed and removed', async () => {
    const index = await indexOf();
    expect(index.counts().sold).toBe(2);
    index.upsert([await synced('2', 'Ash', 'sold', '3'), await synced('50', 'Kiwi', 'sold', '1')]);
    index.remove(['9007199254740994']);
    expect(index.counts()).toEqual({
      all: 12,
      available: 4,
      pending: 2,
      sold: 3,
      none: 2,
      other: 1,
    });
  });
});

describe('CatalogueIndex query without a search', () => {
  it("returns every row in the list's own order: waiting first, then the newest id", async () => {
    expect(keys(await indexOf(), '')).toEqual(LIST_ORDER);
  });

  it('treats a search of spaces as no search', async () => {
    expect(keys(await indexOf(), '  \t ')).toEqual(LIST_ORDER);
  });

  it('keeps only the rows of the filtered status', async () => {
    const index = await indexOf();
    expect(keys(index, '', null, 'available')).toEqual(['local:1', '40', '21', '12', '2']);
    expect(keys(index, '', null, 'pending')).toEqual(['30', '5']);
    expect(keys(index, '', null, 'sold')).toEqual(['9007199254740994', '9']);
  });

  it('keeps the animals without a status under the no-status filter, waiting ones too', async () => {
    const index = await indexOf();
    expect(keys(index, '', null, 'none')).toEqual(['local:2', '10']);
    expect(keys(index, 'zo', null, 'none')).toEqual(['10']);
    expect(keys(index, '', asc('name'), 'none')).toEqual(['local:2', '10']);
    // A status the spec does not name is a status: only All shows it.
    expect(keys(index, 'whiskers', null, 'none')).toEqual([]);
    expect(index.counts().none).toBe(2);
  });
});

describe('CatalogueIndex search', () => {
  it('ranks names that start with the text before names that contain it', async () => {
    // In list order: Ashby (waiting), Ash 2, Sasha, Ash. Sasha only contains "ash".
    expect(keys(await indexOf(), 'ash')).toEqual(['local:2', '9', '2', '5']);
  });

  it('puts the animal whose id is the text first, then prefixes, then substrings', async () => {
    // Id 12 is Bruno; "12 Paws" starts with 12; "Max 12" contains it.
    expect(keys(await indexOf(), '12')).toEqual(['12', '30', '21']);
    // Id 2 is Ash; no name starts with 2; three contain it, in list order;
    // then Ashby, whose only match is category 2 (the list writes it "Category 2").
    expect(keys(await indexOf(), '2')).toEqual(['2', '30', '21', '9', 'local:2']);
  });

  it('finds an id written with leading zeros, and an id above 2^53 exactly', async () => {
    const index = await indexOf();
    expect(keys(index, '0012')).toEqual(['12']);
    // Bruno's category has that number too: after the id, exact as well.
    expect(keys(index, '9007199254740993')).toEqual(['9007199254740993', '12']);
    expect(keys(index, '9007199254740992')).toEqual([]);
  });

  it('ignores case and accents on both sides', async () => {
    const index = await indexOf();
    expect(keys(index, 'ZOE')).toEqual(['10']);
    expect(keys(index, 'zoë')).toEqual(['10']);
    expect(keys(index, 'senor whisk')).toEqual(['9007199254740993']);
    expect(keys(index, 'SEÑOR')).toEqual(['9007199254740993']);
    expect(keys(index, 'ECLAIR')).toEqual(['local:1']);
    expect(keys(index, '  Éclair  ')).toEqual(['local:1']);
  });

  it('matches anywhere in the name, across a space, and nothing that is not there', async () => {
    const index = await indexOf();
    expect(keys(index, 'x 1')).toEqual(['21']);
    expect(keys(index, 'r wh')).toEqual(['9007199254740993']);
    expect(keys(index, 'whiskers ')).toEqual(['9007199254740993']);
    expect(keys(index, 'rex')).toEqual([]);
  });

  it('combines a search with the status filter', async () => {
    const index = await indexOf();
    expect(keys(index, 'ash', null, 'available')).toEqual(['2']);
    expect(keys(index, 'ash', null, 'sold')).toEqual(['9']);
    // The id matches, but the animal is not pending.
    expect(keys(index, '12', null, 'pending')).toEqual(['30']);
  });
});

describe('CatalogueIndex sorts', () => {
  it('sorts by name without regard to case or accents; equal names fall back to exact text', async () => {
    // "Max" and "max" fold alike; "Max" sorts first by its exact text.
    const ascending = [
      '30', // 12 Paws
      '2', // Ash
      '9', // Ash 2
      'local:2', // Ashby
      '12', // Bruno
      'local:1', // Éclair
      '40', // Max
      '9007199254740994', // max
      '21', // Max 12
      '5', // Sasha
      '9007199254740993', // Señor Whiskers
      '10', // Zoë
    ];
    const index = await indexOf();
    expect(keys(index, '', asc('name'))).toEqual(ascending);
    expect(keys(index, '', desc('name'))).toEqual([...ascending].reverse());
  });

  it('sorts by id as numbers, waiting animals after every id', async () => {
    const index = await indexOf();
    expect(keys(index, '', asc('id'))).toEqual([
      '2',
      '5',
      '9',
      '10',
      '12',
      '21',
      '30',
      '40',
      '9007199254740993',
      '9007199254740994',
      'local:1',
      'local:2',
    ]);
    const synced = keys(index, '', desc('id')).filter((key) => !key.startsWith('local:'));
    expect(synced).toEqual([
      '9007199254740994',
      '9007199254740993',
      '40',
      '30',
      '21',
      '12',
      '10',
      '9',
      '5',
      '2',
    ]);
    // Waiting animals have no id yet: last in both directions, as empty cells are.
    expect(keys(index, '', desc('id')).slice(-2)).toEqual(['local:2', 'local:1']);
  });

  it('sorts by category as numbers, then by name', async () => {
    expect(keys(await indexOf(), '', asc('category'))).toEqual([
      '40', // 1 Max
      '21', // 1 Max 12
      '5', // 1 Sasha
      '30', // 2 12 Paws
      '9', // 2 Ash 2
      'local:2', // 2 Ashby
      '2', // 3
      '9007199254740993', // 4
      '9007199254740994', // 5
      'local:1', // 7
      '10', // 10
      '12', // 9007199254740993
    ]);
  });

  it('sorts by status, then by name; an animal without a status after every status', async () => {
    const ascending = [
      '9007199254740993', // adopted (a status the spec does not name)
      '2', // available Ash
      '12', // available Bruno
      'local:1', // available Éclair
      '40', // available Max
      '21', // available Max 12
      '30', // pending 12 Paws
      '5', // pending Sasha
      '9', // sold Ash 2
      '9007199254740994', // sold max
      'local:2', // none Ashby
      '10', // none Zoë
    ];
    const index = await indexOf();
    expect(keys(index, '', asc('status'))).toEqual(ascending);
    // Descending reverses the statuses; animals without one stay last, as empty cells do.
    expect(keys(index, '', desc('status'))).toEqual([
      ...ascending.slice(0, 10).reverse(),
      '10', // none Zoë
      'local:2', // none Ashby
    ]);
  });

  it('combines a sort with the status filter', async () => {
    const index = await indexOf();
    expect(keys(index, '', desc('name'), 'available')).toEqual(['21', '40', 'local:1', '12', '2']);
    expect(keys(index, '', asc('id'), 'sold')).toEqual(['9', '9007199254740994']);
    expect(keys(index, '', asc('category'), 'pending')).toEqual(['5', '30']);
  });

  it('with an explicit sort, orders search results by it instead of by match, the id first', async () => {
    const index = await indexOf();
    // The animal with id 12 (Bruno) first in every order; then by name: 12 Paws, Max 12.
    expect(keys(index, '12', asc('name'))).toEqual(['12', '30', '21']);
    expect(keys(index, '12', desc('name'))).toEqual(['12', '21', '30']);
    expect(keys(index, '12', desc('id'))).toEqual(['12', '30', '21']);
    // Id 2 (Ash) before the names with a 2 and the animals of category 2, by name.
    expect(keys(index, '2', asc('name'))).toEqual(['2', '30', '9', 'local:2', '21']);
    // The id's row still keeps to the status filter.
    expect(keys(index, '12', asc('name'), 'pending')).toEqual(['30']);
    expect(keys(index, 'ash', asc('id'))).toEqual(['2', '5', '9', 'local:2']);
    expect(keys(index, 'ash', asc('name'), 'available')).toEqual(['2']);
  });

  it('sorts numbers in names by value: Max 2 before Max 10', async () => {
    const maxes = await Promise.all(
      ['Max 10', 'Max 2', 'Max', 'Max 3', 'Max 1'].map((name, i) =>
        synced(String(100 + i), name, i % 2 === 0 ? 'sold' : 'pending', '1'),
      ),
    );
    const index = await indexOf(maxes);
    const names = (sort: ListSort) =>
      index.query({ filter: 'all', search: 'max', sort }).map((row) => row.name);
    expect(names(asc('name'))).toEqual(['Max', 'Max 1', 'Max 2', 'Max 3', 'Max 10']);
    expect(names(desc('name'))).toEqual(['Max 10', 'Max 3', 'Max 2', 'Max 1', 'Max']);
    // Category and status ties fall back to the same name order.
    expect(names(asc('category'))).toEqual(['Max', 'Max 1', 'Max 2', 'Max 3', 'Max 10']);
    // Pending (Max 2, Max 3) before sold (Max, Max 1, Max 10).
    expect(names(asc('status'))).toEqual(['Max 2', 'Max 3', 'Max', 'Max 1', 'Max 10']);
  });

  it('keeps equal names in list order, however often the index is rebuilt', async () => {
    const twins = [
      await synced('7', 'Luna', 'available', '1'),
      await synced('8', 'Luna', 'available', '1'),
      await synced('6', 'Luna', 'available', '1'),
    ];
    const index = await indexOf(twins);
    expect(keys(index, '', asc('name'))).toEqual(['8', '7', '6']);
    await rebuild(index, [...twins].reverse());
    expect(keys(index, '', asc('name'))).toEqual(['8', '7', '6']);
    expect(keys(index, '', asc('status'))).toEqual(['8', '7', '6']);
  });
});

describe('CatalogueIndex changes', () => {
  it('answers from the changed rows after an upsert, also for a sort it answered before', async () => {
    const index = await indexOf();
    expect(keys(index, '', asc('name'))[0]).toBe('30');
    expect(keys(index, 'paws')).toEqual(['30']);
    index.upsert([await synced('30', 'Zelda', 'pending', '2')]);
    expect(keys(index, 'paws')).toEqual([]);
    expect(keys(index, 'zeld')).toEqual(['30']);
    expect(keys(index, '', asc('name'))[0]).toBe('2');
    expect(keys(index, '', asc('name')).at(-1)).toBe('10');
    expect(keys(index, '', asc('name')).at(-2)).toBe('30');
  });

  it('adds new rows in their place and removes rows by key', async () => {
    const index = await indexOf();
    index.upsert([await synced('41', 'Kiwi', 'available', '1')]);
    expect(keys(index, '')).toEqual([
      'local:1',
      'local:2',
      ...LIST_ORDER.slice(2, 4),
      '41',
      ...LIST_ORDER.slice(4),
    ]);
    index.remove(['41', 'local:1', 'not-there']);
    expect(keys(index, '')).toEqual(LIST_ORDER.filter((key) => key !== 'local:1'));
    expect(index.has('local:1')).toBe(false);
    expect(index.has('local:2')).toBe(true);
    expect(index.size).toBe(11);
  });

  it('bumps the version on every change and only then', async () => {
    const index = new CatalogueIndex();
    const versions = [index.version];
    await rebuild(index, shelter());
    versions.push(index.version);
    index.upsert([]);
    versions.push(index.version);
    index.remove(['not-there']);
    versions.push(index.version);
    index.upsert([await synced('41', 'Kiwi', 'available', '1')]);
    versions.push(index.version);
    index.remove(['41']);
    versions.push(index.version);
    expect(versions).toEqual([0, 1, 1, 1, 2, 3]);
  });

  it('takes a build whole and answers from it as from the same rows replaced at once', async () => {
    const rows = shelter();
    const build = new IndexBuild();
    // In two chunks, as a read hands them over.
    for (const chunk of [rows.slice(0, 5), rows.slice(5)]) {
      build.add(
        chunk,
        chunk.map((row) => foldText(row.name)),
      );
    }
    const listOrder = Int32Array.from(rows.keys()).sort((a, b) =>
      rows[a]!.order < rows[b]!.order ? -1 : 1,
    );
    const index = new CatalogueIndex();
    await rebuild(index, [await synced('77', 'Gone', 'sold', '1')]);
    index.adopt(build, listOrder);

    const same = await indexOf(rows);
    expect(keys(index, '')).toEqual(LIST_ORDER);
    expect(index.has('77')).toBe(false);
    expect(index.version).toBe(2);
    expect(index.counts()).toEqual(same.counts());
    for (const search of ['ash', 'zoe', 'max', '12']) {
      expect(keys(index, search)).toEqual(keys(same, search));
      expect(keys(index, search, desc('name'))).toEqual(keys(same, search, desc('name')));
    }
  });

  it('keeps a build in the list order it is given, without sorting it again', () => {
    const rows = shelter();
    const build = new IndexBuild();
    build.add(
      rows,
      rows.map((row) => foldText(row.name)),
    );
    const index = new CatalogueIndex();
    index.adopt(build, Int32Array.from(rows.keys()));
    expect(keys(index, '')).toEqual(rows.map((row) => row.key));
  });

  it('replaces everything on a rebuild', async () => {
    const index = await indexOf();
    await rebuild(index, [await synced('77', 'Only', 'sold', '1')]);
    expect(keys(index, '')).toEqual(['77']);
    expect(index.counts()).toEqual({
      all: 1,
      available: 0,
      pending: 0,
      sold: 1,
      none: 0,
      other: 0,
    });
  });

  it('names the waiting rows and the newest update it holds', async () => {
    const index = await indexOf([
      { ...(await synced('1', 'Old', 'sold', '1')), updatedAt: 1_000 },
      { ...(await synced('2', 'New', 'sold', '1')), updatedAt: 5_000 },
      { ...waiting(1, 'Queued', null, '1'), updatedAt: 3_000 },
    ]);
    expect(index.pendingKeys()).toEqual(['local:1']);
    expect(index.newestUpdate()).toBe(5_000);
    expect(new CatalogueIndex().newestUpdate()).toBe(0);
  });
});

describe('CatalogueIndex with category names', () => {
  const names = (list: Record<string, string>) =>
    indexCategories(Object.entries(list).map(([id, name]) => ({ id, name })));

  it('sorts by the category as staff read it: names, and "Category N" by value among them', async () => {
    const index = await indexOf();
    index.setCategories(names({ '1': 'Dog', '2': 'Cat', '3': 'Zebra' }));
    expect(keys(index, '', asc('category'))).toEqual([
      '30', // Cat: 12 Paws
      '9', // Cat: Ash 2
      'local:2', // Cat: Ashby
      '9007199254740993', // Category 4
      '9007199254740994', // Category 5
      'local:1', // Category 7
      '10', // Category 10
      '12', // Category 9007199254740993
      '40', // Dog: Max
      '21', // Dog: Max 12
      '5', // Dog: Sasha
      '2', // Zebra
    ]);
  });

  it('re-sorts when a category is renamed', async () => {
    const index = await indexOf();
    index.setCategories(names({ '3': 'Zebra' }));
    expect(keys(index, '', asc('category')).at(-1)).toBe('2');
    const before = index.version;
    index.setCategories(names({ '3': 'Aardvark' }));
    expect(index.version).toBeGreaterThan(before);
    expect(keys(index, '', asc('category'))[0]).toBe('2');
  });

  it('finds the animals of a category by part of its name, after those found by name', async () => {
    const index = await indexOf();
    index.setCategories(names({ '1': 'Dog', '2': 'Maxi' }));
    expect(keys(index, 'DO')).toEqual(['40', '21', '5']);
    // Names that start with "max", then animals whose category is Maxi, in list order.
    expect(keys(index, 'max')).toEqual(['9007199254740994', '40', '21', 'local:2', '30', '9']);
    expect(keys(index, 'max', asc('name'), 'sold')).toEqual(['9', '9007199254740994']);
  });

  it('tells the rows found by their category only from those found by id or name', async () => {
    const index = await indexOf();
    index.setCategories(names({ '2': 'Cat' }));
    const rows = new Map(shelter().map((row) => [row.key, row]));
    const byCategory = (search: string): string[] => {
      const test = index.foundBy(search);
      return keys(index, search).filter((key) => test(rows.get(key) as CachedPet) === 'category');
    };
    // Id 2 is Ash, in category 3; 12 Paws and Max 12 have a 2 in their names;
    // Ash 2 is in category 2 but found by its name; Ashby only by its category.
    expect(byCategory('2')).toEqual(['local:2']);
    // By the category's name: all three of category 2, none by a name of its own.
    expect(byCategory('cat')).toEqual(['local:2', '30', '9']);
    expect(byCategory('ash')).toEqual([]);
    expect(byCategory('  ')).toEqual([]);
    // A row the index does not hold is read by its own name.
    const stranger = await synced('77', 'Cat Stevens', null, '2');
    expect(index.foundBy('cat')(stranger)).toBeNull();
    expect(index.foundBy('2')(stranger)).toBe('category');
  });

  it('matches no category while the list has no names', async () => {
    expect(keys(await indexOf(), 'category')).toEqual([]);
  });

  it('finds a category by its number as the list writes it, whole numbers only', async () => {
    const index = await indexOf();
    index.setCategories(names({ '1': 'Dog' }));
    // Unnamed, the list shows "Category 2"; named, "Dog (1)". Case and accents aside.
    expect(keys(index, 'Category 2')).toEqual(['local:2', '30', '9']);
    expect(keys(index, 'CATEGORY2')).toEqual(['local:2', '30', '9']);
    expect(keys(index, 'category 1')).toEqual(['40', '21', '5']);
    expect(keys(index, '(1)')).toEqual(['40', '21', '5']);
    expect(keys(index, 'dog (1)')).toEqual(['40', '21', '5']);
    // "Category 1" is not category 10; nor is "1" (id 1 is no animal here).
    expect(keys(index, 'category 10')).toEqual(['10']);
    expect(keys(index, '1')).toEqual(['30', '21', '40', '5']);
    // The word alone names no number, or every unnamed category would match.
    expect(keys(index, 'categ')).toEqual([]);
  });

  it('reads the word before a number in the language on screen', async () => {
    const index = await indexOf();
    await applyLanguage('es');
    try {
      expect(keys(index, 'Categoría 4')).toEqual(['9007199254740993']);
      expect(keys(index, 'categoria 4')).toEqual(['9007199254740993']);
      expect(keys(index, 'category 4')).toEqual([]);
    } finally {
      await applyLanguage('en');
    }
  });

  it('follows a rename at the next search, without re-indexing an animal', async () => {
    const index = await indexOf();
    index.setCategories(names({ '5': 'Rabbit' }));
    const counted = index.counts();
    expect(keys(index, 'rabb')).toEqual(['9007199254740994']);
    index.setCategories(names({ '5': 'Hare' }));
    expect(keys(index, 'rabb')).toEqual([]);
    expect(keys(index, 'hare')).toEqual(['9007199254740994']);
    // Counts did not have to be worked out again: the same object answers.
    expect(index.counts()).toBe(counted);
  });
});
