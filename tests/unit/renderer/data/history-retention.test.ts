import { describe, expect, it } from 'vitest';
import type { KennelDb } from '../../../../src/data/db';
import {
  MAX_HISTORY_DAYS,
  pruneHistory,
  readHistoryDays,
  saveHistoryDays,
} from '../../../../src/data/history-retention';
import { event } from '../desk-file/desk-fixtures';
import { testRandom } from '../support/seed';
import { freshProfileDb } from './test-db';

// The specification: history is kept 180 days unless staff choose otherwise.
const DEFAULT_HISTORY_DAYS = 180;

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 28, 12);

/** `count` rows, each `days` days (and a random part of a day less) before {@link NOW}. */
async function rowsAged(db: KennelDb, days: number, count: number, prefix: string) {
  const random = testRandom();
  const rows = Array.from({ length: count }, (_, i) =>
    event(`${prefix}-${i}`, NOW - days * DAY + Math.floor(random() * (DAY - 1)) + 1),
  );
  await db.history.bulkAdd(rows);
  return rows.map((row) => row.key);
}

describe('how long the desk keeps its history', () => {
  it('is half a year until staff choose, kept per profile, whole days within bounds', async () => {
    const db = freshProfileDb();
    expect(await readHistoryDays(db)).toBe(DEFAULT_HISTORY_DAYS);
    expect(await saveHistoryDays(db, 30.4)).toBe(30);
    expect(await readHistoryDays(db)).toBe(30);
    expect(await readHistoryDays(freshProfileDb('staging'))).toBe(DEFAULT_HISTORY_DAYS);
    expect(await saveHistoryDays(db, 0)).toBe(1);
    expect(await saveHistoryDays(db, 1e9)).toBe(MAX_HISTORY_DAYS);
    await db.meta.put({ key: 'history.keepDays', value: 'forever' });
    expect(await readHistoryDays(db)).toBe(DEFAULT_HISTORY_DAYS);
  });

  it('removes only the rows older than the profile keeps, many batches of them', async () => {
    const db = freshProfileDb();
    const kept = await rowsAged(db, 180, 30, 'kept');
    await rowsAged(db, 181, 450, 'old');
    await rowsAged(db, 400, 5, 'older');

    expect(await pruneHistory(db, NOW)).toBe(455);
    expect((await db.history.toCollection().primaryKeys()).sort()).toEqual([...kept].sort());
    expect(await pruneHistory(db, NOW)).toBe(0);
  });

  it('applies a shorter length chosen later at the next pass', async () => {
    const db = freshProfileDb();
    const recent = await rowsAged(db, 7, 3, 'week');
    await rowsAged(db, 30, 3, 'month');
    expect(await pruneHistory(db, NOW)).toBe(0);
    await saveHistoryDays(db, 7);
    expect(await pruneHistory(db, NOW)).toBe(3);
    expect((await db.history.toCollection().primaryKeys()).sort()).toEqual([...recent].sort());
  });
});
