import { describe, expect, it } from 'vitest';
import type { NewPet } from '../../../../electron/contract/pet';
import { writeCategories } from '../../../../src/data/categories';
import type { KennelDb } from '../../../../src/data/db';
import type { PhotoToSave } from '../../../../src/data/desk-contents';
import { holdsAnything, profileToSave } from '../../../../src/data/desk-snapshot';
import { saveHoldSeconds } from '../../../../src/data/hold';
import type { RecordDraft } from '../../../../src/data/intake-record';
import { enqueueIntake, enqueueMany } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { completeEntry } from '../../../../src/data/send-steps';
import { upsertServicePets } from '../../../../src/data/pets';
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

const withPhoto = (bytes: Uint8Array, fields: RecordDraft['fields'] = {}): RecordDraft => ({
  fields,
  photo: { kind: 'set', dataUrl: jpegDataUrl(bytes), width: 640, height: 480 },
});

async function allPhotos(photos: () => AsyncIterable<PhotoToSave>): Promise<PhotoToSave[]> {
  const out: PhotoToSave[] = [];
  for await (const photo of photos()) out.push(photo);
  return out;
}

/** A desk that took in animals one by one and by import, some with records and photos. */
async function busyDesk(random: () => number) {
  const db = freshProfileDb();
  const rexJpeg = jpegBytes(random, 1500 + Math.floor(random() * 3000));
  const bellaJpeg = jpegBytes(random, 1500 + Math.floor(random() * 3000));
  const rex = await enqueueIntake(
    db,
    'local',
    { name: 'Rex', categoryId: '1' },
    withPhoto(rexJpeg, { chip: '985112000000001', sex: 'male' }),
  );
  const plain = await enqueueIntake(db, 'local', { name: 'Plain', categoryId: '2' });
  const imported: NewPet[] = [
    { name: 'Bella', categoryId: '1', status: 'available' },
    { name: 'Tom', categoryId: '2' },
    { name: 'Kit', categoryId: '2' },
  ];
  const importIds = await enqueueMany(db, 'local', imported, [
    withPhoto(bellaJpeg, { kennel: 'Dogs B3' }),
    undefined,
    { fields: { notes: 'Shy' }, photo: { kind: 'keep' } },
  ]);
  return { db, rex, plain, importIds, rexJpeg, bellaJpeg };
}

async function entryOf(db: KennelDb, id: string) {
  const entry = (await readOutbox(db)).find((e) => e.id === id);
  if (entry === undefined) throw new Error(`entry ${id} is not queued`);
  return entry;
}

