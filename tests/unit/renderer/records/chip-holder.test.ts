import { describe, expect, it } from 'vitest';
import { KEEP_PHOTO } from '../../../../src/data/intake-record';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { claimEntry, completeEntry } from '../../../../src/data/send-steps';
import { upsertServicePets } from '../../../../src/data/pets';
import { saveRecord } from '../../../../src/data/records';
import { findChipHolder } from '../../../../src/records/chip-holder';
import { freshProfileDb } from '../data/test-db';

const CHIP = '985141000123456';
const withChip = (chip: string) => ({ fields: { chip }, photo: KEEP_PHOTO });

describe('the animal a chip is recorded for', () => {
  it('is nobody when no record has the chip', async () => {
    const db = freshProfileDb();
    await enqueueIntake(db, 'local', { name: 'Bella', categoryId: '2' }, withChip('123456789'));
    expect(await findChipHolder(db, CHIP)).toBeNull();
  });

  it('is an animal still waiting to be sent, by its name', async () => {
    const db = freshProfileDb();
    const { localKey } = await enqueueIntake(
      db,
      'local',
      { name: 'Bella', categoryId: '2' },
      withChip(CHIP),
    );
    expect(await findChipHolder(db, CHIP)).toEqual({ key: localKey, name: 'Bella', id: null });
  });

  it('is an animal already sent, by its name and ID', async () => {
    const db = freshProfileDb();
    const { outboxId } = await enqueueIntake(
      db,
      'local',
      { name: 'Bella', categoryId: '2' },
      withChip(CHIP),
    );
    const claimed = await claimEntry(db, outboxId);
    if (claimed === null) throw new Error('not claimed');
    await completeEntry(db, claimed, { id: '77', name: 'Bella', categoryId: '2' });
    expect(await findChipHolder(db, CHIP)).toEqual({ key: '77', name: 'Bella', id: '77' });
  });

  it('is an animal of the service whose row is no longer listed, by its ID', async () => {
    const db = freshProfileDb();
    await saveRecord(db, '9007199254740993', withChip(CHIP));
    expect(await findChipHolder(db, CHIP)).toEqual({
      key: '9007199254740993',
      name: null,
      id: '9007199254740993',
    });
  });

  it('is not a waiting animal whose row is gone, but the next animal with the chip', async () => {
    const db = freshProfileDb();
    await saveRecord(db, 'local:0-gone', withChip(CHIP));
    expect(await findChipHolder(db, CHIP)).toBeNull();

    await upsertServicePets(db, [{ id: '78', name: 'Rex', categoryId: '2' }]);
    await saveRecord(db, '78', withChip(CHIP));
    expect(await findChipHolder(db, CHIP)).toEqual({ key: '78', name: 'Rex', id: '78' });
  });
});
