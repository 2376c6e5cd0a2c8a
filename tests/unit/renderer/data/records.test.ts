import { describe, expect, it } from 'vitest';
import type { KennelDb } from '../../../../src/data/db';
import {
  KEEP_PHOTO,
  type PhotoChange,
  type RecordDraft,
  type RecordFields,
} from '../../../../src/data/intake-record';
import { recordProblem } from '../../../../src/data/record-checks';
import {
  putRecordIn,
  readAllRecords,
  readPhoto,
  readRecord,
  recordsWithChip,
  saveRecord,
} from '../../../../src/data/records';
import { freshProfileDb } from './test-db';

const CHIP = '985141000123456';
const PHOTO: PhotoChange = {
  kind: 'set',
  dataUrl: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
  width: 800,
  height: 600,
};

function draft(fields: RecordFields, photo: PhotoChange = KEEP_PHOTO): RecordDraft {
  return { fields, photo };
}

/** Writes `row` into the `records` table as it is, as a damaged or foreign row would be. */
async function writeRaw(db: KennelDb, row: object): Promise<void> {
  await db.table('records').put(row);
}

describe('saving a record', () => {
  it('stores its fields under the animal’s key, with the time of the change', async () => {
    const db = freshProfileDb();
    const before = Date.now();
    await saveRecord(db, '42', draft({ chip: CHIP, sex: 'female', kennel: 'Dogs B3' }));

    const record = await readRecord(db, '42');
    expect(record).toMatchObject({ key: '42', chip: CHIP, sex: 'female', kennel: 'Dogs B3' });
    expect(record?.hasPhoto).toBeUndefined();
    expect(record?.updatedAt).toBeGreaterThanOrEqual(before);
    expect(await db.photos.count()).toBe(0);
  });

  it('replaces the fields as a whole: a field left out is gone', async () => {
    const db = freshProfileDb();
    await saveRecord(db, '42', draft({ breed: 'Podenco', notes: 'Shy' }));
    await saveRecord(db, '42', draft({ breed: 'Galgo' }));
    const record = await readRecord(db, '42');
    expect(record?.breed).toBe('Galgo');
    expect(record).not.toHaveProperty('notes');
  });

  it('stores a photo beside the record and marks the record as having one', async () => {
    const db = freshProfileDb();
    await saveRecord(db, '42', draft({ sex: 'male' }, PHOTO));
    expect((await readRecord(db, '42'))?.hasPhoto).toBe(1);
    expect(await readPhoto(db, '42')).toEqual({
      key: '42',
      dataUrl: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
      width: 800,
      height: 600,
    });
  });

  it('keeps a photo already there when the fields change', async () => {
    const db = freshProfileDb();
    await saveRecord(db, '42', draft({ sex: 'male' }, PHOTO));
    await saveRecord(db, '42', draft({ sex: 'male', kennel: 'Cats 1' }));
    expect(await readRecord(db, '42')).toMatchObject({ kennel: 'Cats 1', hasPhoto: 1 });
    expect(await readPhoto(db, '42')).toBeDefined();
  });

  it('removes the photo, and the mark, when asked to', async () => {
    const db = freshProfileDb();
    await saveRecord(db, '42', draft({ sex: 'male' }, PHOTO));
    await saveRecord(db, '42', draft({ sex: 'male' }, { kind: 'remove' }));
    const record = await readRecord(db, '42');
    expect(record?.sex).toBe('male');
    expect(record).not.toHaveProperty('hasPhoto');
    expect(await readPhoto(db, '42')).toBeUndefined();
  });

  it('removes a record left with no fields and no photo', async () => {
    const db = freshProfileDb();
    await saveRecord(db, '42', draft({ notes: 'Shy' }));
    await saveRecord(db, '42', draft({ notes: '' }));
    expect(await db.records.get('42')).toBeUndefined();

    await saveRecord(db, '43', draft({ notes: 'Shy' }, PHOTO));
    await saveRecord(db, '43', draft({}, { kind: 'remove' }));
    expect(await db.records.get('43')).toBeUndefined();
    expect(await db.photos.get('43')).toBeUndefined();
  });

  it('keeps a record of a photo alone', async () => {
    const db = freshProfileDb();
    await saveRecord(db, '42', draft({ notes: 'Shy' }, PHOTO));
    await saveRecord(db, '42', draft({}));
    const record = await readRecord(db, '42');
    expect(record).toMatchObject({ key: '42', hasPhoto: 1 });
    expect(record).not.toHaveProperty('notes');
  });

  it('writes inside a transaction of the caller’s, and nothing when that one fails', async () => {
    const db = freshProfileDb();
    await expect(
      db.transaction('rw', db.records, db.photos, async () => {
        await putRecordIn(db, '42', draft({ chip: CHIP }, PHOTO), 1);
        throw new Error('the rest of the change failed');
      }),
    ).rejects.toThrow('the rest of the change failed');
    expect(await db.records.count()).toBe(0);
    expect(await db.photos.count()).toBe(0);
  });
});

