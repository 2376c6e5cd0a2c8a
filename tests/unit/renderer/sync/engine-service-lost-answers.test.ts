// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListPetsQuery, NewPet } from '../../../../electron/contract/pet';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { needsAttention, readOutbox } from '../../../../src/data/outbox-reads';
import { resendEntry } from '../../../../src/data/resend';
import { petsPage } from '../../../../src/data/pets';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { freshProfileDb } from '../data/test-db';
import { eventually } from '../../../helpers/eventually';
import type { EngineApi } from './scripted-api';
import { startServiceWithCore, type PairFaults, type ServiceWithCore } from './service-pair';
import { testRandom } from '../support/seed';

const quick = { afterFailureMs: 5, afterTimeoutMs: 10 };
const fast = { baseMs: 20, capMs: 40 };
const settles = { timeoutMs: 20_000 };

const open: { engine?: SyncEngine; pair?: ServiceWithCore }[] = [];
afterEach(async () => {
  for (const { engine, pair } of open.splice(0)) {
    await engine?.stop();
    await pair?.close();
  }
});

/** The engine over `api`, with short waits; `onIdle` as given. */
function startEngine(
  db: KennelDb,
  api: EngineApi,
  pair: ServiceWithCore,
  onIdle?: (wakeAt: number | null) => void,
): SyncEngine {
  const engine = createSyncEngine({
    random: testRandom(),
    profile: 'local',
    db,
    api,
    locks: null,
    reconcileDelays: quick,
    probeBackoff: fast,
    ...(onIdle === undefined ? {} : { onIdle }),
  });
  open.push({ engine, pair });
  engine.start();
  return engine;
}

/** Animals with every kind of payload: each status, and none. */
function animals(prefix: string, count: number): NewPet[] {
  const statuses = ['available', 'pending', 'sold', undefined] as const;
  return Array.from({ length: count }, (_, i) => {
    const status = statuses[i % statuses.length];
    const pet: NewPet = { name: `${prefix} ${i}`, categoryId: String(1 + (i % 2)) };
    if (status !== undefined) pet.status = status;
    return pet;
  });
}

async function takeIn(db: KennelDb, pets: readonly NewPet[]): Promise<void> {
  for (const pet of pets) {
    await enqueueIntake(db, 'local', pet);
  }
}

const outboxEmpty = (db: KennelDb) => async () => (await db.outbox.count()) === 0;

type Struck = keyof ReturnType<ServiceWithCore['faultsStruck']>;

interface FaultCase {
  label: string;
  /** The fault at a given share of creations. */
  at: (share: number) => PairFaults;
  struck: Struck;
  deadlineMs?: number;
}

const FAULTS: FaultCase[] = [
  {
    label: 'the connection drops after the animal was created',
    at: (share) => ({ dropAfterCreateRate: share }),
    struck: 'dropped',
  },
  {
    label: 'a gateway answers 502 after the animal was created',
    at: (share) => ({ errorAfterCreateRate: share, errorAfterCreateStatuses: [502] }),
    struck: 'errored',
  },
  {
    label: 'a gateway answers 504 after the animal was created',
    at: (share) => ({ errorAfterCreateRate: share, errorAfterCreateStatuses: [504] }),
    struck: 'errored',
  },
  {
    label: 'the answer comes after the client gave up',
    // Held well past the core's attempt timeout, which follows the deadline.
    at: (share) => ({ slowAfterCreateRate: share, slowAfterCreateMs: 2_000 }),
    struck: 'slowed',
    deadlineMs: 400,
  },
];

const MODES: [string, boolean][] = [
  ['a service that ignores Idempotency-Key, as the spec shows', false],
  ['a service that honours Idempotency-Key', true],
];

