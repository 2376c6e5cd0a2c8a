// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_FROM_SERVICE_CODE, type BridgeError } from '../../../../electron/contract/errors';
import type { NewPet } from '../../../../electron/contract/pet';
import type { KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { needsAttention } from '../../../../src/data/outbox-reads';
import { countPets, upsertServicePets } from '../../../../src/data/pets';
import { errorMessage } from '../../../../src/errors/messages';
import { createSyncEngine, DEFAULT_BACKOFF, type SyncEngine } from '../../../../src/sync/engine';
import { freshProfileDb } from '../data/test-db';
import { eventually } from '../../../helpers/eventually';
import { scriptedApi } from './scripted-api';
import { startServiceWithCore, type ServiceWithCore } from './service-pair';
import { installVirtualClock, type VirtualClock } from './virtual-clock';
import { testRandom } from '../support/seed';

/** What the Node side makes of a sign-in page's answer (`electron/core/http/from-service.ts`). */
const PORTAL: BridgeError = {
  kind: 'malformed-response',
  message: 'The answer is a web page, so it cannot have come from the service.',
  status: 200,
  code: NOT_FROM_SERVICE_CODE,
};
const PORTAL_SENTENCE = 'The network in front of the service is answering instead of it';
/** Sending must start again within this long of the page going away. */
const RESUME_DEADLINE_MS = 30_000;

const engines: SyncEngine[] = [];
const pairs: ServiceWithCore[] = [];
let clock: VirtualClock | null = null;
afterEach(async () => {
  const stopped = Promise.all(engines.splice(0).map((e) => e.stop()));
  await (clock ? clock.run(stopped) : stopped);
  clock?.uninstall();
  clock = null;
  for (const pair of pairs.splice(0)) await pair.close();
});

function animals(count: number): NewPet[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `Portal ${String(i + 1).padStart(2, '0')}`,
    categoryId: '1',
    status: 'available',
  }));
}

function namesOnce(names: readonly string[], stored: readonly { name: string }[]): void {
  for (const name of names)
    expect(
      stored.filter((p) => p.name === name),
      name,
    ).toHaveLength(1);
}

describe('a sign-in page in front of the service, on the virtual clock', () => {
  it('is out of reach, not online; nothing goes to the user; sending resumes soon after it goes', async () => {
    const virtual = (clock = installVirtualClock());
    const db: KennelDb = freshProfileDb();
    const s = scriptedApi();
    await upsertServicePets(db, [{ id: '1', name: 'Kept', categoryId: '1', status: 'sold' }]);
    s.store({ name: 'Kept', categoryId: '1', status: 'sold' });
    let portal = true;
    s.setCreate(() => (portal ? PORTAL : undefined));
    s.setList(() => (portal ? PORTAL : undefined));
    // The engine's real backoff: the one staff live with.
    const engine = createSyncEngine({
      random: testRandom(),
      profile: 'local',
      db,
      api: s.api,
      locks: null,
      probeBackoff: DEFAULT_BACKOFF,
    });
    engines.push(engine);
    engine.start();

    // Twelve animals typed over about 15 s, each followed by "send now", as the add form does.
    const pets = animals(12);
    for (const pet of pets) {
      await virtual.run(enqueueIntake(db, 'local', pet));
      await virtual.run(engine.syncNow());
      await virtual.run(new Promise((resolve) => setTimeout(resolve, 1_250)));
    }
    expect(s.creates.length).toBeGreaterThan(0);
    expect(engine.status.value.connection).not.toBe('online');
    expect(engine.status.value.lastError).toMatchObject({ code: NOT_FROM_SERVICE_CODE });
    const { lastError } = engine.status.value;
    expect(lastError === null ? '' : errorMessage(lastError)).toContain(PORTAL_SENTENCE);
    expect(await needsAttention(db)).toEqual([]);
    // The page's answers to list reads took nothing from the cache.
    expect(await countPets(db, 'all')).toBe(1 + pets.length);

    portal = false;
    const gone = virtual.now();
    // The deadline is a timer of its own: the virtual clock reaches it in its turn, never skips it.
    let deadlinePassed = false;
    setTimeout(() => (deadlinePassed = true), RESUME_DEADLINE_MS);
    const sent = () => [...s.created.values()].some((p) => p.name.startsWith('Portal'));
    await virtual.until(() => sent() || deadlinePassed, 'an animal sent, or the deadline');
    expect(sent(), 'an animal sent within the deadline').toBe(true);
    console.log(`sending resumed ${virtual.now() - gone} ms (virtual) after the page went away`);
    await virtual.until(async () => (await db.outbox.count()) === 0, 'every animal sent');
    namesOnce(
      pets.map((p) => p.name),
      [...s.created.values()],
    );
    expect(engine.status.value).toMatchObject({ connection: 'online', lastError: null });
  });
});

describe('a sign-in page in front of the real service, through the real core', () => {
  it('sends every animal exactly once once it is gone, with none for the user', async () => {
    const pair = await startServiceWithCore({ faults: { portalRate: 1 } });
    pairs.push(pair);
    const db = freshProfileDb();
    const engine = createSyncEngine({
      random: testRandom(),
      profile: 'local',
      db,
      api: pair.api,
      locks: null,
      reconcileDelays: { afterFailureMs: 5, afterTimeoutMs: 10 },
      probeBackoff: { baseMs: 20, capMs: 40 },
    });
    engines.push(engine);
    engine.start();
    const pets = animals(12);
    for (const pet of pets) await enqueueIntake(db, 'local', pet);
    await eventually(() => pair.portalAnswers() >= 3, 'the page answered', { timeoutMs: 10_000 });
    expect(engine.status.value.lastError).toMatchObject({ code: NOT_FROM_SERVICE_CODE });
    expect(engine.status.value.connection).not.toBe('online');

    pair.setFaults({});
    await eventually(async () => (await db.outbox.count()) === 0, 'sent', { timeoutMs: 15_000 });
    namesOnce(
      pets.map((p) => p.name),
      pair.storedPets(),
    );
    expect(pair.createRequests()).toBe(pets.length);
    expect(await needsAttention(db)).toEqual([]);
  }, 40_000);
});
