import { describe, expect, it } from 'vitest';
import { recordFacts } from '../../../../src/catalogue/record-match';
import type { CatalogueIndex, CatalogueQuery } from '../../../../src/catalogue/search-index';
import { indexOf } from '../support/catalogue-index';
import type { CachedPet } from '../../../../src/data/db';
import type { IntakeRecord, RecordFields } from '../../../../src/data/intake-record';
import { pendingRow } from '../../../../src/data/pending-row';
import { cachedPet } from '../support/service-pets';

const AT = Date.UTC(2030, 0, 6, 9);

/** The row a catalogue refresh at `AT` writes for this animal. */
function synced(id: string, name: string, status: string): Promise<CachedPet> {
  return cachedPet({ id, name, categoryId: '1', status }, { now: AT });
}

/**
 * A shelter whose list order is: local:1, 654321, 123456, 900, 77, 40, 12.
 * Animal 123456's ID is the last six digits of Pip's chip.
 */
const SHELTER: readonly CachedPet[] = [
  await synced('12', 'Rex', 'available'),
  await synced('40', 'Pip', 'available'),
  await synced('77', 'Dot', 'pending'),
  await synced('123456', 'Number Six', 'available'),
  await synced('654321', 'Kennel Cough', 'sold'),
  await synced('900', 'Bramble', 'available'),
  pendingRow('local:1', 'outbox-1', { name: 'Walk-in', categoryId: '2' }, 1, AT),
];

function shelter(): CachedPet[] {
  return SHELTER.map((row) => ({ ...row }));
}

const PIP_CHIP = '985141000123456';
const REX_CHIP = '985141000999001';

function record(key: string, fields: RecordFields): IntakeRecord {
  return { key, updatedAt: AT, ...fields };
}

/** Records for four of the animals; Number Six, Kennel Cough and Bramble have none. */
function records(): IntakeRecord[] {
  return [
    record('40', { chip: PIP_CHIP, kennel: 'Dogs B3' }),
    record('12', {
      chip: REX_CHIP,
      kennel: 'Dogs B12',
      outcome: 'adopted',
      outcomeOn: '2030-01-05',
    }),
    record('77', { kennel: 'Cats Ñ1', outcome: 'transferred-out' }),
    record('local:1', { chip: '4A3B2C1D0E', kennel: 'Quarantine' }),
  ];
}

async function indexWith(rows = shelter(), recs = records()): Promise<CatalogueIndex> {
  const index = await indexOf(rows);
  index.setRecords(recordFacts(recs));
  return index;
}

function keys(index: CatalogueIndex, search: string, more: Partial<CatalogueQuery> = {}) {
  return index.query({ filter: 'all', search, sort: null, ...more }).map((row) => row.key);
}

/** Each listed key with why it is there when not by its own ID or name. */
function marked(index: CatalogueIndex, search: string): [string, string | null][] {
  const rows = new Map(shelter().map((row) => [row.key, row]));
  const why = index.foundBy(search);
  return keys(index, search).map((key) => [key, why(rows.get(key) as CachedPet)]);
}

describe('search by chip', () => {
  it('finds an animal by all the digits of its chip, however they are spaced', async () => {
    const index = await indexWith();
    for (const typed of [
      PIP_CHIP,
      '985 141 000 123 456',
      '985-141-000-123-456',
      ' 985141 000123456 ',
    ]) {
      expect(marked(index, typed), typed).toEqual([['40', 'chip']]);
    }
  });

  it('finds an animal by the last six digits of its chip, spaced or not', async () => {
    const index = await indexWith();
    expect(marked(index, '999001')).toEqual([['12', 'chip']]);
    expect(marked(index, '999 001')).toEqual([['12', 'chip']]);
  });

  it('finds an older chip with letters by all of it or its last six, in any case', async () => {
    const index = await indexWith();
    expect(keys(index, '4a3b2c1d0e')).toEqual(['local:1']);
    expect(keys(index, '2c1d0e')).toEqual(['local:1']);
  });

  it('gives a six-digit search both the animal with that ID and the one whose chip ends in it, the ID first', async () => {
    const index = await indexWith();
    expect(marked(index, '123456')).toEqual([
      ['123456', null],
      ['40', 'chip'],
    ]);
  });

  it('finds no chip by a part other than all of it or its last six', async () => {
    const index = await indexWith();
    // Its first six, five or seven of its last digits, and all but one digit.
    for (const typed of ['985141', '99001', '0999001', '98514100099900', '9851410009990011']) {
      expect(keys(index, typed), typed).toEqual([]);
    }
    // A six-digit ID matches only its animal when no chip ends in it.
    expect(marked(index, '654321')).toEqual([['654321', null]]);
  });

  it('finds nothing by chip without records, and follows records as they change', async () => {
    const index = await indexWith(shelter(), []);
    expect(keys(index, PIP_CHIP)).toEqual([]);
    const before = index.version;
    index.setRecords(recordFacts(records()));
    expect(index.version).toBeGreaterThan(before);
    expect(keys(index, PIP_CHIP)).toEqual(['40']);
    index.setRecords(recordFacts(records().filter((r) => r.key !== '40')));
    expect(keys(index, PIP_CHIP)).toEqual([]);
  });
});

