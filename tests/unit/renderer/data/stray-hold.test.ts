import { describe, expect, it } from 'vitest';
import { openProfileDb } from '../../../../src/data/db';
import { readStrayHoldDays, saveStrayHoldDays } from '../../../../src/data/stray-hold';
import { closeDb, freshIdb, freshProfileDb } from './test-db';

describe('the stray hold of a profile', () => {
  it('is 3 days until one is chosen', async () => {
    expect(await readStrayHoldDays(freshProfileDb())).toBe(3);
  });

  it('is the number of days chosen, from 0 to 30', async () => {
    const db = freshProfileDb();
    for (const days of [0, 7, 30]) {
      expect(await saveStrayHoldDays(db, days)).toBe(days);
      expect(await readStrayHoldDays(db)).toBe(days);
    }
  });

  it('is kept within 0 to 30 whole days', async () => {
    const db = freshProfileDb();
    const saved: [number, number, number][] = [];
    for (const days of [-2, 31, 365, 2.6, 0.4]) {
      saved.push([days, await saveStrayHoldDays(db, days), await readStrayHoldDays(db)]);
    }
    expect(saved).toEqual([
      [-2, 0, 0],
      [31, 30, 30],
      [365, 30, 30],
      [2.6, 3, 3],
      [0.4, 0, 0],
    ]);
  });

  it('is the default when the number chosen is not one, or the stored one is damaged', async () => {
    const db = freshProfileDb();
    expect(await saveStrayHoldDays(db, Number.NaN)).toBe(3);
    await db.meta.put({ key: 'records.strayHoldDays', value: 'a week' });
    expect(await readStrayHoldDays(db)).toBe(3);
    await db.meta.put({ key: 'records.strayHoldDays', value: 90 });
    expect(await readStrayHoldDays(db)).toBe(30);
  });

  it('belongs to each profile’s own database', async () => {
    const idb = freshIdb();
    const local = freshProfileDb('local', idb);
    const staging = freshProfileDb('staging', idb);
    await saveStrayHoldDays(local, 14);
    expect(await readStrayHoldDays(staging)).toBe(3);
    await saveStrayHoldDays(staging, 1);
    expect(await readStrayHoldDays(local)).toBe(14);
    closeDb('local', idb);
    expect(await readStrayHoldDays(openProfileDb('local', idb))).toBe(14);
  });
});