describe('reading records back', () => {
  it('leaves out a damaged row, alone or among sound ones', async () => {
    const db = freshProfileDb();
    await saveRecord(db, '1', draft({ chip: CHIP, breed: 'Podenco' }));
    await writeRaw(db, { key: '2', chip: CHIP, updatedAt: 'yesterday' });
    await writeRaw(db, { key: '3', chip: CHIP, updatedAt: 1, sex: 'F' });
    await saveRecord(db, '4', draft({ chip: '123456789' }));

    expect(await readRecord(db, '2')).toBeUndefined();
    expect(await readRecord(db, '3')).toBeUndefined();
    expect(await readRecord(db, '1')).toMatchObject({ breed: 'Podenco' });
    expect((await readAllRecords(db)).map((r) => r.key)).toEqual(['1', '4']);
    expect((await recordsWithChip(db, CHIP)).map((r) => r.key)).toEqual(['1']);
  });

  it('finds records by their whole normalised chip only', async () => {
    const db = freshProfileDb();
    await saveRecord(db, '1', draft({ chip: CHIP }));
    await saveRecord(db, '2', draft({ chip: '0A1B2C3D4E' }));
    await saveRecord(db, '3', draft({ chip: CHIP }));
    expect((await recordsWithChip(db, CHIP)).map((r) => r.key)).toEqual(['1', '3']);
    expect((await recordsWithChip(db, '0A1B2C3D4E')).map((r) => r.key)).toEqual(['2']);
    expect(await recordsWithChip(db, '123456')).toEqual([]);
    expect(await recordsWithChip(db, '0a1b2c3d4e')).toEqual([]);
  });

  it('leaves out a damaged photo', async () => {
    const db = freshProfileDb();
    await db.table('photos').put({ key: '42', dataUrl: 7, width: 1, height: 1 });
    expect(await readPhoto(db, '42')).toBeUndefined();
  });
});

describe('what is wrong with a stored record', () => {
  const sound = { key: 'local:a', updatedAt: 1 };

  it('is nothing for a record as the app writes it', () => {
    expect(recordProblem(sound)).toBeNull();
    expect(
      recordProblem({
        ...sound,
        chip: CHIP,
        sex: 'female',
        neutered: 'yes',
        birthDate: '2024-02-29',
        birthEstimated: true,
        breed: 'Podenco',
        colour: 'Tan',
        intakeType: 'born-in-care',
        intakeAt: 1_780_000_000_000,
        foundAt: 'Calle Mayor',
        kennel: 'B3',
        holdUntil: '2026-07-18',
        notes: 'Shy',
        outcome: 'returned-to-owner',
        outcomeOn: '2026-07-20',
        hasPhoto: 1,
      }),
    ).toBeNull();
  });

  it('names what is wrong', () => {
    expect(recordProblem(null)).toBe('not an object');
    expect(recordProblem('local:a')).toBe('not an object');
    expect(recordProblem({ updatedAt: 1 })).toBe('key is missing');
    expect(recordProblem({ key: '', updatedAt: 1 })).toBe('key is missing');
    expect(recordProblem({ key: 'a' })).toBe('updatedAt is not a number');
    expect(recordProblem({ key: 'a', updatedAt: Number.NaN })).toBe('updatedAt is not a number');
    expect(recordProblem({ ...sound, chip: 985141000123456 })).toBe('chip is not text');
    expect(recordProblem({ ...sound, notes: ['Shy'] })).toBe('notes is not text');
    expect(recordProblem({ ...sound, birthDate: '2024-2-29' })).toBe('birthDate is not a day');
    expect(recordProblem({ ...sound, holdUntil: 20260718 })).toBe('holdUntil is not a day');
    expect(recordProblem({ ...sound, outcomeOn: 'today' })).toBe('outcomeOn is not a day');
    expect(recordProblem({ ...sound, sex: 'F' })).toBe('sex is not one of its choices');
    expect(recordProblem({ ...sound, neutered: true })).toBe('neutered is not one of its choices');
    expect(recordProblem({ ...sound, intakeType: 'found' })).toBe(
      'intakeType is not one of its choices',
    );
    expect(recordProblem({ ...sound, outcome: 'sold' })).toBe('outcome is not one of its choices');
    expect(recordProblem({ ...sound, intakeAt: '2026-07-15T10:00' })).toBe(
      'intakeAt is not a number',
    );
    expect(recordProblem({ ...sound, intakeAt: Infinity })).toBe('intakeAt is not a number');
    expect(recordProblem({ ...sound, birthEstimated: false })).toBe('birthEstimated is not true');
    expect(recordProblem({ ...sound, hasPhoto: true })).toBe('hasPhoto is not 1');
  });
});
