import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pet } from '../../../../electron/contract/pet';
import { correctEntry } from '../../../../src/data/correction';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { needsAttention, readOutbox, waitingCount } from '../../../../src/data/outbox-reads';
import { resendEntry } from '../../../../src/data/resend';
import {
  claimEntry,
  completeEntry,
  markNeedsAttention,
  recoverInFlight,
  requeueEntry,
} from '../../../../src/data/send-steps';
import { discardEntry, takeBack } from '../../../../src/data/take-back';
import { isOutboxEntryError } from '../../../../src/data/outbox-entry-error';
import { orphanedPendingRows } from '../../../../src/data/orphans';
import { quarantineCount } from '../../../../src/data/quarantine';
import { findCachedPet, followPet, petsPage, upsertServicePets } from '../../../../src/data/pets';
import { KennelDb } from '../../../../src/data/db';
import { freshIdb, freshProfileDb } from './test-db';
import { eventually } from '../../../helpers/eventually';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('enqueueIntake', () => {
  it('writes the pending animal and its outbox entry together', async () => {
    const db = freshProfileDb();
    const result = await enqueueIntake(db, 'local', {
      name: 'Rex',
      categoryId: '9223372036854775807',
      status: 'available',
    });
    expect(result.localKey).toBe(`local:${result.outboxId}`);

    const pet = await findCachedPet(db, result.localKey);
    expect(pet).toMatchObject({
      key: result.localKey,
      id: null,
      name: 'Rex',
      categoryId: '9223372036854775807',
      status: 'available',
      pending: 1,
      outboxId: result.outboxId,
    });
    const [entry] = await readOutbox(db);
    expect(entry).toMatchObject({
      id: result.outboxId,
      profile: 'local',
      payload: { name: 'Rex', categoryId: '9223372036854775807', status: 'available' },
      localKey: result.localKey,
      state: 'queued',
      attempts: 0,
      lastError: null,
    });
    expect(entry?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry?.idempotencyKey).not.toBe(result.outboxId);
    expect(await waitingCount(db)).toBe(1);
  });

  it('is atomic: when the outbox write fails, the pending animal is not written either', async () => {
    const db = freshProfileDb();
    const first = await enqueueIntake(db, 'local', { name: 'First', categoryId: '1' });
    // Reuse the existing entry's id for the next intake: its outbox add (the
    // second write) hits a key conflict after the pet row was added.
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(
      first.outboxId as `${string}-${string}-${string}-${string}-${string}`,
    );
    await db.pets.delete(first.localKey);

    await expect(enqueueIntake(db, 'local', { name: 'Second', categoryId: '2' })).rejects.toThrow();

    expect(await db.pets.count()).toBe(0);
    const entries = await readOutbox(db);
    expect(entries.map((e) => e.payload.name)).toEqual(['First']);
  });

  it('gives each entry a larger seq and lists pending animals in intake order', async () => {
    const db = freshProfileDb();
    for (const name of ['A', 'B', 'C']) await enqueueIntake(db, 'local', { name, categoryId: '1' });
    const entries = await readOutbox(db);
    expect(entries.map((e) => e.payload.name)).toEqual(['A', 'B', 'C']);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    const page = await petsPage(db, 'all', 0, 10);
    expect(page.map((p) => p.name)).toEqual(['A', 'B', 'C']);
  });

  it('survives a reload: a new database instance sees the committed rows', async () => {
    const idb = freshIdb();
    const db = new KennelDb('kennel-local', idb);
    await enqueueIntake(db, 'local', { name: 'Kept', categoryId: '5' });
    db.close();
    const reopened = new KennelDb('kennel-local', idb);
    expect((await readOutbox(reopened)).map((e) => e.payload.name)).toEqual(['Kept']);
    expect((await petsPage(reopened, 'all', 0, 10)).map((p) => p.name)).toEqual(['Kept']);
  });
});