describe.each(MODES)('lost answers on %s', (_mode, idempotency) => {
  it.each(FAULTS.map((f): [string, FaultCase] => [f.label, f]))(
    '%s: every animal ends on the service exactly once',
    async (_label, { at, struck, deadlineMs }) => {
      const pair = await startServiceWithCore({
        service: { idempotency },
        faults: at(1),
        ...(deadlineMs === undefined ? {} : { deadlineMs }),
      });
      const db = freshProfileDb();
      startEngine(db, pair.api, pair);

      // Every answer lost: each animal must be found rather than sent again.
      const first = animals('First', 3);
      await takeIn(db, first);
      await eventually(outboxEmpty(db), 'first animals settled', settles);
      expect(pair.faultsStruck()[struck]).toBe(first.length);

      // Then half of them, mixed with answers that arrive.
      pair.setFaults(at(0.5));
      const more = animals('More', 9);
      await takeIn(db, more);
      await eventually(outboxEmpty(db), 'all animals settled', settles);

      const all = [...first, ...more];
      const stored = pair.storedPets();
      expect(stored.map((p) => p.name).sort()).toEqual(all.map((p) => p.name).sort());
      for (const pet of all) {
        expect(stored.find((p) => p.name === pet.name)).toMatchObject(pet);
      }
      // An after-create fault always leaves the animal on the service: no create is ever repeated.
      expect(pair.createRequests()).toBe(all.length);
      expect(await needsAttention(db)).toEqual([]);
      const page = await petsPage(db, 'all', 0, 100);
      expect(page.map((p) => [p.id, p.pending]).sort()).toEqual(
        stored.map((p) => [p.id, 0]).sort(),
      );
    },
    40_000,
  );

  it('a lost answer on a service whose list is cut goes to the user, is not sent again, and Resend sends it with its key', async () => {
    // 300 demo animals, 120 of them available: both lists come back full.
    const pair = await startServiceWithCore({
      service: { idempotency, seed: 300 },
      faults: { dropAfterCreateRate: 1 },
    });
    const db = freshProfileDb();
    await takeIn(db, [{ name: 'Needle', categoryId: '1', status: 'available' }]);
    const idles: (number | null)[] = [];
    const engine = startEngine(db, pair.api, pair, (wakeAt) => idles.push(wakeAt));

    await eventually(async () => (await needsAttention(db)).length === 1, 'handed to the user');
    const [kept] = await needsAttention(db);
    if (!kept) throw new Error('entry gone');
    expect(kept).toMatchObject({
      attempts: 1,
      candidates: [],
      lastError: { code: 'kennel:may-already-exist-unchecked' },
    });
    // Nothing queued is left: the replayer waits for a change, with no deadline of its own.
    await eventually(() => idles.includes(null), 'replayer idle');
    expect(pair.createRequests()).toBe(1);
    expect(pair.storedPets().filter((p) => p.name === 'Needle')).toHaveLength(1);

    pair.setFaults({});
    await resendEntry(db, kept.id);
    await engine.syncNow();
    await eventually(outboxEmpty(db), 'resent');
    expect(pair.createKeys()).toEqual([kept.idempotencyKey, kept.idempotencyKey]);
    const needles = pair.storedPets().filter((p) => p.name === 'Needle');
    const proof = await pair.api.idempotencyProvenAt('local');
    if (idempotency) {
      // The service answered with the creation it had kept, and Kennel noted that it honours the key.
      expect(needles).toHaveLength(1);
      expect(proof).toEqual({ ok: true, value: expect.any(Number) });
    } else {
      // What the user was asked to check first: a service that ignores the key adds it again.
      expect(needles).toHaveLength(2);
      expect(proof).toEqual({ ok: true, value: null });
    }
    const cached = (await petsPage(db, 'all', 0, 500)).filter((p) => p.name === 'Needle');
    expect(cached.map((p) => p.pending)).not.toContain(1);
    expect(cached.map((p) => p.id)).toContain(needles[needles.length - 1]?.id);
  }, 30_000);
});

