import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewPet } from '../../../../electron/contract/pet';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake, enqueueMany } from '../../../../src/data/enqueue';
import { readOutbox, waitingCount } from '../../../../src/data/outbox-reads';
import { foldText } from '../../../../src/text/fold';
import { describeStorageError } from '../../../../src/data/storage';
import { freshProfileDb } from './test-db';
import { t } from '../../../../src/i18n';

afterEach(() => {
  vi.restoreAllMocks();
});

const ANIMALS: NewPet[] = [
  { name: 'Bella', categoryId: '2', status: 'available' },
  { name: 'Rex', categoryId: '3' },
  { name: 'Zoë', categoryId: '9223372036854775807', status: 'pending' },
];

/** Everything in both tables, to compare before and after a write that must not happen. */
async function snapshot(db: KennelDb): Promise<{ pets: unknown[]; outbox: unknown[] }> {
  return { pets: await db.pets.toArray(), outbox: await db.outbox.toArray() };
}

/** Makes `crypto.randomUUID` give `uuid-1`, `uuid-2`, … (formatted as UUIDs) from now on. */
function predictableUuids(): void {
  let n = 0;
  vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
    n += 1;
    return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  });
}

describe('enqueueMany', () => {
  it('queues every animal with its pending row, in the order given', async () => {
    const db = freshProfileDb();
    const ids = await enqueueMany(db, 'local', ANIMALS);

    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    const entries = await readOutbox(db);
    expect(entries.map((entry) => entry.id)).toEqual(ids);
    expect(entries.map((entry) => entry.payload)).toEqual(ANIMALS);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        profile: 'local',
        localKey: `local:${entry.id}`,
        state: 'queued',
        attempts: 0,
        lastError: null,
      });
      expect(entry.nextAttemptAt).toBe(entry.createdAt);
    }
    expect(await waitingCount(db)).toBe(3);

    const pets = await db.pets.bulkGet(entries.map((entry) => entry.localKey));
    expect(pets).toEqual(
      entries.map((entry, i) => ({
        key: entry.localKey,
        id: null,
        name: ANIMALS[i]?.name,
        nameKey: foldText(ANIMALS[i]?.name ?? ''),
        categoryId: ANIMALS[i]?.categoryId,
        status: ANIMALS[i]?.status ?? null,
        pending: 1,
        outboxId: entry.id,
        order: expect.any(String),
        updatedAt: entry.createdAt,
        firstSeenAt: entry.createdAt,
        typedAt: entry.createdAt,
        // Marked as imported: the Overview counts them apart from those typed.
        imported: 1,
      })),
    );
    // Pending rows list in queue order.
    const orders = pets.map((pet) => pet?.order ?? '');
    expect([...orders].sort()).toEqual(orders);
  });

  it('gives every entry a fresh idempotency key of its own', async () => {
    const db = freshProfileDb();
    await enqueueMany(db, 'local', ANIMALS);
    await enqueueMany(db, 'local', ANIMALS);
    const entries = await readOutbox(db);
    const keys = entries.map((entry) => entry.idempotencyKey);

    expect(
      keys.every((key) =>
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(key),
      ),
    ).toBe(true);
    expect(new Set(keys).size).toBe(6);
    for (const entry of entries) expect(entry.idempotencyKey).not.toBe(entry.id);
  });

  it('numbers the entries after those already waiting', async () => {
    const db = freshProfileDb();
    await enqueueIntake(db, 'local', { name: 'Max', categoryId: '4' });
    await enqueueMany(db, 'local', ANIMALS);
    await enqueueIntake(db, 'local', { name: 'Luna', categoryId: '4' });

    const entries = await readOutbox(db);
    expect(entries.map((entry) => [entry.seq, entry.payload.name])).toEqual([
      [1, 'Max'],
      [2, 'Bella'],
      [3, 'Rex'],
      [4, 'Zoë'],
      [5, 'Luna'],
    ]);
  });

  it('gives two imports committed at once distinct, increasing numbers, each in its own order', async () => {
    const db = freshProfileDb();
    const a = ANIMALS.map((animal) => ({ ...animal, name: `A ${animal.name}` }));
    const b = ANIMALS.map((animal) => ({ ...animal, name: `B ${animal.name}` }));
    await Promise.all([enqueueMany(db, 'local', a), enqueueMany(db, 'local', b)]);

    const entries = await readOutbox(db);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    const names = entries.map((entry) => entry.payload.name);
    expect(names.filter((name) => name.startsWith('A '))).toEqual(a.map((animal) => animal.name));
    expect(names.filter((name) => name.startsWith('B '))).toEqual(b.map((animal) => animal.name));
    // One import's entries are not interleaved with the other's.
    const firstLetters = [names.slice(0, 3), names.slice(3)].map(
      (half) => new Set(half.map((name) => name[0])),
    );
    expect(firstLetters.map((letters) => letters.size)).toEqual([1, 1]);
  });

  it('keeps its own copy of each animal', async () => {
    const db = freshProfileDb();
    const animals = ANIMALS.map((animal) => ({ ...animal }));
    await enqueueMany(db, 'local', animals);
    const [first] = animals;
    if (first !== undefined) first.name = 'Changed';
    expect((await readOutbox(db))[0]?.payload.name).toBe('Bella');
  });

  it('queues a thousand animals in one go', async () => {
    const db = freshProfileDb();
    const many = Array.from({ length: 1000 }, (_, i) => ({ name: `Animal ${i}`, categoryId: '2' }));
    const ids = await enqueueMany(db, 'local', many);

    expect(ids).toHaveLength(1000);
    const entries = await readOutbox(db);
    expect(entries.map((entry) => entry.payload.name)).toEqual(many.map((animal) => animal.name));
    expect(await db.pets.where('pending').equals(1).count()).toBe(1000);
  });

  it('writes nothing for an empty list', async () => {
    const db = freshProfileDb();
    expect(await enqueueMany(db, 'local', [])).toEqual([]);
    expect(await snapshot(db)).toEqual({ pets: [], outbox: [] });
  });
});

