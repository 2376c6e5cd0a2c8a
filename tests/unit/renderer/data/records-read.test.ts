import { describe, expect, it } from 'vitest';
import { readAllRecords } from '../../../../src/data/records';
import { freshProfileDb } from './test-db';

describe('readAllRecords', () => {
  it('reads every record across its chunks, in key order, leaving damaged rows out', async () => {
    const db = freshProfileDb();
    const keys = Array.from({ length: 2_500 }, (_, i) => String(100_000 + i));
    await db.records.bulkPut(keys.map((key, i) => ({ key, updatedAt: 1, kennel: `Pen ${i}` })));
    // Damaged rows, one at a chunk's last place and one at the next chunk's first.
    const damaged = [keys[999], keys[1_000]] as string[];
    for (const key of damaged) {
      await db.records.put({ key, updatedAt: 'yesterday' } as unknown as never);
    }
    const read = await readAllRecords(db);
    expect(read.map((r) => r.key)).toEqual(keys.filter((key) => !damaged.includes(key)));
    expect(read[0]).toEqual({ key: '100000', updatedAt: 1, kennel: 'Pen 0' });
  });

  it('reads none from an empty table, and a table of exactly one chunk', async () => {
    const db = freshProfileDb();
    expect(await readAllRecords(db)).toEqual([]);
    await db.records.bulkPut(
      Array.from({ length: 1_000 }, (_, i) => ({
        key: `k${String(i).padStart(4, '0')}`,
        updatedAt: 1,
      })),
    );
    expect(await readAllRecords(db)).toHaveLength(1_000);
  });
});
