import { describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../../electron/contract/errors';
import type { NewPet, Pet, PetStatus } from '../../../../electron/contract/pet';
import type { KennelDb, OutboxEntry } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { findCachedPet } from '../../../../src/data/pets';
import { describeError } from '../../../../src/errors/messages';
import type { EngineContext } from '../../../../src/sync/context';
import { DEFAULT_BACKOFF } from '../../../../src/sync/engine';
import { mayExistError, reconcile } from '../../../../src/sync/reconcile';
import { StatusPublisher } from '../../../../src/sync/status-publisher';
import { StatusHolder } from '../../../../src/sync/sync-status';
import { Waker } from '../../../../src/sync/wake';
import { freshProfileDb } from '../data/test-db';
import { scriptedApi, type ScriptedApi } from './scripted-api';
import { testRandom } from '../support/seed';
import { putServicePets } from '../support/service-pets';

const pet = (id: string, name: string, categoryId = '3', status?: string): Pet =>
  status === undefined ? { id, name, categoryId } : { id, name, categoryId, status };

const MINUTE = 60_000;

function contextFor(db: KennelDb, s: ScriptedApi): EngineContext {
  const status = new StatusHolder(new StatusPublisher(db, 500, Date.now));
  return {
    profile: 'local',
    db,
    api: s.api,
    now: Date.now,
    random: testRandom(),
    backoff: DEFAULT_BACKOFF,
    status,
    waker: new Waker(),
    isStopping: () => false,
    onUnauthorized: () => undefined,
  };
}

/** An entry whose last attempt, a minute ago, got no answer. */
async function lostEntry(db: KennelDb, payload: NewPet): Promise<OutboxEntry> {
  const r = await enqueueIntake(db, 'local', payload);
  const at = Date.now() - MINUTE;
  await db.outbox.update(r.outboxId, { attempts: 1, lastAttemptAt: at, outcomeUnknownAt: at });
  const entry = (await readOutbox(db)).find((e) => e.id === r.outboxId);
  if (!entry) throw new Error('setup failed');
  return entry;
}

async function setup(payload: NewPet = { name: 'Rex', categoryId: '3', status: 'available' }) {
  const db = freshProfileDb();
  const s = scriptedApi();
  const entry = await lostEntry(db, payload);
  return { db, s, entry, ctx: contextFor(db, s) };
}

/** Animals of other names, to fill the service's list up to `count`. */
function fill(s: ScriptedApi, count: number, status: PetStatus = 'available'): void {
  for (let i = 0; i < count; i++) s.store({ name: `Other ${i}`, categoryId: '3', status });
}

/**
 * Whether reconciling an entry that sent `sent` takes `candidate` as its
 * animal, first on the service before 100 others: every list is cut, so the
 * candidate is judged in the unfiltered one too.
 */
async function matchesPayload(candidate: NewPet, sent: NewPet): Promise<boolean> {
  const { s, entry, ctx } = await setup(sent);
  const stored = s.store(candidate);
  fill(s, 100, sent.status ?? 'available');
  const verdict = await reconcile(ctx, entry);
  const notTaken = { kind: 'unsure', candidates: [] };
  expect(verdict).toEqual(verdict.kind === 'found' ? { kind: 'found', pet: stored } : notTaken);
  return verdict.kind === 'found';
}

const fields = (name: string, categoryId = '3', status?: PetStatus): NewPet =>
  status === undefined ? { name, categoryId } : { name, categoryId, status };

describe("which animal on the service is the entry's", () => {
  const sent: NewPet = { name: 'Rex', categoryId: '3', status: 'available' };

  it('the same name, category and status', async () => {
    expect(await matchesPayload(fields('Rex', '3', 'available'), sent)).toBe(true);
  });

  it.each<[string, NewPet]>([
    ['another name', fields('Rexy', '3', 'available')],
    ['a name in another case', fields('rex', '3', 'available')],
    ['another category', fields('Rex', '4', 'available')],
    ['another status', fields('Rex', '3', 'sold')],
    ['no status', fields('Rex', '3')],
  ])('not one with %s', async (_label, candidate) => {
    expect(await matchesPayload(candidate, sent)).toBe(false);
  });

  it('any status, or none, when none was sent', async () => {
    const noStatus: NewPet = { name: 'Rex', categoryId: '3' };
    // 'lost': a status the service may hold that Kennel never sends.
    const statuses: (PetStatus | undefined)[] = [
      'available',
      'pending',
      'sold',
      'lost' as PetStatus,
    ];
    for (const status of [...statuses, undefined]) {
      expect(await matchesPayload(fields('Rex', '3', status), noStatus)).toBe(true);
    }
    expect(await matchesPayload(fields('Rex', '4'), noStatus)).toBe(false);
  });

  it('one candidate is the animal, even when the list was cut', async () => {
    const { s, entry, ctx } = await setup();
    const lost = s.store(entry.payload, entry.idempotencyKey);
    fill(s, 99);
    expect(await reconcile(ctx, entry)).toEqual({ kind: 'found', pet: lost });
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100, status: 'available' }]);
  });
});