describe('enqueueMany is all or nothing', () => {
  it('writes no pending row when the outbox write fails (a duplicate key), within one transaction', async () => {
    const db = freshProfileDb();
    predictableUuids();
    // An entry already waiting under the id the third new entry will get:
    // ids are drawn first (uuid-1..3), so the third is uuid-3.
    const taken = `00000000-0000-4000-8000-${String(3).padStart(12, '0')}`;
    await db.outbox.add({
      id: taken,
      seq: 1,
      profile: 'local',
      payload: { name: 'Max', categoryId: '4' },
      idempotencyKey: 'existing-key',
      localKey: `local:${taken}`,
      state: 'queued',
      attempts: 0,
      lastError: null,
      createdAt: 1,
      nextAttemptAt: 1,
    });
    const before = await snapshot(db);

    const failed = await enqueueMany(db, 'local', ANIMALS).then(
      () => null,
      (error: unknown) => error,
    );

    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).name).toMatch(/ConstraintError|BulkError/);
    // The pets table took its rows first in the same transaction: they are gone again.
    expect(await snapshot(db)).toEqual(before);
  });

  it('writes nothing when the pending rows clash with a row already there', async () => {
    const db = freshProfileDb();
    predictableUuids();
    const taken = `local:00000000-0000-4000-8000-${String(2).padStart(12, '0')}`;
    await db.pets.add({
      key: taken,
      id: null,
      name: 'Max',
      nameKey: 'max',
      categoryId: '4',
      status: null,
      pending: 1,
      outboxId: null,
      order: 'p',
      updatedAt: 1,
      firstSeenAt: 1,
    });
    const before = await snapshot(db);

    await expect(enqueueMany(db, 'local', ANIMALS)).rejects.toBeInstanceOf(Error);
    expect(await snapshot(db)).toEqual(before);
  });

  it('writes nothing when the disk fills up on the last entry, and the error says so', async () => {
    const db = freshProfileDb();
    await enqueueIntake(db, 'local', { name: 'Max', categoryId: '4' });
    const before = await snapshot(db);
    db.outbox.hook('creating', (_key, entry: { payload?: { name?: unknown } }) => {
      if (entry.payload?.name === 'Zoë') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
    });

    const failed = await enqueueMany(db, 'local', ANIMALS).then(
      () => null,
      (error: unknown) => error,
    );

    expect(failed).not.toBeNull();
    expect(describeStorageError(failed)).toBe(t('data.quota'));
    expect(await snapshot(db)).toEqual(before);
  });
});