describe('editing, resending and discarding entries', () => {
  async function refused() {
    const db = freshProfileDb();
    const r = await enqueueIntake(db, 'local', { name: 'Bad', categoryId: '7' });
    await db.outbox.update(r.outboxId, {
      state: 'needs-attention',
      attempts: 2,
      lastError: { kind: 'validation', message: 'Name is too long.', status: 400 },
    });
    const entry = await db.outbox.get(r.outboxId);
    if (!entry) throw new Error('setup failed');
    return { db, r, entry };
  }

  it('lists entries that need attention', async () => {
    const { db, r } = await refused();
    await enqueueIntake(db, 'local', { name: 'Fine', categoryId: '1' });
    const list = await needsAttention(db);
    expect(list.map((e) => e.id)).toEqual([r.outboxId]);
    expect(await waitingCount(db)).toBe(1);
  });

  it('edit updates payload and pending row, requeues with a new key and keeps seq', async () => {
    const { db, r, entry } = await refused();
    await correctEntry(db, r.outboxId, {
      name: 'Good',
      categoryId: '8',
      status: 'sold',
    });
    const after = await db.outbox.get(r.outboxId);
    expect(after).toMatchObject({
      payload: { name: 'Good', categoryId: '8', status: 'sold' },
      state: 'queued',
      lastError: null,
      seq: entry.seq,
    });
    expect(after?.idempotencyKey).not.toBe(entry.idempotencyKey);
    expect(await findCachedPet(db, r.localKey)).toMatchObject({
      name: 'Good',
      categoryId: '8',
      status: 'sold',
      pending: 1,
    });
  });

  it('resend requeues with the same key', async () => {
    const { db, r, entry } = await refused();
    await resendEntry(db, r.outboxId);
    const after = await db.outbox.get(r.outboxId);
    expect(after).toMatchObject({ state: 'queued', lastError: null });
    expect(after?.idempotencyKey).toBe(entry.idempotencyKey);
  });

  it('discard removes the entry and its pending animal together', async () => {
    const { db, r } = await refused();
    await discardEntry(db, r.outboxId);
    expect(await db.outbox.get(r.outboxId)).toBeUndefined();
    expect(await db.pets.get(r.localKey)).toBeUndefined();
  });

  it('resend keeps an unknown outcome the user was not asked about, so it is still looked up', async () => {
    const { db, r } = await refused();
    await db.outbox.update(r.outboxId, { outcomeUnknownAt: 1, lookupAfter: 2 });
    await resendEntry(db, r.outboxId);
    expect(await db.outbox.get(r.outboxId)).toMatchObject({ outcomeUnknownAt: 1, lookupAfter: 2 });
  });

  it('resend of a "may already exist" entry and edit forget the unknown outcome: the user has checked', async () => {
    const { db, r } = await refused();
    await db.outbox.update(r.outboxId, { outcomeUnknownAt: 1, lookupAfter: 2, candidates: [] });
    await resendEntry(db, r.outboxId);
    const resent = await db.outbox.get(r.outboxId);
    expect(resent?.outcomeUnknownAt).toBeUndefined();
    expect(resent?.lookupAfter).toBeUndefined();
    await db.outbox.update(r.outboxId, { state: 'needs-attention', outcomeUnknownAt: 1 });
    await correctEntry(db, r.outboxId, { name: 'Again', categoryId: '7' });
    expect((await db.outbox.get(r.outboxId))?.outcomeUnknownAt).toBeUndefined();
  });

  it('edit and resend drop the candidates shown for a lost answer', async () => {
    const { db, r, entry } = await refused();
    const candidates: Pet[] = [{ id: '41', name: 'Bad', categoryId: '7' }];
    await markNeedsAttention(
      db,
      entry,
      { kind: 'unavailable', message: 'It may already exist.' },
      { outcomeUnknownAt: 5, candidates },
    );
    expect(await db.outbox.get(r.outboxId)).toMatchObject({ outcomeUnknownAt: 5, candidates });
    await resendEntry(db, r.outboxId);
    const resent = await db.outbox.get(r.outboxId);
    expect(resent).toMatchObject({ state: 'queued', idempotencyKey: entry.idempotencyKey });
    expect(resent).not.toHaveProperty('candidates');

    await markNeedsAttention(db, entry, { kind: 'unavailable', message: 'Again.' }, { candidates });
    await correctEntry(db, r.outboxId, { name: 'Other', categoryId: '7' });
    const edited = await db.outbox.get(r.outboxId);
    expect(edited).toMatchObject({ state: 'queued', payload: { name: 'Other' } });
    expect(edited).not.toHaveProperty('candidates');
  });

  it.each(['queued', 'sending'] as const)(
    'refuses to edit, resend or discard an entry that is %s',
    async (state) => {
      const { db, r } = await refused();
      await db.outbox.update(r.outboxId, { state });
      const before = await db.outbox.get(r.outboxId);
      const reason = state === 'queued' ? 'queued' : 'in-flight';
      for (const action of [
        () => correctEntry(db, r.outboxId, { name: 'X', categoryId: '1' }),
        () => resendEntry(db, r.outboxId),
        () => discardEntry(db, r.outboxId),
      ]) {
        const err = await action().catch((e: unknown) => e);
        expect(isOutboxEntryError(err) && err.reason).toBe(reason);
      }
      // Same idempotency key, same everything: nothing could be sent twice.
      expect(await db.outbox.get(r.outboxId)).toEqual(before);
      expect(await db.pets.get(r.localKey)).toBeDefined();
    },
  );

  it('refuses to change an entry that is being sent, or is gone', async () => {
    const { db, r } = await refused();
    await db.outbox.update(r.outboxId, { state: 'sending' });
    const inFlight = await correctEntry(db, r.outboxId, { name: 'X', categoryId: '1' }).catch(
      (e: unknown) => e,
    );
    expect(isOutboxEntryError(inFlight) && inFlight.reason).toBe('in-flight');
    await expect(discardEntry(db, r.outboxId)).rejects.toMatchObject({ reason: 'in-flight' });
    expect(await db.pets.get(r.localKey)).toBeDefined();
    const gone = await resendEntry(db, 'no-such-entry').catch((e: unknown) => e);
    expect(isOutboxEntryError(gone) && gone.reason).toBe('not-found');
  });
});

