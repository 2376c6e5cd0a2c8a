/**
 * A litter's place on each animal's intake record: written in the queueing
 * transaction, the first animal joined when the second is queued wherever it
 * is by then, kept by every later save of the record, by sending, by a desk
 * file and by the move to the desktop app's origin.
 */
import { describe, expect, it } from 'vitest';
import type { NewPet } from '../../../../electron/contract/pet';
import type { KennelDb } from '../../../../src/data/db';
import { contentsProblem } from '../../../../src/data/desk-checks';
import type { ProfileContents } from '../../../../src/data/desk-contents';
import { correctEntry } from '../../../../src/data/correction';
import { KEEP_PHOTO, type IntakeRecord } from '../../../../src/data/intake-record';
import { readLitterAnimals } from '../../../../src/data/litter';
import { movedRowProblem } from '../../../../src/data/moved-checks';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { claimEntry, completeEntry } from '../../../../src/data/send-steps';
import { takeBack } from '../../../../src/data/take-back';
import { recordProblem } from '../../../../src/data/record-checks';
import { readRecord, saveRecord } from '../../../../src/data/records';
import { mergeRecords } from '../../../../src/desk-file/record-merge';
import { freshProfileDb } from './test-db';

const LITTER = 'litter-1';
const kitten = (name: string): NewPet => ({ name, categoryId: '3' });
const shared = { fields: { kennel: 'Cats 4', intakeType: 'stray' as const }, photo: KEEP_PHOTO };

async function send(db: KennelDb, outboxId: string, id: string, name: string): Promise<void> {
  const claimed = await claimEntry(db, outboxId);
  if (claimed === null) throw new Error('not claimed');
  await completeEntry(db, claimed, { id, name, categoryId: '3' });
}

describe('queueing a litter-mate', () => {
  it('places it, and joins the first animal when the second is queued', async () => {
    const db = freshProfileDb();
    const first = await enqueueIntake(db, 'local', kitten('Ada'), shared);
    expect((await readRecord(db, first.localKey))?.litter).toBeUndefined();

    const second = await enqueueIntake(db, 'local', kitten('Bo'), shared, {
      id: LITTER,
      place: 2,
      firstOutboxId: first.outboxId,
    });

    expect(await readRecord(db, first.localKey)).toMatchObject({
      kennel: 'Cats 4',
      litter: { id: LITTER, place: 1 },
    });
    expect(await readRecord(db, second.localKey)).toMatchObject({
      kennel: 'Cats 4',
      litter: { id: LITTER, place: 2 },
    });
  });

  it('joins a first animal already sent under its ID, and one that had no record', async () => {
    const db = freshProfileDb();
    const first = await enqueueIntake(db, 'local', kitten('Ada'));
    await send(db, first.outboxId, '9007199254740993', 'Ada');

    await enqueueIntake(db, 'local', kitten('Bo'), shared, {
      id: LITTER,
      place: 2,
      firstOutboxId: first.outboxId,
    });

    expect(await readRecord(db, '9007199254740993')).toMatchObject({
      litter: { id: LITTER, place: 1 },
    });
  });

  it('leaves a first animal already placed as it is, and a first taken back out', async () => {
    const db = freshProfileDb();
    const first = await enqueueIntake(db, 'local', kitten('Ada'), shared);
    await enqueueIntake(db, 'local', kitten('Bo'), shared, {
      id: LITTER,
      place: 2,
      firstOutboxId: first.outboxId,
    });
    await enqueueIntake(db, 'local', kitten('Cy'), shared, {
      id: LITTER,
      place: 3,
      firstOutboxId: first.outboxId,
    });
    expect((await readRecord(db, first.localKey))?.litter).toEqual({ id: LITTER, place: 1 });

    const gone = await enqueueIntake(db, 'local', kitten('Di'), shared);
    expect((await takeBack(db, [gone.outboxId])).withdrawn).toBe(1);
    await enqueueIntake(db, 'local', kitten('Ed'), shared, {
      id: 'litter-2',
      place: 2,
      firstOutboxId: gone.outboxId,
    });
    expect(await db.records.get(gone.localKey)).toBeUndefined();
  });

  it('stores nothing of the litter when the animal cannot be stored', async () => {
    const db = freshProfileDb();
    const first = await enqueueIntake(db, 'local', kitten('Ada'), shared);
    const notes = (() => 'not text') as unknown as string;
    await expect(
      enqueueIntake(
        db,
        'local',
        kitten('Bo'),
        { fields: { notes }, photo: KEEP_PHOTO },
        { id: LITTER, place: 2, firstOutboxId: first.outboxId },
      ),
    ).rejects.toMatchObject({ name: 'DataCloneError' });
    expect((await readRecord(db, first.localKey))?.litter).toBeUndefined();
  });
});

