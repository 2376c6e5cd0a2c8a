import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_LISTS,
  COVERAGE_META_KEY,
  cutListNotice,
  cutLists,
  endedList,
  parseCoverage,
  readCoverage,
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

describe('endedList', () => {
  it('calls a single full page with no link cut: nothing shows what lies beyond', () => {
    expect(endedList(100, 1, 100)).toEqual({ count: 100, pages: 1, complete: false, cut: true });
  });

  it('calls a short single page complete', () => {
    expect(endedList(99, 1, 100)).toEqual({ count: 99, pages: 1, complete: true, cut: false });
    expect(endedList(0, 1, 100)).toEqual({ count: 0, pages: 1, complete: true, cut: false });
  });

  it('calls a chain of linked pages that ended complete, even when its last page was full', () => {
    expect(endedList(350, 4, 100)).toEqual({ count: 350, pages: 4, complete: true, cut: false });
    expect(endedList(200, 2, 100)).toEqual({ count: 200, pages: 2, complete: true, cut: false });
  });

  it('measures fullness against the limit asked for', () => {
    expect(endedList(20, 1, 20).cut).toBe(true);
    expect(endedList(20, 1, 100).cut).toBe(false);
  });
});

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
      'The service returned the first 20 sold animals and shows no way to see more.',
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