describe('lost answers in a large shelter whose service pages its list', () => {
  it('reads every linked page and finds the animal instead of asking the user', async () => {
    // The same 300 animals as above, but the service offers `Link` pages: the
    // lists are no longer cut, so reconciliation can settle it alone.
    const pair = await startServiceWithCore({
      service: { seed: 300, pagination: true },
      faults: { dropAfterCreateRate: 1 },
    });
    const db = freshProfileDb();
    await takeIn(db, [{ name: 'Needle', categoryId: '1', status: 'available' }]);
    startEngine(db, pair.api, pair);

    await eventually(outboxEmpty(db), 'settled by reconciliation', settles);
    expect(await needsAttention(db)).toEqual([]);
    expect(pair.createRequests()).toBe(1);
    const needles = pair.storedPets().filter((p) => p.name === 'Needle');
    expect(needles).toHaveLength(1);
    const cached = (await petsPage(db, 'all', 0, 500)).filter((p) => p.name === 'Needle');
    expect(cached.map((p) => [p.id, p.pending])).toEqual([[needles[0]?.id, 0]]);
  }, 30_000);

  it('sends again when every linked page shows the animal is absent', async () => {
    // Refused before it is stored, then its answer never came: nothing to find.
    const pair = await startServiceWithCore({
      service: { seed: 300, pagination: true },
      faults: { dropBeforeRate: 1 },
    });
    const db = freshProfileDb();
    await takeIn(db, [{ name: 'Thread', categoryId: '1', status: 'available' }]);
    startEngine(db, pair.api, pair);
    await eventually(() => pair.createRequests() >= 1, 'first attempt');
    pair.setFaults({});

    await eventually(outboxEmpty(db), 'sent again once absent', settles);
    expect(await needsAttention(db)).toEqual([]);
    expect(pair.storedPets().filter((p) => p.name === 'Thread')).toHaveLength(1);
  }, 30_000);
});

describe('lost answers on a service proven to honour Idempotency-Key', () => {
  it('sends each lost create again with its key and reads no list', async () => {
    const pair = await startServiceWithCore({ service: { idempotency: true } });
    // Seen honouring the key once: the same create twice gets the stored answer.
    // A fixed key: the service is this test's own, so no other create carries it.
    const key = '11111111-1111-4111-8111-111111111111';
    const pet = { name: 'Witness', categoryId: '1' };
    await pair.api.createPet('local', pet, { idempotencyKey: key });
    const replayed = await pair.api.createPet('local', pet, { idempotencyKey: key });
    expect(replayed.ok).toBe(true);
    await eventually(async () => {
      const proof = await pair.api.idempotencyProvenAt('local');
      return proof.ok && proof.value !== null;
    }, 'proof recorded');

    const reads: ListPetsQuery[] = [];
    const api: EngineApi = {
      ...pair.api,
      listPets: (profile, query) => {
        reads.push(query);
        return pair.api.listPets(profile, query);
      },
    };
    pair.setFaults({ dropAfterCreateRate: 1 });
    const db = freshProfileDb();
    const pets = animals('Proven', 4);
    await takeIn(db, pets);
    const keys = (await readOutbox(db)).map((e) => e.idempotencyKey);
    startEngine(db, api, pair);
    await eventually(outboxEmpty(db), 'settled', settles);

    expect(reads.filter((q) => q.limit !== 1)).toEqual([]);
    // Each key twice: the lost attempt, then the one answered from the stored
    // creation. Several first attempts may be in flight at once, so only the
    // count per key is fixed, not the interleaving.
    const sent = pair.createKeys().slice(2);
    expect(sent).toHaveLength(keys.length * 2);
    for (const k of keys) expect(sent.filter((s) => s === k)).toHaveLength(2);
    const stored = pair.storedPets().map((p) => p.name);
    expect(stored[0]).toBe('Witness');
    expect(stored.slice(1).sort()).toEqual(pets.map((p) => p.name).sort());
  }, 30_000);
});
