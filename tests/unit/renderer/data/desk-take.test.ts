import { describe, expect, it } from 'vitest';
import { readCategories, writeCategories } from '../../../../src/data/categories';
import type { KennelDb, OutboxEntry } from '../../../../src/data/db';
import type { PhotoRead, ProfileContents } from '../../../../src/data/desk-contents';
import { profileToSave } from '../../../../src/data/desk-snapshot';
import { readDeskState } from '../../../../src/data/desk-state';
import { queueTakenBefore, writeTaken, type TakenProfile } from '../../../../src/data/desk-take';
import { readHoldSeconds, saveHoldSeconds } from '../../../../src/data/hold';
import type { RecordDraft } from '../../../../src/data/intake-record';
import { pendingOrder, syncedOrder } from '../../../../src/data/order';
import { orphanedPendingRows } from '../../../../src/data/orphans';
import { enqueueIntake, enqueueMany } from '../../../../src/data/enqueue';
import { readOutbox, waitingCount } from '../../../../src/data/outbox-reads';
import { completeEntry, markNeedsAttention } from '../../../../src/data/send-steps';
import { discardEntry } from '../../../../src/data/take-back';
import { petsPage } from '../../../../src/data/pets';
import { saveRecord } from '../../../../src/data/records';
import { readStrayHoldDays, saveStrayHoldDays } from '../../../../src/data/stray-hold';
import { planProfile, takenFor, type TakeMode } from '../../../../src/desk-file/desk-plan';
import { foldText } from '../../../../src/text/fold';
import {
  bytesOfDataUrl,
  dice,
  header,
  jpegBytes,
  jpegDataUrl,
  asFileHolds,
  queuedEntry,
  serviceRow,
} from '../desk-file/desk-fixtures';
import { freshProfileDb } from './test-db';

// The specification: an hour's margin for a desk's clock.
const CLOCK_MARGIN_MS = 60 * 60 * 1000;

const withPhoto = (bytes: Uint8Array, fields: RecordDraft['fields'] = {}): RecordDraft => ({
  fields,
  photo: { kind: 'set', dataUrl: jpegDataUrl(bytes), width: 640, height: 480 },
});

/**
 * Desk A, offline: three animals typed (two with records and photos) and two
 * imported, category names and settings of its own. Saved as a file would
 * hold it.
 */
async function deskA(random: () => number) {
  const db = freshProfileDb();
  await writeCategories(db, [
    { id: '1', name: 'Dogs' },
    { id: '2', name: 'Cats' },
  ]);
  await saveHoldSeconds(db, 30);
  await saveStrayHoldDays(db, 5);
  const jpegs = [0, 1, 2].map(() => jpegBytes(random, 1000 + Math.floor(random() * 4000)));
  const rex = await enqueueIntake(
    db,
    'local',
    { name: 'Rex', categoryId: '1', status: 'available' },
    withPhoto(jpegs[0] ?? new Uint8Array(), { chip: '985112000000001', sex: 'male' }),
  );
  const bella = await enqueueIntake(
    db,
    'local',
    { name: 'Bella', categoryId: '1' },
    withPhoto(jpegs[1] ?? new Uint8Array(), { kennel: 'Dogs B3' }),
  );
  const plain = await enqueueIntake(db, 'local', { name: 'Plain', categoryId: '2' });
  const imported = await enqueueMany(
    db,
    'local',
    [
      { name: 'Tom', categoryId: '2' },
      { name: 'Kit', categoryId: '2' },
    ],
    [withPhoto(jpegs[2] ?? new Uint8Array(), { notes: 'Shy' }), undefined],
  );
  return { db, rex, bella, plain, imported, jpegs };
}

async function saveFile(db: KennelDb) {
  return asFileHolds(await profileToSave(db, 'local', 'http://shelter.example/v1'));
}

/** Opens `file` on `db` the way staff choose, as the dialog does: state, plan, what to take, write. */
async function openFile(
  db: KennelDb,
  file: { contents: ProfileContents; photos: Map<string, PhotoRead> },
  mode: TakeMode,
  now: number,
  fileId = 'file-1',
) {
  const { contents } = file;
  const sizes = new Map([...file.photos].map(([key, photo]) => [key, photo.jpeg.size]));
  const state = await readDeskState(db, contents, fileId);
  const plan = planProfile(
    header({ fileId }),
    contents,
    state,
    contents.serviceUrl,
    sizes,
    'desk-b',
  );
  return writeTaken(db, takenFor(plan, mode, new Map(), sizes), file.photos, now);
}