describe('the replayer\u2019s steps', () => {
  async function queued() {
    const db = freshProfileDb();
    const r = await enqueueIntake(db, 'local', { name: 'Rex', categoryId: '3' });
    const entry = await db.outbox.get(r.outboxId);
    if (!entry) throw new Error('setup failed');
    return { db, r, entry };
  }
  const lost: Pet = { id: '51', name: 'Rex', categoryId: '3' };

  it('claim marks the attempt and keeps an earlier unknown outcome unless it was settled', async () => {
    const { db, r, entry } = await queued();
    await db.outbox.update(r.outboxId, { outcomeUnknownAt: 100, candidates: [lost] });
    const kept = await claimEntry(db, r.outboxId, 200);
    expect(kept).toMatchObject({
      state: 'sending',
      attempts: 1,
      lastAttemptAt: 200,
      outcomeUnknownAt: 100,
      idempotencyKey: entry.idempotencyKey,
    });
    expect(await db.outbox.get(r.outboxId)).toEqual(kept);

    await requeueEntry(db, entry, { kind: 'network', message: 'Dropped.' }, 300);
    const settled = await claimEntry(db, r.outboxId, 400, { outcomeSettled: true });
    expect(settled).toMatchObject({ state: 'sending', attempts: 2, lastAttemptAt: 400 });
    expect(settled).not.toHaveProperty('outcomeUnknownAt');
    expect(settled).not.toHaveProperty('candidates');
    expect(await db.outbox.get(r.outboxId)).toEqual(settled);
  });

  it('claim takes only a queued entry', async () => {
    const { db, r } = await queued();
    expect(await claimEntry(db, r.outboxId, 1)).not.toBeNull();
    // Already being sent: a second claim would send it twice.
    expect(await claimEntry(db, r.outboxId, 2)).toBeNull();
    expect(await claimEntry(db, 'gone', 3)).toBeNull();
    expect(await db.outbox.get(r.outboxId)).toMatchObject({ attempts: 1, lastAttemptAt: 1 });
  });

  it('requeue records the first unknown outcome and the next attempt time', async () => {
    const { db, r, entry } = await queued();
    const error = { kind: 'timeout', message: 'No answer.', outcomeUnknown: true } as const;
    await requeueEntry(db, entry, error, 900, { outcomeUnknownAt: 150 });
    expect(await db.outbox.get(r.outboxId)).toMatchObject({
      state: 'queued',
      lastError: error,
      nextAttemptAt: 900,
      outcomeUnknownAt: 150,
    });
  });

  it('complete swaps the pending row for the service animal in one step', async () => {
    const { db, r, entry } = await queued();
    await completeEntry(db, entry, lost);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pets.get(r.localKey)).toBeUndefined();
    expect(await findCachedPet(db, '51')).toMatchObject({ name: 'Rex', pending: 0 });
  });

  it('complete keeps when the animal was typed and sent, and makes its card due, across refreshes', async () => {
    const { db, entry } = await queued();
    const pending = await db.pets.get(entry.localKey);
    expect(pending?.typedAt).toBe(entry.createdAt);
    const before = Date.now();
    await completeEntry(db, entry, lost);
    await upsertServicePets(db, [{ ...lost, status: 'sold' }]);
    const sent = await db.pets.get('51');
    expect(sent).toMatchObject({ status: 'sold', typedAt: entry.createdAt, cardDue: 1 });
    expect(sent?.sentAt).toBeGreaterThanOrEqual(before);
    expect(await db.pets.where('cardDue').equals(1).primaryKeys()).toEqual(['51']);
  });

  it('details open under the pending key find the service record that replaced it, across refreshes', async () => {
    const { db, r, entry } = await queued();
    expect(await followPet(db, r.localKey)).toMatchObject({ key: r.localKey, pending: 1 });
    await completeEntry(db, entry, lost);
    await upsertServicePets(db, [{ ...lost, status: 'sold' }]);
    expect(await followPet(db, r.localKey)).toMatchObject({
      key: '51',
      id: '51',
      pending: 0,
      status: 'sold',
      outboxId: r.outboxId,
    });
    expect(await followPet(db, '51')).toMatchObject({ key: '51' });
    // An animal taken back leaves nothing to follow.
    const other = await enqueueIntake(db, 'local', { name: 'Two', categoryId: '3' });
    expect((await takeBack(db, [other.outboxId])).withdrawn).toBe(1);
    expect(await followPet(db, other.localKey)).toBeUndefined();
  });

  it('recoverInFlight queues sending entries and keeps the attempt time as the unknown outcome', async () => {
    const { db, r } = await queued();
    const second = await enqueueIntake(db, 'local', { name: 'Two', categoryId: '3' });
    const third = await enqueueIntake(db, 'local', { name: 'Three', categoryId: '3' });
    const waiting = await enqueueIntake(db, 'local', { name: 'Waiting', categoryId: '3' });
    await db.outbox.update(r.outboxId, { state: 'sending', attempts: 1, lastAttemptAt: 1_000 });
    // An earlier lost attempt stays the start of the unknown outcome.
    await db.outbox.update(second.outboxId, {
      state: 'sending',
      attempts: 2,
      lastAttemptAt: 2_000,
      outcomeUnknownAt: 500,
    });
    // No attempt time on record: the recovery time stands in.
    await db.outbox.update(third.outboxId, { state: 'sending', attempts: 1 });

    expect(await recoverInFlight(db, 9_000, 24_000)).toBe(3);
    const byId = new Map((await readOutbox(db)).map((e) => [e.id, e]));
    expect(byId.get(r.outboxId)).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastAttemptAt: 1_000,
      outcomeUnknownAt: 1_000,
      // Nobody knows when that request went out: not looked up before the given time.
      lookupAfter: 24_000,
    });
    expect(byId.get(second.outboxId)).toMatchObject({
      state: 'queued',
      lastAttemptAt: 2_000,
      outcomeUnknownAt: 500,
    });
    expect(byId.get(third.outboxId)).toMatchObject({ state: 'queued', outcomeUnknownAt: 9_000 });
    expect(byId.get(waiting.outboxId)).not.toHaveProperty('outcomeUnknownAt');
    expect(byId.get(waiting.outboxId)).not.toHaveProperty('lookupAfter');
    expect(await recoverInFlight(db, 10_000)).toBe(0);
  });
});

