import { describe, expect, it } from 'vitest';
import { KEEP_PHOTO, type RecordFields } from '../../../../src/data/intake-record';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { claimEntry, completeEntry, markNeedsAttention } from '../../../../src/data/send-steps';
import { addDays, localDayOf } from '../../../../src/records/local-day';
import { paperFor } from '../../../../src/overview/shift-paper';
import { readShiftSheet } from '../../../../src/overview/shift-sheet';
import { freshProfileDb } from '../data/test-db';

const draft = (fields: RecordFields) => ({ fields, photo: KEEP_PHOTO });

describe('readShiftSheet', () => {
  it('lists today’s intake with IDs, what waits or needs staff, cards due, holds and outcomes', async () => {
    const db = freshProfileDb();
    const today = localDayOf(Date.now());
    const tomorrow = addDays(today, 1);
    const sent = async (name: string, id: string, fields: RecordFields): Promise<void> => {
      const queued = await enqueueIntake(db, 'local', { name, categoryId: '2' }, draft(fields));
      const entry = await claimEntry(db, queued.outboxId);
      if (entry === null) throw new Error('not claimed');
      await completeEntry(db, entry, { id, name, categoryId: '2' });
    };
    await sent('Stray Sam', '501', { intakeType: 'stray', kennel: 'K1', holdUntil: tomorrow });
    await sent('Adopted Ann', '502', { outcome: 'adopted', outcomeOn: today });
    await enqueueIntake(db, 'local', { name: 'Waiting Wes', categoryId: '3' });
    const refused = await enqueueIntake(db, 'local', { name: 'Refused Rae', categoryId: '3' });
    const claimed = await claimEntry(db, refused.outboxId);
    if (claimed === null) throw new Error('not claimed');
    await markNeedsAttention(db, claimed, { kind: 'invalid-argument', message: 'No.' });

    const sheet = await readShiftSheet(db, Date.now());

    expect(sheet.today).toBe(today);
    expect(sheet.intake.lines.map(({ name, id, type }) => ({ name, id, type }))).toEqual(
      expect.arrayContaining([
        { name: 'Stray Sam', id: '501', type: 'stray' },
        { name: 'Adopted Ann', id: '502', type: null },
        { name: 'Waiting Wes', id: null, type: null },
        { name: 'Refused Rae', id: null, type: null },
      ]),
    );
    expect(sheet.intake.lines).toHaveLength(4);
    expect(sheet.waiting.lines.map((l) => [l.name, l.state])).toEqual([['Waiting Wes', 'waiting']]);
    expect(sheet.attention.lines.map((l) => [l.name, l.state])).toEqual([
      ['Refused Rae', 'refused'],
    ]);
    expect(sheet.cardsDue.lines.map((l) => l.id)).toEqual(['502', '501']);
    expect(sheet.holdsToday).toEqual([]);
    expect(sheet.holdsTomorrow).toEqual([
      { key: '501', name: 'Stray Sam', id: '501', kennel: 'K1' },
    ]);
    expect(sheet.outcomes).toEqual([
      { key: '502', name: 'Adopted Ann', id: '502', outcome: 'adopted' },
    ]);
    expect(sheet.setAside).toBe(0);
  });

  it('says there is nothing on an empty day', async () => {
    const sheet = await readShiftSheet(freshProfileDb(), Date.now());
    expect([sheet.intake, sheet.waiting, sheet.attention, sheet.cardsDue]).toEqual(
      Array(4).fill({ lines: [], more: 0 }),
    );
  });
});

describe('paperFor', () => {
  it('is Letter where Letter is the office paper, A4 elsewhere', () => {
    expect(paperFor('en-US')).toBe('letter');
    expect(paperFor('es-MX')).toBe('letter');
    expect(paperFor('es-ES')).toBe('a4');
    expect(paperFor('en-GB')).toBe('a4');
    expect(paperFor('not a locale')).toBe('a4');
  });
});