/** Desk B with two animals of its own waiting to be sent. */
async function deskB() {
  const db = freshProfileDb();
  const own = [
    await enqueueIntake(db, 'local', { name: 'Own one', categoryId: '3' }),
    await enqueueIntake(db, 'local', { name: 'Own two', categoryId: '3' }),
  ];
  return { db, own };
}

const laterThan = (entries: readonly OutboxEntry[]) =>
  Math.max(...entries.map((entry) => entry.createdAt)) + 5 * 60_000;

async function entryOf(db: KennelDb, id: string): Promise<OutboxEntry> {
  const entry = (await readOutbox(db)).find((e) => e.id === id);
  if (entry === undefined) throw new Error(`entry ${id} is not queued`);
  return entry;
}

/** Everything a take may change but photos, to compare before and after one that must not happen. */
async function everythingBut(db: KennelDb) {
  return {
    records: await db.records.toArray(),
    outbox: await db.outbox.toArray(),
    pets: await db.pets.toArray(),
    categories: await db.categories.toArray(),
    meta: await db.meta.toArray(),
  };
}

describe('writeTaken: this computer replaces the one that saved the file', () => {
  it("queues the file's animals after this desk's own, each to be looked up before it is sent", async () => {
    const a = await deskA(dice());
    const file = await saveFile(a.db);
    const b = await deskB();
    const queueA = file.contents.queue;
    const now = laterThan(queueA);

    const outcome = await openFile(b.db, file, 'replace', now);

    expect(outcome).toEqual({ records: 3, photos: 3, queued: 5, queueSkipped: 0 });
    const queue = await readOutbox(b.db);
    expect(queue.map((entry) => entry.id)).toEqual([
      ...b.own.map((queued) => queued.outboxId),
      ...queueA.map((entry) => entry.id),
    ]);
    expect(queue.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const [i, taken] of queue.slice(2).entries()) {
      const there = queueA[i];
      if (there === undefined) throw new Error('an entry is missing from the file');
      // The same animal, with the same key, so the service can tell a second attempt.
      expect(taken).toMatchObject({
        payload: there.payload,
        idempotencyKey: there.idempotencyKey,
        localKey: there.localKey,
        createdAt: there.createdAt,
        state: 'queued',
        nextAttemptAt: now,
        lookupAfter: now,
      });
      expect(taken.outcomeUnknownAt).toBeLessThanOrEqual(there.createdAt - CLOCK_MARGIN_MS);
    }
    expect(await waitingCount(b.db)).toBe(7);
  });

  it('makes each taken animal its pending row again, listed after those of this desk', async () => {
    const a = await deskA(dice());
    const file = await saveFile(a.db);
    const b = await deskB();
    const queueA = file.contents.queue;
    const now = laterThan(queueA);

    await openFile(b.db, file, 'replace', now);

    const listed = await petsPage(b.db, 'all', 0, 50);
    expect(listed.map((row) => row.name)).toEqual([
      'Own one',
      'Own two',
      'Rex',
      'Bella',
      'Plain',
      'Tom',
      'Kit',
    ]);
    const queue = await readOutbox(b.db);
    for (const entry of queue.slice(2)) {
      const row = await b.db.pets.get(entry.localKey);
      expect(row).toMatchObject({
        pending: 1,
        id: null,
        outboxId: entry.id,
        name: entry.payload.name,
        nameKey: foldText(entry.payload.name),
        order: pendingOrder(entry.seq),
        typedAt: entry.createdAt,
      });
      expect(row?.imported).toBe(entry.batchId === undefined ? undefined : 1);
    }
    expect(await orphanedPendingRows(b.db)).toEqual([]);
  });

  it('takes the records, photos (byte for byte), categories and settings', async () => {
    const a = await deskA(dice());
    const file = await saveFile(a.db);
    const b = await deskB();
    await writeCategories(b.db, [
      { id: '1', name: 'Canines' },
      { id: '3', name: 'Rabbits' },
    ]);

    await openFile(b.db, file, 'replace', laterThan(file.contents.queue));

    expect(await b.db.records.toArray()).toEqual(await a.db.records.toArray());
    const photosA = await a.db.photos.toArray();
    expect(await b.db.photos.toArray()).toEqual(photosA);
    const jpegsByKey = new Map([
      [a.rex.localKey, a.jpegs[0]],
      [a.bella.localKey, a.jpegs[1]],
      [`local:${a.imported[0]}`, a.jpegs[2]],
    ]);
    for (const photo of await b.db.photos.toArray()) {
      expect(bytesOfDataUrl(photo.dataUrl)).toEqual(jpegsByKey.get(photo.key));
    }
    expect(await readCategories(b.db)).toEqual([
      { id: '1', name: 'Dogs' },
      { id: '2', name: 'Cats' },
      { id: '3', name: 'Rabbits' },
    ]);
    expect(await readHoldSeconds(b.db)).toBe(30);
    expect(await readStrayHoldDays(b.db)).toBe(5);
  });

  it('takes the same file’s queue once, however often it is opened', async () => {
    const a = await deskA(dice());
    const file = await saveFile(a.db);
    const b = await deskB();
    const now = laterThan(file.contents.queue);
    await openFile(b.db, file, 'replace', now);
    const before = await readOutbox(b.db);

    const again = await openFile(b.db, file, 'replace', now + 1000);

    expect(again).toMatchObject({ queued: 0, queueSkipped: 5 });
    expect(await readOutbox(b.db)).toEqual(before);
    expect(await waitingCount(b.db)).toBe(7);
    expect(await queueTakenBefore(b.db, 'file-1')).toBe(true);
  });

  it('does not bring back an animal discarded here when the same file is opened again', async () => {
    const a = await deskA(dice());
    const file = await saveFile(a.db);
    const b = await deskB();
    const now = laterThan(file.contents.queue);
    await openFile(b.db, file, 'replace', now);
    // Staff decide Plain was a mistake: the service refused it, and they discard it.
    const plain = await entryOf(b.db, a.plain.outboxId);
    await markNeedsAttention(b.db, plain, { kind: 'validation', message: 'refused' });
    await discardEntry(b.db, plain.id);
    const before = await readOutbox(b.db);

    const again = await openFile(b.db, file, 'replace', now + 1000);

    expect(again).toMatchObject({ queued: 0, queueSkipped: 5 });
    expect(await readOutbox(b.db)).toEqual(before);
    expect(await b.db.pets.get(a.plain.localKey)).toBeUndefined();
  });

  it('does not bring back the record and photo of an animal discarded here', async () => {
    const a = await deskA(dice());
    const file = await saveFile(a.db);
    const b = await deskB();
    const now = laterThan(file.contents.queue);
    await openFile(b.db, file, 'replace', now);
    const rex = await entryOf(b.db, a.rex.outboxId);
    await markNeedsAttention(b.db, rex, { kind: 'validation', message: 'refused' });
    await discardEntry(b.db, rex.id);
    expect(await b.db.records.get(a.rex.localKey)).toBeUndefined();

    await openFile(b.db, file, 'replace', now + 1000);

    // Left behind, it would still answer to its chip for an animal that is gone.
    expect(await b.db.records.get(a.rex.localKey)).toBeUndefined();
    expect(await b.db.photos.get(a.rex.localKey)).toBeUndefined();
    expect(await b.db.records.get(a.bella.localKey)).toBeDefined();
  });

  it('leaves out an animal queued here already, from another save of the same desk', async () => {
    const a = await deskA(dice());
    const b = await deskB();
    await openFile(b.db, await saveFile(a.db), 'replace', laterThan(await readOutbox(a.db)));
    const before = await readOutbox(b.db);
    // Desk A goes on (it should not) and writes another file with one more animal.
    const late = await enqueueIntake(a.db, 'local', { name: 'Late', categoryId: '1' });
    const second = await saveFile(a.db);

    const outcome = await openFile(
      b.db,
      second,
      'replace',
      laterThan(await readOutbox(a.db)),
      'file-2',
    );

    expect(outcome).toMatchObject({ queued: 1, queueSkipped: 5 });
    const queue = await readOutbox(b.db);
    expect(queue.slice(0, 7)).toEqual(before);
    expect(queue.map((entry) => [entry.id, entry.seq]).slice(7)).toEqual([[late.outboxId, 8]]);
  });

  it('leaves out an animal sent from here, and gives its record and photo to its service ID', async () => {
    const random = dice();
    const a = await deskA(random);
    const b = await deskB();
    await openFile(b.db, await saveFile(a.db), 'replace', laterThan(await readOutbox(a.db)));
    // Desk B sends Rex; desk A, still in use, writes Rex's record again and saves.
    await completeEntry(b.db, await entryOf(b.db, a.rex.outboxId), {
      id: '601',
      name: 'Rex',
      categoryId: '1',
      status: 'available',
    });
    const newer = jpegBytes(random, 3333);
    await saveRecord(a.db, a.rex.localKey, withPhoto(newer, { chip: '985112000000009' }));
    const second = await saveFile(a.db);
    const queueBefore = await readOutbox(b.db);

    const outcome = await openFile(b.db, second, 'replace', laterThan(queueBefore), 'file-2');

    expect(outcome).toMatchObject({ queued: 0, queueSkipped: 5 });
    expect(await readOutbox(b.db)).toEqual(queueBefore);
    expect(await b.db.pets.get(a.rex.localKey)).toBeUndefined();
    expect(await b.db.records.get(a.rex.localKey)).toBeUndefined();
    expect(await b.db.photos.get(a.rex.localKey)).toBeUndefined();
    expect(await b.db.records.get('601')).toMatchObject({
      key: '601',
      chip: '985112000000009',
      hasPhoto: 1,
    });
    const photo = await b.db.photos.get('601');
    expect(bytesOfDataUrl(photo?.dataUrl ?? '')).toEqual(newer);
  });

  it('changes nothing but photos when the last write fails', async () => {
    const a = await deskA(dice());
    const file = await saveFile(a.db);
    const b = await deskB();
    const { contents } = file;
    const sizes = new Map([...file.photos].map(([key, photo]) => [key, photo.jpeg.size]));
    const plan = planProfile(
      header(),
      contents,
      await readDeskState(b.db, contents, 'file-1'),
      contents.serviceUrl,
      sizes,
      'desk-b',
    );
    const taken = takenFor(plan, 'replace', new Map(), sizes);
    // The last animal's pending row cannot be written: its key is no key at all.
    const broken = queuedEntry('broken', 99, 1_000, { localKey: {} as never });
    const before = await everythingBut(b.db);

    await expect(
      writeTaken(
        b.db,
        { ...taken, queue: [...taken.queue, broken] },
        file.photos,
        laterThan(contents.queue),
      ),
    ).rejects.toThrow(/Data provided/);

    expect(await everythingBut(b.db)).toEqual(before);
    expect(await queueTakenBefore(b.db, 'file-1')).toBe(false);
  });

  it('changes no record and no queue when a row cannot be written', async () => {
    const a = await deskA(dice());
    const file = await saveFile(a.db);
    const b = await deskB();
    const { contents } = file;
    const taken: TakenProfile = {
      records: contents.records,
      photoKeys: [],
      categories: [{ id: '9', name: 'Goats' }],
      // IndexedDB refuses the key, after the records are written in the same transaction.
      animals: [serviceRow('700'), { ...serviceRow('701'), key: {} as never }],
      queue: contents.queue,
      settings: { holdSeconds: 99, strayHoldDays: 9 },
      history: contents.history,
      fileId: 'file-1',
    };
    const before = await everythingBut(b.db);

    await expect(writeTaken(b.db, taken, file.photos, laterThan(contents.queue))).rejects.toThrow(
      /Data provided/,
    );

    expect(await everythingBut(b.db)).toEqual(before);
  });
});

