import { describe, expect, it } from 'vitest';
import type { IntakeRecord } from '../../../../src/data/intake-record';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { startOfLocalDay } from '../../../../src/format/clock';
import { namedKeys, recordDay } from '../../../../src/overview/record-day';
import { readDay, readNames } from '../../../../src/overview/reads';
import { freshProfileDb } from '../data/test-db';

/** A local time in November 2026. */
function at(hour: number, day = 28): number {
  return new Date(2026, 10, day, hour).getTime();
}

const NOW = at(15);

function record(key: string, fields: Partial<IntakeRecord>): IntakeRecord {
  return { key, updatedAt: 0, ...fields };
}

describe('the Overview’s day from the intake records', () => {
  it('counts today’s intake by how each animal came in, in the intake sheet’s order, unknown last', () => {
    const day = recordDay(
      [
        record('a', { intakeType: 'surrender', intakeAt: at(9) }),
        record('b', { intakeType: 'stray', intakeAt: at(10) }),
        record('c', { intakeType: 'stray', intakeAt: at(0) }),
        record('d', { intakeAt: at(11) }),
        // Came in yesterday, or at midnight starting tomorrow: not today.
        record('e', { intakeType: 'seized', intakeAt: at(23, 27) }),
        record('f', { intakeType: 'seized', intakeAt: at(0, 29) }),
      ],
      [],
      NOW,
    );
    expect(day.intake).toEqual([
      { type: 'stray', count: 2 },
      { type: 'surrender', count: 1 },
      { type: null, count: 1 },
    ]);
  });

  it('counts an animal typed today without an intake time, and not one typed today that came in before', () => {
    const day = recordDay(
      [
        record('typed-stray', { intakeType: 'stray' }),
        record('typed-late', { intakeType: 'transfer-in', intakeAt: at(9, 20) }),
        record('typed-now', { intakeType: 'return', intakeAt: at(14) }),
      ],
      ['typed-stray', 'no-record', 'typed-late', 'typed-now', 'no-record'],
      NOW,
    );
    expect(day.intake).toEqual([
      { type: 'stray', count: 1 },
      { type: 'return', count: 1 },
      { type: null, count: 1 },
    ]);
  });

  it('lists the holds ending today and tomorrow, not later ones nor those with an outcome', () => {
    const day = recordDay(
      [
        record('today', { holdUntil: '2026-11-28', kennel: ' Dogs B3 ' }),
        record('tomorrow', { holdUntil: '2026-11-29', kennel: '' }),
        record('later', { holdUntil: '2026-11-30' }),
        record('over', { holdUntil: '2026-11-27' }),
        record('claimed', {
          holdUntil: '2026-11-28',
          outcome: 'returned-to-owner',
          outcomeOn: '2026-11-28',
        }),
      ],
      [],
      NOW,
    );
    expect(day.holdsToday).toEqual([{ key: 'today', kennel: 'Dogs B3' }]);
    expect(day.holdsTomorrow).toEqual([{ key: 'tomorrow', kennel: null }]);
    expect(day.outcomesToday).toEqual([{ key: 'claimed', outcome: 'returned-to-owner' }]);
    expect(namedKeys(day)).toEqual(['claimed', 'today', 'tomorrow']);
  });

  it('keeps to today’s outcomes', () => {
    const day = recordDay(
      [
        record('adopted', { outcome: 'adopted', outcomeOn: '2026-11-28' }),
        record('yesterday', { outcome: 'adopted', outcomeOn: '2026-11-27' }),
      ],
      [],
      NOW,
    );
    expect(day.outcomesToday).toEqual([{ key: 'adopted', outcome: 'adopted' }]);
  });

  it('follows the last day of the month and of the year into the next', () => {
    const day = recordDay(
      [record('new-year', { holdUntil: '2027-01-01' })],
      [],
      new Date(2026, 11, 31, 23, 30).getTime(),
    );
    expect(day.holdsTomorrow.map((line) => line.key)).toEqual(['new-year']);
  });
});

describe('what the Overview reads for the records', () => {
  it('reads the keys of today’s intake and the names of the animals it names', async () => {
    const db = freshProfileDb();
    const queued = await enqueueIntake(db, 'local', { name: 'Biscuit', categoryId: '2' });
    const entry = await db.outbox.get(queued.outboxId);
    if (entry === undefined) throw new Error('no entry');
    const day = await readDay(db, startOfLocalDay(entry.createdAt));
    expect(day.typedKeys).toEqual([entry.localKey]);

    const answer = await readNames(db, [entry.localKey, 'gone']);
    expect([...answer.names]).toEqual([[entry.localKey, 'Biscuit']]);
    expect((await readNames(db, [])).names.size).toBe(0);
    db.close();
  });
});
