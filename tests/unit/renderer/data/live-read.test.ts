// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { CachedPet, KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { needsAttention } from '../../../../src/data/outbox-reads';
import { orphanedPendingRows } from '../../../../src/data/orphans';
import { findCachedPet, petsPage, upsertServicePets } from '../../../../src/data/pets';
import { quarantineCount, quarantinedRows } from '../../../../src/data/quarantine';
import { eventually } from '../../../helpers/eventually';
import { freshProfileDb } from './test-db';

/** Follows a query the way the stores do, recording every answer and failure. */
function follow<T>(query: () => Promise<T>) {
  const answers: T[] = [];
  const errors: unknown[] = [];
  const subscription = liveQuery(query).subscribe({
    next: (value) => answers.push(value),
    error: (err: unknown) => errors.push(err),
  });
  subscriptions.push(subscription);
  return { answers, errors, last: () => answers[answers.length - 1] };
}

const subscriptions: { unsubscribe(): void }[] = [];
afterEach(() => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
});

const raw = (db: KennelDb, table: 'pets' | 'outbox') =>
  db[table] as unknown as { put(row: unknown): Promise<unknown> };

describe('reading through a live query with damaged rows present', () => {
  it('the list gets its good rows and the bad row ends in quarantine', async () => {
    const db = freshProfileDb();
    await upsertServicePets(db, [
      { id: '1', name: 'one', categoryId: '1' },
      { id: '2', name: 'two', categoryId: '1' },
      { id: '3', name: 'three', categoryId: '1' },
    ]);
    await raw(db, 'pets').put({ ...(await db.pets.get('2')), categoryId: 'not a number' });

    const page = follow(() => petsPage(db, 'all', 0, 10));
    await eventually(() => page.answers.length > 0, 'a first answer');
    expect(page.errors).toEqual([]);
    expect(page.last()?.map((p) => p.name)).toEqual(['three', 'one']);

    await eventually(async () => (await quarantineCount(db)) === 1, 'the bad row quarantined');
    const [kept] = await quarantinedRows(db);
    expect(kept).toMatchObject({ table: 'pets', problem: 'categoryId is not a decimal string' });
    expect(await db.pets.get('2')).toBeUndefined();
    // The query keeps answering after the move, still without failures.
    await upsertServicePets(db, [{ id: '4', name: 'four', categoryId: '1' }]);
    await eventually(() => page.last()?.length === 3, 'the new row shown');
    expect(page.errors).toEqual([]);
  });

  it('a lookup by id answers without the bad row and quarantines it', async () => {
    const db = freshProfileDb();
    await raw(db, 'pets').put({ key: '7', id: '7', name: 'seven', order: '1:x' });
    const found = follow(() => findCachedPet(db, '7'));
    await eventually(async () => (await quarantineCount(db)) === 1, 'quarantined');
    expect(found.errors).toEqual([]);
    expect(found.answers.length).toBeGreaterThan(0);
    expect(found.answers.every((a: CachedPet | undefined) => a === undefined)).toBe(true);
  });

  it('the needs-attention panel shows a repairable entry at once and keeps answering', async () => {
    const db = freshProfileDb();
    const kept = await enqueueIntake(db, 'local', { name: 'Kept', categoryId: '5' });
    const lost = await enqueueIntake(db, 'local', { name: 'Lost', categoryId: '6' });
    const keptRow = await db.outbox.get(kept.outboxId);
    // Kept: damaged, but its animal is intact. Lost: its animal is gone too.
    await raw(db, 'outbox').put({ ...keptRow, state: 'flying', attempts: 'many' });
    await raw(db, 'outbox').put({ id: lost.outboxId, seq: 2, payload: { name: 7 } });

    const panel = follow(() => needsAttention(db));
    await eventually(() => panel.answers.length > 0, 'a first answer');
    expect(panel.errors).toEqual([]);
    expect(panel.last()?.map((e) => [e.id, e.state, e.payload.name])).toEqual([
      [kept.outboxId, 'needs-attention', 'Kept'],
    ]);

    await eventually(async () => (await quarantineCount(db)) === 1, 'the lost entry quarantined');
    await eventually(
      async () => (await db.outbox.get(kept.outboxId))?.state === 'needs-attention',
      'the kept entry repaired in storage',
    );
    expect(await db.outbox.get(kept.outboxId)).toMatchObject({
      idempotencyKey: keptRow?.idempotencyKey,
      attempts: 0,
      seq: keptRow?.seq,
      lastError: { kind: 'internal', code: 'kennel:repaired' },
    });
    expect(panel.errors).toEqual([]);
    // Lost's pending animal is still shown, and flagged: nothing would ever send it.
    expect((await orphanedPendingRows(db)).length).toBe(1);
  });
});