describe('a litter-mate’s place', () => {
  it('is kept by a correction in the hold, a save in the details, even an emptied record, and sending', async () => {
    const db = freshProfileDb();
    const { outboxId, localKey } = await enqueueIntake(db, 'local', kitten('Bo'), shared, {
      id: LITTER,
      place: 2,
    });

    await correctEntry(db, outboxId, kitten('Bob'), {
      fields: { kennel: 'Cats 5' },
      photo: KEEP_PHOTO,
    });
    expect(await readRecord(db, localKey)).toMatchObject({
      kennel: 'Cats 5',
      litter: { id: LITTER, place: 2 },
    });
    await saveRecord(db, localKey, { fields: {}, photo: KEEP_PHOTO });
    expect(await readRecord(db, localKey)).toMatchObject({ litter: { id: LITTER, place: 2 } });
    expect((await readRecord(db, localKey))?.kennel).toBeUndefined();

    await send(db, outboxId, '77', 'Bob');
    expect(await readRecord(db, '77')).toMatchObject({
      key: '77',
      litter: { id: LITTER, place: 2 },
    });
    expect(await db.records.get(localKey)).toBeUndefined();
  });

  it('reads the litter’s animals in the order asked, under their keys now', async () => {
    const db = freshProfileDb();
    const first = await enqueueIntake(db, 'local', kitten('Ada'), shared);
    const second = await enqueueIntake(db, 'local', kitten('Bo'), shared);
    await send(db, first.outboxId, '41', 'Ada');

    const animals = await readLitterAnimals(db, [second.localKey, '41', 'local:gone']);
    expect(animals.map((pet) => [pet.name, pet.id])).toEqual([
      ['Bo', null],
      ['Ada', '41'],
    ]);
  });
});

describe('a record with a litter, checked and merged', () => {
  const sound: IntakeRecord = { key: '41', updatedAt: 1, litter: { id: LITTER, place: 2 } };

  it('is sound as the app writes it, and a damaged place is named', () => {
    expect(recordProblem(sound)).toBeNull();
    for (const litter of [
      'litter-1',
      { id: '', place: 1 },
      { id: LITTER },
      { id: LITTER, place: 0 },
      { id: LITTER, place: 1.5 },
      { id: 7, place: 1 },
    ]) {
      expect(recordProblem({ ...sound, litter }), JSON.stringify(litter)).toBe(
        'litter is not a place in one',
      );
    }
  });

  it('comes through the move to the desktop app’s origin and a desk file', () => {
    expect(movedRowProblem('records', sound)).toBeNull();
    const contents: ProfileContents = {
      profile: 'local',
      serviceUrl: '',
      settings: { holdSeconds: 0, strayHoldDays: 3 },
      categories: [],
      records: [sound],
      photos: [],
      animals: [],
      queue: [],
      history: [],
    };
    expect(contentsProblem(contents)).toBeNull();
    // A file written by anything but Kennel may hold what its types never allow.
    const damaged = { ...sound, litter: { id: LITTER } } as unknown as IntakeRecord;
    expect(contentsProblem({ ...contents, records: [damaged] })).toBe(
      'litter is not a place in one',
    );
  });

  it('keeps this desk’s litter when a desk file is added, and takes the file’s when it has none', () => {
    const photos = { desk: null, file: null };
    const theirs: IntakeRecord = { key: '41', updatedAt: 5, litter: { id: 'theirs', place: 4 } };
    const plain: IntakeRecord = { key: '41', updatedAt: 9, kennel: 'Cats 4' };

    expect(mergeRecords(sound, theirs, photos, () => 'file').record.litter).toEqual(sound.litter);
    expect(mergeRecords(plain, theirs, photos, () => 'desk').record).toMatchObject({
      kennel: 'Cats 4',
      litter: theirs.litter,
    });
    expect(mergeRecords(plain, plain, photos, () => 'desk').record.litter).toBeUndefined();
  });
});
