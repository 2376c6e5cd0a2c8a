import { describe, expect, it } from 'vitest';
import type { HistoryEvent, HistoryKind } from '../../../../src/data/history-event';
import { readAllHistory, readHistory, type HistoryQuery } from '../../../../src/data/history-reads';
import { freshProfileDb } from './test-db';

const day = (date: number, hour = 0): number => new Date(2026, 10, date, hour).getTime();
const ALL: HistoryQuery = { span: null, kind: null, text: '' };

function row(at: number, kind: HistoryKind, more: Partial<HistoryEvent> = {}): HistoryEvent {
  return { key: `${at}-${kind}-${more.name ?? ''}`, at, kind, desk: 'Front desk', ...more };
}

describe('reading the desk history', () => {
  it('gives a day newest first, only as many as asked, and says when more match', async () => {
    const db = freshProfileDb();
    const rows = Array.from({ length: 250 }, (_, i) =>
      row(day(27, 8) + i * 60_000, 'typed', { name: `Kit ${i}` }),
    );
    await db.history.bulkPut([...rows, row(day(26, 12), 'sent', { name: 'Yesterday' })]);
    const query: HistoryQuery = { span: { from: day(27), to: day(28) }, kind: null, text: '' };

    const first = await readHistory(db, query, 100);
    expect(first.rows.map((r) => r.name)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Kit ${249 - i}`),
    );
    expect(first.more).toBe(true);

    const all = await readHistory(db, query, 300);
    expect(all.rows).toHaveLength(250);
    expect(all.more).toBe(false);
    expect((await readHistory(db, ALL, 300)).rows.at(-1)?.name).toBe('Yesterday');
  });

  it('finds by kind, by part of a name (accents and case aside) and by a whole ID', async () => {
    const db = freshProfileDb();
    await db.history.bulkPut([
      row(day(27, 9), 'typed', { name: 'Zoë Pepper', petKey: 'local:1' }),
      row(day(27, 10), 'sent', { name: 'Zoë Pepper', petKey: 'pet:4210', petId: '4210' }),
      row(day(27, 11), 'sent', { name: 'Marlowe', petKey: 'pet:42', petId: '42' }),
      row(day(27, 12), 'imported', { batch: 'intake.csv', count: 3 }),
    ]);
    const names = async (query: Partial<HistoryQuery>): Promise<string[]> =>
      (await readAllHistory(db, { ...ALL, ...query })).map((r) => `${r.kind} ${r.name ?? '-'}`);

    expect(await names({ kind: 'sent' })).toEqual(['sent Marlowe', 'sent Zoë Pepper']);
    expect(await names({ text: '  ZOE pep ' })).toEqual(['sent Zoë Pepper', 'typed Zoë Pepper']);
    // A whole ID, leading zeros aside: 42 is not part of 4210.
    expect(await names({ text: '0042' })).toEqual(['sent Marlowe']);
    expect(await names({ text: 'zoe', kind: 'typed' })).toEqual(['typed Zoë Pepper']);
    expect(await names({ text: 'nobody' })).toEqual([]);
  });

  it('keeps a day to its own acts, midnight belonging to the day it starts', async () => {
    const db = freshProfileDb();
    await db.history.bulkPut([
      row(day(27), 'typed', { name: 'At midnight' }),
      row(day(28) - 1, 'typed', { name: 'Last of the day' }),
      row(day(28), 'typed', { name: 'Next day' }),
    ]);

    const rows = await readAllHistory(db, { ...ALL, span: { from: day(27), to: day(28) } });

    expect(rows.map((r) => r.name)).toEqual(['Last of the day', 'At midnight']);
  });
});
