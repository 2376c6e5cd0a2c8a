import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { readIndexRows, rowsOf, type PetColumns } from '../../../../src/catalogue/index-read';
import type { CachedPet, KennelDb } from '../../../../src/data/db';
import { freshProfileDb } from '../data/test-db';
import { cachedPets } from '../support/service-pets';

const opened: KennelDb[] = [];

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/**
 * A cache of `count` animals; every seventh was taken in here and still has a
 * card to print, and every other one of those came in through Import.
 */
async function cache(count: number): Promise<CachedPet[]> {
  const rows = await cachedPets(
    Array.from({ length: count }, (_, i) => ({
      id: String(10 + i),
      name: i % 2 === 0 ? `Zoë ${i}` : `MAX  ${i}`,
      categoryId: '2',
    })),
    { now: 1_000 },
  );
  return rows.map((row, i) => {
    if (i % 7 !== 0) return row;
    const desk = { ...row, typedAt: 5, sentAt: 6, cardDue: 1 as const };
    return i % 14 === 0 ? { ...desk, imported: 1 as const } : desk;
  });
}

async function read(rows: readonly unknown[]) {
  const db = freshProfileDb();
  opened.push(db);
  await db.pets.bulkPut(rows as CachedPet[]);
  const chunks: PetColumns[] = [];
  const backend = db.backendDB();
  const end = await readIndexRows(backend, IDBKeyRange, (columns) => chunks.push(columns));
  return { chunks, end, stored: await db.pets.toArray() };
}

describe('readIndexRows', () => {
  it('hands over every row as stored, a chunk at a time, with its name folded', async () => {
    const rows = await cache(2_500);
    const { chunks, end, stored } = await read(rows);

    expect(chunks.length).toBeGreaterThan(1);
    const handed = chunks.flatMap(rowsOf);
    // By primary key, as stored; fields a row lacks stay absent.
    expect(handed).toStrictEqual(stored);
    expect(chunks.flatMap((c) => c.folded)).toEqual(
      stored.map((row) => row.name.toLowerCase().replace('ë', 'e').replace(/\s+/g, ' ')),
    );
    expect(end.skipped).toBe(0);
  });

  it('gives the rows it handed over in the list order', async () => {
    const { chunks, end } = await read(await cache(1_200));
    const orders = chunks.flatMap((c) => c.order);
    const listed = Array.from(end.listOrder, (at) => orders[at]);
    expect(listed).toEqual([...orders].sort());
    // Newest id first, as the list shows them.
    expect(chunks.flatMap((c) => c.key)[end.listOrder[0]!]).toBe(String(10 + 1_199));
  });

  it('leaves damaged rows out and counts them, wherever they fall', async () => {
    const good = await cache(1_500);
    const damaged = [
      { ...good[3]!, key: 'bad-name', name: 42 },
      { ...good[4]!, key: 'zz-bad-order', order: '' },
      { key: 'bad-everything' },
    ];
    const { chunks, end } = await read([...good, ...damaged]);
    expect(end.skipped).toBe(3);
    expect(chunks.flatMap((c) => c.key).sort()).toEqual(good.map((row) => row.key).sort());
    expect(end.listOrder).toHaveLength(good.length);
  });
});