describe('profileToSave', () => {
  it('holds what was queued, with its records, as the database has them', async () => {
    const { db, rex, plain, importIds } = await busyDesk(dice());
    await writeCategories(db, [{ id: '1', name: 'Dogs' }]);
    await saveHoldSeconds(db, 30);
    await saveStrayHoldDays(db, 5);

    const { contents: saved } = await profileToSave(db, 'local', 'http://shelter.example/v1');

    expect(saved.profile).toBe('local');
    expect(saved.serviceUrl).toBe('http://shelter.example/v1');
    expect(saved.settings).toEqual({ holdSeconds: 30, strayHoldDays: 5 });
    expect(saved.categories).toEqual([{ id: '1', name: 'Dogs' }]);
    expect(saved.queue).toEqual(await readOutbox(db));
    expect(saved.queue.map((entry) => entry.id)).toEqual([
      rex.outboxId,
      plain.outboxId,
      ...importIds,
    ]);
    const byKey = new Map(saved.records.map((record) => [record.key, record]));
    expect([...byKey.keys()].sort()).toEqual(
      [rex.localKey, `local:${importIds[0]}`, `local:${importIds[2]}`].sort(),
    );
    expect(byKey.get(rex.localKey)).toMatchObject({
      chip: '985112000000001',
      sex: 'male',
      hasPhoto: 1,
    });
    expect(byKey.get(`local:${importIds[0]}`)).toMatchObject({ kennel: 'Dogs B3', hasPhoto: 1 });
    expect(byKey.get(`local:${importIds[2]}`)).toEqual({
      key: `local:${importIds[2]}`,
      notes: 'Shy',
      updatedAt: expect.any(Number),
    });
    // Queued animals travel as their entries; their pending rows are made again from them.
    expect(saved.animals).toEqual([]);
  });

  it('holds the history of the animals the service has, not their pending rows', async () => {
    const { db, rex } = await busyDesk(dice());
    await upsertServicePets(db, [{ id: '500', name: 'Fetched', categoryId: '3' }]);
    await completeEntry(db, await entryOf(db, rex.outboxId), {
      id: '501',
      name: 'Rex',
      categoryId: '1',
    });

    const { contents: saved } = await profileToSave(db, 'local', '');

    expect(saved.animals.map((row) => row.key).sort()).toEqual(['500', '501']);
    const sent = saved.animals.find((row) => row.key === '501');
    expect(sent).toMatchObject({ pending: 0, outboxId: rex.outboxId, cardDue: 1 });
    expect(sent?.typedAt).toBe((await db.pets.get('501'))?.typedAt);
    expect(saved.queue.map((entry) => entry.id)).not.toContain(rex.outboxId);
    expect(saved.records.map((record) => record.key)).toContain('501');
  });

  it('gives each photo as the JPEG bytes its data URL holds', async () => {
    const { db, rex, importIds, rexJpeg, bellaJpeg } = await busyDesk(dice());

    const saved = await profileToSave(db, 'local', '');
    const photos = await allPhotos(saved.photos);

    expect(photos.map((photo) => photo.key).sort()).toEqual(
      [rex.localKey, `local:${importIds[0]}`].sort(),
    );
    const byKey = new Map(photos.map((photo) => [photo.key, photo]));
    expect(byKey.get(rex.localKey)?.jpeg).toEqual(rexJpeg);
    expect(byKey.get(`local:${importIds[0]}`)?.jpeg).toEqual(bellaJpeg);
    expect(byKey.get(rex.localKey)).toMatchObject({ width: 640, height: 480 });
  });

  it('still finds a photo moved to its service ID while the file was being written', async () => {
    const { db, rex, rexJpeg } = await busyDesk(dice());
    const saved = await profileToSave(db, 'local', '');

    // The replayer sends Rex after the contents were read, before the photos are.
    await completeEntry(db, await entryOf(db, rex.outboxId), {
      id: '501',
      name: 'Rex',
      categoryId: '1',
    });
    expect(await db.photos.get(rex.localKey)).toBeUndefined();
    const photos = await allPhotos(saved.photos);

    const moved = photos.find((photo) => photo.key === rex.localKey);
    expect(moved?.jpeg).toEqual(rexJpeg);
    expect(photos.some((photo) => photo.key === '501')).toBe(false);
  });

  it('gives photos one at a time, read when asked for', async () => {
    const random = dice();
    const { db, rex } = await busyDesk(random);
    const saved = await profileToSave(db, 'local', '');
    const changed = jpegBytes(random, 2222);
    await db.photos.update(rex.localKey, { dataUrl: jpegDataUrl(changed) });

    const photos = await allPhotos(saved.photos);

    expect(photos.find((photo) => photo.key === rex.localKey)?.jpeg).toEqual(changed);
  });
});

describe('holdsAnything', () => {
  it('is false for a profile with nothing of its own', () => {
    expect(holdsAnything(contents())).toBe(false);
    expect(holdsAnything(contents({ animals: [serviceRow('1'), serviceRow('2')] }))).toBe(false);
  });

  it.each([
    ['a record', contents({ records: [{ key: '1', updatedAt: 1, chip: '1' }] })],
    ['a queued animal', contents({ queue: [queuedEntry('q1', 1, 1)] })],
    ['a category name', contents({ categories: [{ id: '1', name: 'Dogs' }] })],
    ['an animal typed here', contents({ animals: [serviceRow('1', { typedAt: 5 })] })],
  ])('is true for a profile with %s', (_label, profile) => {
    expect(holdsAnything(profile)).toBe(true);
  });
});
