// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { LastExchange, notingExchanges } from '../../../../src/sync/last-exchange';
import { loadLastSyncAt } from '../../../../src/sync/status-mirror';
import { eventually } from '../../../helpers/eventually';
import { freshProfileDb } from '../data/test-db';
import { testRandom } from '../support/seed';
import { scriptedApi } from './scripted-api';

/** "Last synced" follows every good answer from the service, not only a drained queue. */
const T = Date.UTC(2030, 0, 7, 9, 30, 0);

const engines: SyncEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
});

describe('a refresh is an exchange with the service', () => {
  it('records when the list was fetched, with nothing ever queued', async () => {
    const db = freshProfileDb();
    const s = scriptedApi();
    s.store({ name: 'Bella', categoryId: '2', status: 'available' });
    const engine = createSyncEngine({
      random: testRandom(),
      profile: 'local',
      db,
      api: s.api,
      locks: null,
      now: () => T,
    });
    engines.push(engine);
    engine.start();
    expect(await loadLastSyncAt(db)).toBeNull();

    expect(await engine.refresh({ lane: 'user' })).toMatchObject({ ok: true });

    await eventually(async () => (await loadLastSyncAt(db)) === T, 'the refresh recorded');
    // The queue was never drained: only the refresh can have said so.
    expect(engine.status.value.syncing).toBeNull();
  });

  it('records nothing when the service could not be reached', async () => {
    const db = freshProfileDb();
    const s = scriptedApi();
    s.setList(() => ({ kind: 'network', message: 'connect ECONNREFUSED' }));
    const engine = createSyncEngine({
      random: testRandom(),
      profile: 'local',
      db,
      api: s.api,
      locks: null,
      now: () => T,
    });
    engines.push(engine);
    engine.start();

    expect(await engine.refresh({ lane: 'user' })).toMatchObject({ ok: false });
    await engine.stop();

    expect(await loadLastSyncAt(db)).toBeNull();
  });
});

describe('notingExchanges', () => {
  it('counts a create that went through, not one refused, nor Kennel’s own bookkeeping', async () => {
    const s = scriptedApi();
    let notes = 0;
    const api = notingExchanges(s.api, { note: () => (notes += 1) });
    s.setCreate((_call, index) =>
      index === 1 ? { kind: 'validation', message: 'name is required' } : undefined,
    );
    const pet = { name: 'Rex', categoryId: '2' };

    await api.createPet('local', pet, { idempotencyKey: 'a' });
    expect(notes).toBe(1);
    await api.createPet('local', pet, { idempotencyKey: 'b' });
    await api.idempotencyProvenAt('local');
    await api.cancelCreate('local', { idempotencyKey: 'b' });
    expect(notes).toBe(1);
    await api.listPets('local', { limit: 1 });
    await api.listPetsPage('local', { query: { limit: 1 } });
    expect(notes).toBe(3);
    expect(s.creates).toHaveLength(2);
  });
});

describe('LastExchange', () => {
  it('writes at most once per interval and never loses the latest answer', async () => {
    const db = freshProfileDb();
    let clock = T;
    const exchange = new LastExchange(db, () => clock, 1_000);

    exchange.note();
    await eventually(async () => (await loadLastSyncAt(db)) === T, 'first answer written');
    clock = T + 300;
    exchange.note();
    clock = T + 600;
    exchange.note();
    // Held back within the interval…
    expect(await loadLastSyncAt(db)).toBe(T);
    // …and written, the latest of them, when the engine stops or the interval ends.
    exchange.flush();
    await eventually(async () => (await loadLastSyncAt(db)) === T + 600, 'latest answer written');
  });
});
