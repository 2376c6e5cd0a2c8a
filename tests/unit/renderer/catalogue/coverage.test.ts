import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_LISTS,
  COVERAGE_META_KEY,
  cutListNotice,
  cutLists,
  parseCoverage,
  readCoverage,
  unfinishedListNotice,
  unfinishedLists,
  writeCoverage,
  type CatalogueCoverage,
} from '../../../../src/catalogue/coverage';
import { freshProfileDb } from '../data/test-db';

function coverage(overrides: Partial<CatalogueCoverage> = {}): CatalogueCoverage {
  return {
    startedAt: 1_000,
    finishedAt: 2_000,
    lists: {
      all: { count: 100, pages: 1, complete: false, cut: true },
      available: { count: 100, pages: 1, complete: false, cut: true },
      pending: { count: 70, pages: 1, complete: true, cut: false },
      sold: { count: 70, pages: 1, complete: true, cut: false },
    },
    lastCompleteAt: null,
    ...overrides,
  };
}

describe('parseCoverage', () => {
  it('reads back a coverage as written, including lists covered by the unfiltered one', () => {
    const written = coverage({
      lastCompleteAt: 1_000,
      lists: {
        all: { count: 350, pages: 4, complete: true, cut: false },
        available: { count: 0, pages: 0, complete: true, cut: false, coveredByAll: true },
      },
    });
    expect(parseCoverage(structuredClone(written))).toEqual(written);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a number', 42],
    ['text', 'coverage'],
    ['no startedAt', { finishedAt: 2, lists: {}, lastCompleteAt: null }],
    ['a text finishedAt', { startedAt: 1, finishedAt: '2', lists: {}, lastCompleteAt: null }],
    ['no lastCompleteAt', { startedAt: 1, finishedAt: 2, lists: {} }],
    ['a text lastCompleteAt', { startedAt: 1, finishedAt: 2, lists: {}, lastCompleteAt: 'x' }],
  ])('refuses %s', (_what, value) => {
    expect(parseCoverage(value)).toBeNull();
  });

  it('drops list entries that are not coverages and lists it does not know', () => {
    const parsed = parseCoverage({
      startedAt: 1,
      finishedAt: 2,
      lastCompleteAt: null,
      lists: {
        all: { count: 100, pages: 1, complete: false, cut: true },
        available: { count: '100', pages: 1, complete: false, cut: true },
        pending: { count: 70, pages: 1, complete: true },
        sold: null,
        adopted: { count: 1, pages: 1, complete: true, cut: false },
      },
    });
    expect(parsed).toEqual({
      startedAt: 1,
      finishedAt: 2,
      lastCompleteAt: null,
      lists: { all: { count: 100, pages: 1, complete: false, cut: true } },
    });
  });

  it('reads a coverage without lists as one with none', () => {
    expect(parseCoverage({ startedAt: 1, finishedAt: 2, lastCompleteAt: 3 })).toEqual({
      startedAt: 1,
      finishedAt: 2,
      lastCompleteAt: 3,
      lists: {},
    });
  });
});

describe('cutLists', () => {
  it('names the cut lists in the order the UI names them', () => {
    expect(CATALOGUE_LISTS).toEqual(['all', 'available', 'pending', 'sold']);
    const lists = coverage().lists;
    expect(cutLists(coverage({ lists: { sold: lists.available!, all: lists.all! } }))).toEqual([
      'all',
      'sold',
    ]);
    expect(cutLists(coverage())).toEqual(['all', 'available']);
  });

  it('names none before the first refresh, or when nothing was cut', () => {
    expect(cutLists(null)).toEqual([]);
    expect(
      cutLists(
        coverage({
          lists: {
            all: { count: 350, pages: 4, complete: true, cut: false },
            sold: { count: 0, pages: 0, complete: true, cut: false, coveredByAll: true },
          },
        }),
      ),
    ).toEqual([]);
  });
});

describe('cutListNotice', () => {
  it('says what the unfiltered list returned and that the service shows no more', () => {
    expect(cutListNotice('all', 100)).toBe(
      'The service returned the first 100 animals and shows no way to see more.',
    );
  });

  it('names the status of a status list', () => {
    expect(cutListNotice('available', 100)).toBe(
      'The service returned the first 100 available animals and shows no way to see more.',
    );
    expect(cutListNotice('sold', 20)).toBe(
      'The service returned the first 20 adopted animals and shows no way to see more.',
    );
  });
});

describe('lists not read to the end', () => {
  it('names each one with how many were read and why, in the order of the lists', () => {
    const coverage = parseCoverage({
      startedAt: 1,
      finishedAt: 2,
      lastCompleteAt: null,
      lists: {
        sold: { count: 300, pages: 3, complete: false, cut: false, unfinished: 'refused' },
        all: { count: 100000, pages: 1000, complete: false, cut: false, unfinished: 'cap' },
        pending: { count: 5, pages: 1, complete: true, cut: false },
        available: { count: 7, pages: 2, complete: false, cut: false, unfinished: 'sideways' },
      },
    });
    // A reason Kennel does not know makes the entry unreadable: it is dropped.
    expect(coverage?.lists.available).toBeUndefined();
    expect(unfinishedLists(coverage)).toEqual([
      { list: 'all', count: 100000, why: 'cap' },
      { list: 'sold', count: 300, why: 'refused' },
    ]);
    expect(unfinishedLists(null)).toEqual([]);
  });

  it('says it plainly', () => {
    expect(unfinishedListNotice('all', 100000, 'cap')).toBe(
      'Kennel read 100,000 animals of the list of all animals and stopped there; the service has more pages.',
    );
    expect(unfinishedListNotice('pending', 40, 'loop')).toBe(
      'Kennel read 40 animals of the list of animals with adoption pending; its pages then led back to one already read.',
    );
    expect(unfinishedListNotice('sold', 300, 'refused')).toBe(
      'Kennel read 300 animals of the list of adopted animals; the service put its next page at another address, which Kennel does not use.',
    );
  });
});

describe('stored coverage', () => {
  it('is null before the first refresh and reads back what was written', async () => {
    const db = freshProfileDb();
    expect(await readCoverage(db)).toBeNull();
    const written = coverage({ lastCompleteAt: 1_000 });
    await writeCoverage(db, written);
    expect(await readCoverage(db)).toEqual(written);
    expect((await db.meta.get(COVERAGE_META_KEY))?.value).toEqual(written);
  });

  it('reads a damaged stored value as no coverage', async () => {
    const db = freshProfileDb();
    await db.meta.put({ key: COVERAGE_META_KEY, value: { startedAt: 'yesterday' } });
    expect(await readCoverage(db)).toBeNull();
  });
});