describe('writeTaken: adding another desk to this one', () => {
  it('sends nothing: the queue and settings stay, history comes marked with its desk', async () => {
    const a = await deskA(dice());
    // Rex reached the service from desk A before the file was saved.
    await completeEntry(a.db, await entryOf(a.db, a.rex.outboxId), {
      id: '601',
      name: 'Rex',
      categoryId: '1',
      status: 'available',
    });
    const typedAtA = (await a.db.pets.get('601'))?.typedAt;
    const file = await saveFile(a.db);
    const b = await deskB();
    const queueBefore = await readOutbox(b.db);

    const outcome = await openFile(b.db, file, 'add', laterThan(queueBefore));

    expect(outcome).toMatchObject({ queued: 0, queueSkipped: 0, records: 1, photos: 1 });
    expect(await readOutbox(b.db)).toEqual(queueBefore);
    expect(await readHoldSeconds(b.db)).toBe(0);
    expect((await b.db.records.toArray()).map((record) => record.key)).toEqual(['601']);
    const rex = await b.db.pets.get('601');
    expect(rex).toMatchObject({ pending: 0, outboxId: null, otherDesk: { label: 'Front desk' } });
    expect(rex?.otherDesk?.typedAt).toBe(typedAtA);
    expect(rex).not.toHaveProperty('typedAt');
    expect(rex).not.toHaveProperty('cardDue');
    expect(bytesOfDataUrl((await b.db.photos.get('601'))?.dataUrl ?? '')).toEqual(a.jpegs[0]);
  });
});

