import { describe, expect, it } from 'vitest';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { upsertServicePets } from '../../../../src/data/pets';
import { saveRecord } from '../../../../src/data/records';
import { lookUpNumber, type NumberAnswer } from '../../../../src/records/chip-first';
import { freshProfileDb } from '../data/test-db';

const KEEP = { kind: 'keep' } as const;
/** A 15-digit number that is the ID of Rex below. */
const REX_ID = '985141000000001';

/** Rex (ID 985141000000001), Pip (ID 7) and Ash (ID 8); Pip's chip is Rex's ID. */
async function shelter() {
  const db = freshProfileDb();
  await upsertServicePets(db, [
    { id: REX_ID, name: 'Rex', categoryId: '1', status: 'available' },
    { id: '7', name: 'Pip', categoryId: '1', status: 'available' },
    { id: '8', name: 'Ash', categoryId: '1', status: 'sold' },
  ]);
  await saveRecord(db, '7', { fields: { chip: REX_ID }, photo: KEEP });
  await saveRecord(db, '8', { fields: { chip: '040098100123456' }, photo: KEEP });
  return db;
}

/** The answer with each animal as its name (or ID) and how it was found. */
function named(answer: NumberAnswer): unknown {
  if (answer.kind === 'unknown') return answer;
  const matches = answer.kind === 'open' ? [answer.match] : answer.matches;
  const shown = matches.map((m) => `${m.row?.name ?? `ID ${m.id ?? '?'}`} by ${m.by}`);
  return answer.kind === 'open' ? { open: shown[0] } : { choose: shown, chip: answer.chip };
}

describe('a 15-digit number, chip first', () => {
  it('opens the animal whose record has the chip, typed or spaced, leading zeros kept', async () => {
    const db = await shelter();
    expect(named(await lookUpNumber(db, '040098100123456'))).toEqual({ open: 'Ash by chip' });
    expect(named(await lookUpNumber(db, '040 098 100 123 456'))).toEqual({ open: 'Ash by chip' });
  });

  it('opens the animal with that ID when no record has the chip', async () => {
    const db = await shelter();
    await saveRecord(db, '7', { fields: {}, photo: KEEP });
    expect(named(await lookUpNumber(db, REX_ID))).toEqual({ open: 'Rex by id' });
  });

  it('offers both when the number is one animal’s ID and another’s chip, the ID first', async () => {
    const db = await shelter();
    expect(named(await lookUpNumber(db, REX_ID))).toEqual({
      choose: ['Rex by id', 'Pip by chip'],
      chip: REX_ID,
    });
  });

  it('opens an animal whose chip is its own ID once, not twice', async () => {
    const db = await shelter();
    await saveRecord(db, '7', { fields: {}, photo: KEEP });
    await saveRecord(db, REX_ID, { fields: { chip: REX_ID }, photo: KEEP });
    expect(named(await lookUpNumber(db, REX_ID))).toEqual({ open: 'Rex by id' });
  });

  it('offers every animal with the chip when several have it, waiting ones too', async () => {
    const db = await shelter();
    const chip = '900000000000042';
    await saveRecord(db, '8', { fields: { chip }, photo: KEEP });
    await enqueueIntake(
      db,
      'local',
      { name: 'Walk-in', categoryId: '2' },
      {
        fields: { chip },
        photo: KEEP,
      },
    );
    const answer = named(await lookUpNumber(db, chip));
    expect(answer).toEqual({
      choose: expect.arrayContaining(['Ash by chip', 'Walk-in by chip']),
      chip,
    });
    expect((answer as { choose: string[] }).choose).toHaveLength(2);
  });

  it('offers an animal whose row is gone by its ID, and skips a waiting one taken back', async () => {
    const db = await shelter();
    await db.pets.delete('8');
    expect(named(await lookUpNumber(db, '040098100123456'))).toEqual({ open: 'ID 8 by chip' });
    await saveRecord(db, 'local:gone', { fields: { chip: '900000000000077' }, photo: KEEP });
    expect(await lookUpNumber(db, '900000000000077')).toEqual({
      kind: 'unknown',
      chip: '900000000000077',
      id: '900000000000077',
    });
  });

  it('names the chip and the ID it may still be at the service when nothing here has either', async () => {
    const db = await shelter();
    expect(await lookUpNumber(db, '040 000 000 000 009')).toEqual({
      kind: 'unknown',
      chip: '040000000000009',
      id: '40000000000009',
    });
  });
});