describe('search by kennel', () => {
  it('finds the animals of a kennel by any part of its name, case and accents aside', async () => {
    const index = await indexWith();
    expect(marked(index, 'b3')).toEqual([['40', 'kennel']]);
    expect(marked(index, 'DOGS B')).toEqual([
      ['40', 'kennel'],
      ['12', 'kennel'],
    ]);
    expect(marked(index, 'cats n1')).toEqual([['77', 'kennel']]);
    expect(keys(index, 'b4')).toEqual([]);
  });

  it('lists names found first, then kennels, and marks only the rows found by kennel', async () => {
    const index = await indexWith();
    // "Kennel Cough" by its name, no kennel holds "kennel".
    expect(marked(index, 'kennel')).toEqual([['654321', null]]);
    // "Bramble" has "ra" in its name, the kennel "Quarantine" in its own.
    expect(marked(index, 'ra')).toEqual([
      ['900', null],
      ['local:1', 'kennel'],
    ]);
  });

  it('keeps to the status filter', async () => {
    const index = await indexWith();
    expect(keys(index, 'dogs', { filter: 'pending' })).toEqual([]);
    expect(keys(index, 'cats', { filter: 'pending' })).toEqual(['77']);
  });
});

describe('the outcome filter', () => {
  it('shows the animals with an outcome unless told to leave them out', async () => {
    const index = await indexWith();
    const all = ['local:1', '654321', '123456', '900', '77', '40', '12'];
    expect(keys(index, '')).toEqual(all);
    expect(keys(index, '', { outcomes: 'shown' })).toEqual(all);
    // Rex was adopted and Dot transferred out, as recorded here.
    expect(keys(index, '', { outcomes: 'left-out' })).toEqual([
      'local:1',
      '654321',
      '123456',
      '900',
      '40',
    ]);
  });

  it('leaves them out of searches, sorts and status filters too', async () => {
    const index = await indexWith();
    expect(keys(index, 'dogs', { outcomes: 'left-out' })).toEqual(['40']);
    expect(keys(index, REX_CHIP, { outcomes: 'left-out' })).toEqual([]);
    expect(keys(index, '', { filter: 'pending', outcomes: 'left-out' })).toEqual([]);
    expect(
      keys(index, '', { sort: { key: 'name', direction: 'ascending' }, outcomes: 'left-out' }),
    ).toEqual(['900', '654321', '123456', '40', 'local:1']);
  });

  it('counts only what the list shows when they are left out', async () => {
    const index = await indexWith();
    const shown = { all: 7, available: 4, pending: 1, sold: 1, none: 1, other: 0 };
    expect(index.counts()).toEqual(shown);
    expect(index.outcomeCount()).toBe(2);
    expect(index.counts('left-out')).toEqual({
      all: 5,
      available: 3,
      pending: 0,
      sold: 1,
      none: 1,
      other: 0,
    });
    // A record's outcome taken back counts the animal again.
    index.setRecords(
      recordFacts(records().map(({ outcome: _taken, outcomeOn: _on, ...rest }) => rest)),
    );
    expect(index.counts('left-out')).toEqual(shown);
    expect(index.outcomeCount()).toBe(0);
    // And so does a change of rows.
    index.upsert([await synced('41', 'Newcomer', 'pending')]);
    expect(index.counts('left-out').pending).toBe(2);
  });
});
