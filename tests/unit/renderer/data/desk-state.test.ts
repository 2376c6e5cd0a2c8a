import { describe, expect, it } from 'vitest';
import { writeCategories } from '../../../../src/data/categories';
import { readDeskState } from '../../../../src/data/desk-state';
import { writeTaken } from '../../../../src/data/desk-take';
import { saveHoldSeconds } from '../../../../src/data/hold';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { completeEntry } from '../../../../src/data/send-steps';
import { upsertServicePets } from '../../../../src/data/pets';
import { saveRecord } from '../../../../src/data/records';
import { saveStrayHoldDays } from '../../../../src/data/stray-hold';
import {
  contents,
  dice,
  jpegBytes,
  jpegDataUrl,
  queuedEntry,
  serviceRow,
} from '../desk-file/desk-fixtures';
import { freshProfileDb } from './test-db';

const NO_PHOTO = { kind: 'keep' } as const;

describe('readDeskState', () => {
  it("reads this desk's sound records under the file's keys", async () => {
    const db = freshProfileDb();
    await saveRecord(db, '101', { fields: { chip: '985112000000001' }, photo: NO_PHOTO });
    await saveRecord(db, '105', { fields: { chip: '985112000000005' }, photo: NO_PHOTO });
    await db.records.put({ key: '102', updatedAt: 1, sex: 'dragon' } as never);
    const file = contents({
      records: [
        { key: '101', updatedAt: 1 },
        { key: '102', updatedAt: 1 },
        { key: '103', updatedAt: 1 },
      ],
    });

    const state = await readDeskState(db, file, 'file-1');

    expect([...state.records.keys()]).toEqual(['101']);
    expect(state.records.get('101')).toMatchObject({ key: '101', chip: '985112000000001' });
  });

  it("measures each photo here by its bytes, as the file's photos are measured", async () => {
    const random = dice();
    const db = freshProfileDb();
    const sizes = [
      0,
      1,
      2,
      3,
      4,
      5,
      ...Array.from({ length: 20 }, () => Math.floor(random() * 9000)),
    ];
    const keys = sizes.map((_, i) => String(200 + i));
    await db.photos.bulkPut(
      sizes.map((size, i) => ({
        key: keys[i] ?? '',
        dataUrl: jpegDataUrl(jpegBytes(random, size)),
        width: 4,
        height: 3,
      })),
    );
    // A photo is this desk's only with its record: one left without (a write
    // cut short) is not counted as the animal's photo.
    await db.records.bulkPut(keys.map((key) => ({ key, hasPhoto: 1 as const, updatedAt: 1 })));
    await db.photos.put({
      key: '998',
      dataUrl: jpegDataUrl(jpegBytes(random, 10)),
      width: 4,
      height: 3,
    });
    const withPhotos = [...keys, '998', '999'];
    const file = contents({
      records: withPhotos.map((key) => ({ key, hasPhoto: 1 as const, updatedAt: 2 })),
      photos: withPhotos.map((key) => ({ key, width: 4, height: 3 })),
    });

    const state = await readDeskState(db, file, 'file-1');

    expect([...state.photoBytes.entries()]).toEqual(keys.map((key, i) => [key, sizes[i]]));
  });

  it("reads the profile's categories and settings", async () => {
    const db = freshProfileDb();
    await writeCategories(db, [
      { id: '1', name: 'Dogs' },
      { id: '2', name: 'Cats' },
    ]);
    await saveHoldSeconds(db, 45);
    await saveStrayHoldDays(db, 9);

    const state = await readDeskState(db, contents(), 'file-1');

    expect(state.categories).toEqual([
      { id: '1', name: 'Dogs' },
      { id: '2', name: 'Cats' },
    ]);
    expect(state.settings).toEqual({ holdSeconds: 45, strayHoldDays: 9 });
    expect(state.profile).toBe('local');
  });

  it("knows which of the file's animals this desk typed itself", async () => {
    const db = freshProfileDb();
    await db.pets.bulkPut([
      serviceRow('301', { typedAt: 10 }),
      serviceRow('302'),
      serviceRow('303', { otherDesk: { label: 'Van', typedAt: 10 } }),
      serviceRow('304', { typedAt: 10 }),
    ]);
    const file = contents({
      animals: ['301', '302', '303', '305'].map((id) => serviceRow(id, { typedAt: 20 })),
    });

    const state = await readDeskState(db, file, 'file-1');

    expect([...state.typedHere]).toEqual(['301']);
  });

  it("knows which of the file's queued animals are here already, queued or sent", async () => {
    const db = freshProfileDb();
    const queuedHere = await enqueueIntake(db, 'local', { name: 'Rex', categoryId: '1' });
    const sentHere = await enqueueIntake(db, 'local', { name: 'Bella', categoryId: '1' });
    const [, sentEntry] = await readOutbox(db);
    if (sentEntry === undefined) throw new Error('the second entry is missing');
    await completeEntry(db, sentEntry, { id: '77', name: 'Bella', categoryId: '1' });
    await upsertServicePets(db, [{ id: '78', name: 'Other', categoryId: '1' }]);
    const file = contents({
      queue: [
        queuedEntry(queuedHere.outboxId, 1, 10),
        queuedEntry(sentHere.outboxId, 2, 10),
        queuedEntry('only-in-the-file', 3, 10),
      ],
    });

    const state = await readDeskState(db, file, 'file-1');

    expect(state.queueHere).toEqual(new Set([queuedHere.outboxId, sentHere.outboxId]));
    expect(state.queueTakenBefore).toBe(false);
  });

  it("knows a file whose queue this profile took before, and only that file's", async () => {
    const db = freshProfileDb();
    const file = contents({ queue: [queuedEntry('q1', 1, 10)] });
    await writeTaken(
      db,
      {
        records: [],
        photoKeys: [],
        categories: null,
        animals: [],
        queue: file.queue,
        settings: null,
        history: [],
        fileId: 'file-taken',
      },
      new Map(),
      1_000,
    );

    expect((await readDeskState(db, file, 'file-taken')).queueTakenBefore).toBe(true);
    expect((await readDeskState(db, file, 'file-other')).queueTakenBefore).toBe(false);
  });
});
