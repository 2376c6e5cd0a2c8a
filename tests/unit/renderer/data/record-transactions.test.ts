/**
 * The intake record follows its animal's outbox entry: written, corrected,
 * taken back and moved to the service's ID in the entry's own transaction.
 */
import { describe, expect, it } from 'vitest';
import type { NewPet } from '../../../../electron/contract/pet';
import type { KennelDb, OutboxEntry } from '../../../../src/data/db';
import { correctEntry } from '../../../../src/data/correction';
import { takeBack, discardEntry } from '../../../../src/data/take-back';
import {
  KEEP_PHOTO,
  type PhotoChange,
  type RecordDraft,
  type RecordFields,
} from '../../../../src/data/intake-record';
import { enqueueIntake, enqueueMany } from '../../../../src/data/enqueue';
import { claimEntry, completeEntry, markNeedsAttention } from '../../../../src/data/send-steps';
import { readPhoto, readRecord } from '../../../../src/data/records';
import { freshProfileDb } from './test-db';

const CHIP = '985141000123456';
const PHOTO: PhotoChange = {
  kind: 'set',
  dataUrl: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
  width: 640,
  height: 480,
};
const BELLA: NewPet = { name: 'Bella', categoryId: '2' };

function draft(fields: RecordFields, photo: PhotoChange = KEEP_PHOTO): RecordDraft {
  return { fields, photo };
}

/** A draft IndexedDB cannot store: a function cannot be cloned. */
function unstorable(): RecordDraft {
  const notes = (() => 'not text') as unknown as string;
  return draft({ chip: CHIP, notes }, PHOTO);
}

async function entryOf(db: KennelDb, id: string): Promise<OutboxEntry> {
  const entry = await db.outbox.get(id);
  if (entry === undefined) throw new Error(`no entry ${id}`);
  return entry;
}

async function counts(db: KennelDb) {
  return {
    pets: await db.pets.count(),
    outbox: await db.outbox.count(),
    records: await db.records.count(),
    photos: await db.photos.count(),
  };
}

/** An entry the service refused, as the replayer leaves it: it needs the user's attention. */
async function refusedEntry(db: KennelDb, record?: RecordDraft): Promise<OutboxEntry> {
  const { outboxId } = await enqueueIntake(db, 'local', BELLA, record);
  const claimed = await claimEntry(db, outboxId);
  if (claimed === null) throw new Error('not claimed');
  await markNeedsAttention(db, claimed, { kind: 'validation', message: 'Refused.', status: 400 });
  return entryOf(db, outboxId);
}

describe('taking an animal in with its record', () => {
  it('writes the record and its photo under the pending row’s key', async () => {
    const db = freshProfileDb();
    const { localKey } = await enqueueIntake(db, 'local', BELLA, draft({ chip: CHIP }, PHOTO));
    expect(await db.pets.get(localKey)).toMatchObject({ name: 'Bella', pending: 1 });
    expect(await readRecord(db, localKey)).toMatchObject({
      key: localKey,
      chip: CHIP,
      hasPhoto: 1,
    });
    expect((await readPhoto(db, localKey))?.width).toBe(640);
  });

  it('writes no record for an animal taken in without one', async () => {
    const db = freshProfileDb();
    await enqueueIntake(db, 'local', BELLA);
    await enqueueIntake(db, 'local', BELLA, draft({}));
    expect(await counts(db)).toEqual({ pets: 2, outbox: 2, records: 0, photos: 0 });
  });

  it('stores nothing at all when the record cannot be stored', async () => {
    const db = freshProfileDb();
    await expect(enqueueIntake(db, 'local', BELLA, unstorable())).rejects.toMatchObject({
      name: 'DataCloneError',
    });
    expect(await counts(db)).toEqual({ pets: 0, outbox: 0, records: 0, photos: 0 });
  });

  it('gives each imported animal the record at its place in the list', async () => {
    const db = freshProfileDb();
    const names = ['Ada', 'Bo', 'Cy'];
    const ids = await enqueueMany(
      db,
      'local',
      names.map((name) => ({ name, categoryId: '2' })),
      [undefined, draft({ kennel: 'B1' }), draft({ kennel: 'C1' }, PHOTO)],
    );
    const kept: [string, string | undefined, number][] = [];
    for (const id of ids) {
      const { localKey, payload } = await entryOf(db, id);
      const record = await readRecord(db, localKey);
      kept.push([payload.name, record?.kennel, (await readPhoto(db, localKey)) ? 1 : 0]);
    }
    expect(kept).toEqual([
      ['Ada', undefined, 0],
      ['Bo', 'B1', 0],
      ['Cy', 'C1', 1],
    ]);
  });

  it('imports none of the animals when one record cannot be stored', async () => {
    const db = freshProfileDb();
    const payloads = ['Ada', 'Bo', 'Cy'].map((name) => ({ name, categoryId: '2' }));
    await expect(
      enqueueMany(db, 'local', payloads, [draft({ kennel: 'A1' }, PHOTO), undefined, unstorable()]),
    ).rejects.toMatchObject({ name: 'DataCloneError' });
    expect(await counts(db)).toEqual({ pets: 0, outbox: 0, records: 0, photos: 0 });
  });
});