describe('writeTaken: animals and photos', () => {
  const nothing: TakenProfile = {
    records: [],
    photoKeys: [],
    categories: null,
    animals: [],
    queue: [],
    settings: null,
    history: [],
    fileId: null,
  };

  it("merges animals keeping the earlier first sighting and this desk's own desk facts", async () => {
    const db = freshProfileDb();
    await db.pets.bulkPut([
      serviceRow('900', { firstSeenAt: 9_000, typedAt: 8_500, sentAt: 8_800, name: 'Here' }),
      serviceRow('901', { firstSeenAt: 2_000 }),
    ]);
    const { nameKey: _n, ...incomingNew } = serviceRow('902', {
      name: 'Zoë',
      order: 'whatever',
      firstSeenAt: 4_000,
    });

    await writeTaken(
      db,
      {
        ...nothing,
        animals: [
          serviceRow('900', {
            firstSeenAt: 3_000,
            typedAt: 1_000,
            sentAt: 1_100,
            cardDue: 1,
            outboxId: 'there',
            name: 'There',
          }),
          serviceRow('901', { firstSeenAt: 7_000, otherDesk: { label: 'Van', typedAt: 6_000 } }),
          incomingNew,
        ],
      },
      new Map(),
    );

    expect(await db.pets.get('900')).toEqual(
      serviceRow('900', {
        name: 'Here',
        firstSeenAt: 3_000,
        typedAt: 8_500,
        sentAt: 8_800,
        cardDue: 1,
        outboxId: 'there',
      }),
    );
    expect(await db.pets.get('901')).toEqual(
      serviceRow('901', { firstSeenAt: 2_000, otherDesk: { label: 'Van', typedAt: 6_000 } }),
    );
    expect(await db.pets.get('902')).toEqual({
      ...incomingNew,
      nameKey: 'zoe',
      order: syncedOrder('902'),
    });
  });

  it('writes many photos, each one’s bytes as they came', async () => {
    const random = dice();
    const db = freshProfileDb();
    const jpegs = Array.from({ length: 60 }, () => jpegBytes(random, Math.floor(random() * 5000)));
    const keys = jpegs.map((_, i) => String(1000 + i));
    const photos = new Map<string, PhotoRead>(
      keys.map((key, i) => [
        key,
        { key, width: 100 + i, height: 50, jpeg: new Blob([jpegs[i] ?? new Uint8Array()]) },
      ]),
    );

    const outcome = await writeTaken(
      db,
      { ...nothing, photoKeys: [...keys, 'not-in-file'] },
      photos,
    );

    expect(outcome.photos).toBe(60);
    const stored = await db.photos.bulkGet(keys);
    stored.forEach((photo, i) => {
      expect(photo?.dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
      expect(bytesOfDataUrl(photo?.dataUrl ?? '')).toEqual(jpegs[i]);
      expect(photo).toMatchObject({ key: keys[i], width: 100 + i, height: 50 });
    });
    expect(await db.photos.get('not-in-file')).toBeUndefined();
  });
});