describe('reconcile', () => {
  it('finds the one new animal that matches, reading only the list of its status', async () => {
    const { s, entry, ctx } = await setup();
    fill(s, 5);
    const lost = s.store(entry.payload, entry.idempotencyKey);
    expect(await reconcile(ctx, entry)).toEqual({ kind: 'found', pet: lost });
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100, status: 'available' }]);
    expect(s.creates).toEqual([]);
  });

  it('does not take an animal that was cached before the attempt', async () => {
    const { db, s, entry, ctx } = await setup();
    // Someone else's Rex, already on screen before this one was sent.
    const twin = s.store(entry.payload);
    const since = entry.outcomeUnknownAt ?? 0;
    await putServicePets(db, [twin], { now: since - MINUTE });
    expect(await reconcile(ctx, entry)).toEqual({ kind: 'absent' });
  });

  it('takes an animal first seen after the attempt, as when a probe pulled it in', async () => {
    const { db, s, entry, ctx } = await setup();
    const lost = s.store(entry.payload, entry.idempotencyKey);
    const since = entry.outcomeUnknownAt ?? 0;
    await putServicePets(db, [lost], { now: since + 10 });
    expect(await reconcile(ctx, entry)).toEqual({ kind: 'found', pet: lost });
  });

  it('no match and a short list: absent', async () => {
    const { s, entry, ctx } = await setup();
    fill(s, 98);
    s.store({ ...entry.payload, status: 'sold' });
    // 99 of its status: one short of the limit, so the list holds them all.
    s.store({ ...entry.payload, categoryId: '4' });
    expect(await reconcile(ctx, entry)).toEqual({ kind: 'absent' });
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100, status: 'available' }]);
  });

  it('no match and both lists exactly at the limit: unsure, with no candidates', async () => {
    const { s, entry, ctx } = await setup();
    fill(s, 100);
    expect(await reconcile(ctx, entry)).toEqual({ kind: 'unsure', candidates: [] });
    expect(s.lists.map((l) => l.query)).toEqual([
      { limit: 100, status: 'available' },
      { limit: 100 },
    ]);
  });

  it('two matches: unsure, with both', async () => {
    const { s, entry, ctx } = await setup();
    const first = s.store(entry.payload);
    fill(s, 3);
    const second = s.store(entry.payload, entry.idempotencyKey);
    expect(await reconcile(ctx, entry)).toEqual({ kind: 'unsure', candidates: [first, second] });
  });

  it('without a status sent, reads only the unfiltered list and takes any status', async () => {
    const { s, entry, ctx } = await setup({ name: 'Rex', categoryId: '3' });
    fill(s, 10, 'sold');
    const lost = s.store({ ...entry.payload, status: 'pending' }, entry.idempotencyKey);
    expect(await reconcile(ctx, entry)).toEqual({ kind: 'found', pet: lost });
    expect(s.lists.map((l) => l.query)).toEqual([{ limit: 100 }]);

    const cut = scriptedApi();
    fill(cut, 100, 'sold');
    expect(await reconcile(contextFor(ctx.db, cut), entry)).toEqual({
      kind: 'unsure',
      candidates: [],
    });
    expect(cut.lists.map((l) => l.query)).toEqual([{ limit: 100 }]);
  });

  it.each([0, 1])(
    'a failed read (list %i) ends it: read-failed, with the error',
    async (failing) => {
      const { s, entry, ctx } = await setup();
      fill(s, 100);
      const error: BridgeError = { kind: 'timeout', message: 'No answer.', outcomeUnknown: true };
      s.setList((_call, index) => (index === failing ? error : undefined));
      expect(await reconcile(ctx, entry)).toEqual({ kind: 'read-failed', error });
      expect(s.lists).toHaveLength(failing + 1);
    },
  );

  it('merges every answer into the cache, keeping when each animal was first seen', async () => {
    const { db, s, entry, ctx } = await setup();
    const known = s.store({ name: 'Old', categoryId: '3', status: 'available' });
    fill(s, 2);
    await putServicePets(db, [{ ...known, name: 'Old name' }], { now: 5, firstSeenAt: 1 });
    const before = Date.now();
    await reconcile(ctx, entry);
    expect(await findCachedPet(db, known.id)).toMatchObject({ name: 'Old', firstSeenAt: 1 });
    expect((await findCachedPet(db, known.id))?.updatedAt).toBeGreaterThanOrEqual(before);
    const others = [...s.created.values()].filter((p) => p.id !== known.id);
    for (const other of others) {
      expect((await findCachedPet(db, other.id))?.firstSeenAt).toBeGreaterThanOrEqual(before);
    }
    // Its own pending row is still there: adopting it is the replayer's step.
    expect(await findCachedPet(db, entry.localKey)).toMatchObject({ pending: 1 });
  });
});

describe('mayExistError', () => {
  it('is worded by the error texts as the lost answer it is, with or without candidates', () => {
    const unchecked = describeError(mayExistError([]));
    expect(unchecked.summary).toMatch(/cannot tell whether the service added it/);
    expect(unchecked.next).toMatch(/more animals than Kennel can check/);
    const some = describeError(mayExistError([pet('1', 'Rex')]));
    expect(some.summary).toBe(unchecked.summary);
    expect(some.next).toMatch(/could be it/);
  });
});