describe('the record when its animal is sent', () => {
  it('moves with the photo to the ID the service gave', async () => {
    const db = freshProfileDb();
    const { outboxId, localKey } = await enqueueIntake(
      db,
      'local',
      BELLA,
      draft({ chip: CHIP }, PHOTO),
    );
    const claimed = await claimEntry(db, outboxId);
    if (claimed === null) throw new Error('not claimed');
    await completeEntry(db, claimed, { id: '9007199254740993', name: 'Bella', categoryId: '2' });

    expect(await db.records.get(localKey)).toBeUndefined();
    expect(await db.photos.get(localKey)).toBeUndefined();
    expect(await readRecord(db, '9007199254740993')).toMatchObject({
      key: '9007199254740993',
      chip: CHIP,
      hasPhoto: 1,
    });
    expect((await readPhoto(db, '9007199254740993'))?.key).toBe('9007199254740993');
  });
});

describe('the record when its animal is taken back', () => {
  it('goes with an animal withdrawn by Undo', async () => {
    const db = freshProfileDb();
    const { outboxId } = await enqueueIntake(db, 'local', BELLA, draft({ chip: CHIP }, PHOTO));
    expect((await takeBack(db, [outboxId])).withdrawn).toBe(1);
    expect(await counts(db)).toEqual({ pets: 0, outbox: 0, records: 0, photos: 0 });
  });

  it('stays with an animal too late to withdraw', async () => {
    const db = freshProfileDb();
    const { outboxId, localKey } = await enqueueIntake(db, 'local', BELLA, draft({ chip: CHIP }));
    await claimEntry(db, outboxId);
    expect((await takeBack(db, [outboxId])).withdrawn).toBe(0);
    expect(await readRecord(db, localKey)).toMatchObject({ chip: CHIP });
  });

  it('goes with a refused animal discarded', async () => {
    const db = freshProfileDb();
    const entry = await refusedEntry(db, draft({ chip: CHIP }, PHOTO));
    await discardEntry(db, entry.id);
    expect(await counts(db)).toEqual({ pets: 0, outbox: 0, records: 0, photos: 0 });
  });

  it('goes with each animal of a batch taken back, and stays with one already claimed', async () => {
    const db = freshProfileDb();
    const ids = await enqueueMany(
      db,
      'local',
      ['Ada', 'Bo'].map((name) => ({ name, categoryId: '2' })),
      [draft({ kennel: 'A1' }, PHOTO), draft({ kennel: 'B1' }, PHOTO)],
    );
    const [ada, bo] = ids;
    if (ada === undefined || bo === undefined) throw new Error('not queued');
    await claimEntry(db, bo);

    expect(await takeBack(db, ids)).toEqual({ withdrawn: 1, tooLate: 1 });
    const { localKey: boKey } = await entryOf(db, bo);
    expect((await db.records.toArray()).map((r) => [r.key, r.kennel])).toEqual([[boKey, 'B1']]);
    expect((await db.photos.toArray()).map((p) => p.key)).toEqual([boKey]);
  });
});

describe('the record when its animal is corrected', () => {
  it('is replaced by the correction made in the hold', async () => {
    const db = freshProfileDb();
    const { outboxId, localKey } = await enqueueIntake(
      db,
      'local',
      BELLA,
      draft({ chip: CHIP, breed: 'Podenco' }, PHOTO),
    );
    await expect(
      correctEntry(db, outboxId, { name: 'Bela', categoryId: '2' }, draft({ sex: 'female' })),
    ).resolves.toBeUndefined();
    const record = await readRecord(db, localKey);
    expect(record).toMatchObject({ sex: 'female', hasPhoto: 1 });
    expect(record).not.toHaveProperty('chip');
    expect(record).not.toHaveProperty('breed');
  });

  it('is left as it was by a correction of the animal alone', async () => {
    const db = freshProfileDb();
    const { outboxId, localKey } = await enqueueIntake(db, 'local', BELLA, draft({ chip: CHIP }));
    await correctEntry(db, outboxId, { name: 'Bela', categoryId: '2' });
    expect(await readRecord(db, localKey)).toMatchObject({ chip: CHIP });
  });

  it('loses its photo and the mark when the correction removes it', async () => {
    const db = freshProfileDb();
    const { outboxId, localKey } = await enqueueIntake(
      db,
      'local',
      BELLA,
      draft({ chip: CHIP }, PHOTO),
    );
    await correctEntry(db, outboxId, BELLA, draft({ chip: CHIP }, { kind: 'remove' }));
    expect(await readRecord(db, localKey)).not.toHaveProperty('hasPhoto');
    expect(await db.photos.count()).toBe(0);
  });

  it('is not changed by a correction that comes too late', async () => {
    const db = freshProfileDb();
    const { outboxId, localKey } = await enqueueIntake(db, 'local', BELLA, draft({ chip: CHIP }));
    await claimEntry(db, outboxId);
    await expect(
      correctEntry(db, outboxId, BELLA, draft({ chip: '123456789' })),
    ).rejects.toMatchObject({ reason: 'in-flight' });
    expect(await readRecord(db, localKey)).toMatchObject({ chip: CHIP });
  });

  it('is replaced by the edit of a refused animal, and removed when the edit empties it', async () => {
    const db = freshProfileDb();
    const entry = await refusedEntry(db, draft({ chip: CHIP, kennel: 'B3' }));
    await correctEntry(db, entry.id, { name: 'Bela', categoryId: '2' }, draft({ kennel: 'C4' }));
    const record = await readRecord(db, entry.localKey);
    expect(record?.kennel).toBe('C4');
    expect(record).not.toHaveProperty('chip');

    const again = await refusedEntry(db, draft({ chip: CHIP }));
    await correctEntry(db, again.id, BELLA, draft({}));
    expect(await db.records.get(again.localKey)).toBeUndefined();
  });
});