describe('reading the outbox back', () => {
  const raw = (db: ReturnType<typeof freshProfileDb>) =>
    db.outbox as unknown as { put(row: unknown): Promise<unknown> };

  it('quarantines entries that fail validation and keeps the rest in seq order', async () => {
    const db = freshProfileDb();
    await enqueueIntake(db, 'local', { name: 'B', categoryId: '1' });
    await enqueueIntake(db, 'local', { name: 'A', categoryId: '1' });
    await raw(db).put({ id: 'broken', seq: 'x', state: 'queued' });
    const good = await readOutbox(db);
    expect(good.map((e) => e.payload.name)).toEqual(['B', 'A']);
    await eventually(async () => expect(await quarantineCount(db)).toBe(1));
    const kept = await db.quarantine.toArray();
    expect(kept).toEqual([
      expect.objectContaining({
        table: 'outbox',
        row: { id: 'broken', seq: 'x', state: 'queued' },
        problem: 'seq is not a number',
      }),
    ]);
    expect(await db.outbox.get('broken')).toBeUndefined();
  });

  it('repairs an entry whose animal still validates into needs-attention, key kept', async () => {
    const db = freshProfileDb();
    const r = await enqueueIntake(db, 'local', { name: 'Rex', categoryId: '3' });
    const stored = await db.outbox.get(r.outboxId);
    await raw(db).put({ ...stored, seq: null, lastError: 'boom', profile: 'elsewhere' });
    await db.pets.delete(r.localKey);

    const [seen] = await readOutbox(db);
    expect(seen).toMatchObject({ id: r.outboxId, state: 'needs-attention' });
    expect(await waitingCount(db)).toBe(1); // not repaired in storage yet: reading writes nothing

    await eventually(async () => expect(await waitingCount(db)).toBe(0));
    expect((await needsAttention(db)).map((e) => e.id)).toEqual([r.outboxId]);
    expect(await quarantineCount(db)).toBe(0);
    const repaired = await db.outbox.get(r.outboxId);
    expect(repaired).toMatchObject({
      state: 'needs-attention',
      profile: 'local',
      idempotencyKey: stored?.idempotencyKey,
      payload: { name: 'Rex', categoryId: '3' },
      seq: 1,
    });
    // Its animal is shown again, as pending.
    expect(await findCachedPet(db, r.localKey)).toMatchObject({ name: 'Rex', pending: 1 });

    // And the user can act on it as on any refused entry.
    await resendEntry(db, r.outboxId);
    expect(await db.outbox.get(r.outboxId)).toMatchObject({
      state: 'queued',
      idempotencyKey: stored?.idempotencyKey,
    });
  });

  it('lets the user discard a damaged but repairable entry before the repair ran', async () => {
    const db = freshProfileDb();
    const r = await enqueueIntake(db, 'local', { name: 'Rex', categoryId: '3' });
    await raw(db).put({ ...(await db.outbox.get(r.outboxId)), attempts: 'x' });
    await discardEntry(db, r.outboxId);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pets.count()).toBe(0);
  });

  it('reports pending animals whose entry is gone', async () => {
    const db = freshProfileDb();
    await enqueueIntake(db, 'local', { name: 'A', categoryId: '1' });
    const b = await enqueueIntake(db, 'local', { name: 'B', categoryId: '1' });
    expect((await orphanedPendingRows(db)).length).toBe(0);
    await raw(db).put({ id: b.outboxId, seq: 2, payload: null });
    await readOutbox(db);
    await eventually(async () => expect(await quarantineCount(db)).toBe(1));
    expect((await orphanedPendingRows(db)).map((p) => p.key)).toEqual([b.localKey]);
    expect((await orphanedPendingRows(db)).length).toBe(1);
  });
});
