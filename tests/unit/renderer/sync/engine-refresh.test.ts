// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../../electron/contract/bridge';
import type { PetsPage, PetsPageRequest } from '../../../../electron/contract/pet';
import type { ProfileName } from '../../../../electron/contract/profiles';
import type { ReadOptions } from '../../../../electron/contract/pacing';
import { readCoverage } from '../../../../src/catalogue/coverage';
import { createSyncEngine, type SyncEngine } from '../../../../src/sync/engine';
import { freshProfileDb } from '../data/test-db';
import { eventually } from '../../../helpers/eventually';
import { scriptedApi } from './scripted-api';
import { testRandom } from '../support/seed';

const engines: SyncEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop()));
});

/**
 * An engine whose list pages wait at a gate the test opens, so refreshes can
 * be caught while they run. Every page links to the next one, forever.
 */
function gated() {
  const db = freshProfileDb();
  const s = scriptedApi();
  s.created.set('seed-1', { id: '1', name: 'one', categoryId: '1', status: 'available' });
  const asked: { request: PetsPageRequest; lane: ReadOptions['lane'] }[] = [];
  const gates: (() => void)[] = [];
  const api = {
    ...s.api,
    async listPetsPage(
      profile: ProfileName,
      request: PetsPageRequest,
      options?: ReadOptions,
    ): Promise<BridgeResult<PetsPage>> {
      asked.push({ request, lane: options?.lane });
      await new Promise<void>((open) => gates.push(open));
      const page = await s.api.listPetsPage(profile, request, options);
      if (!page.ok) return page;
      return {
        ok: true as const,
        value: { ...page.value, next: `http://127.0.0.1:9/v1/pets?cursor=${asked.length}` },
      };
    },
  };
  const engine = createSyncEngine({ random: testRandom(), profile: 'local', db, api, locks: null });
  engines.push(engine);
  engine.start();
  const openNext = async (): Promise<void> => {
    await eventually(() => gates.length > 0, 'a page waiting');
    gates.shift()?.();
  };
  return { db, engine, asked, openNext };
}

describe('refreshes that overlap', () => {
  it('joins a refresh already running instead of starting a second one', async () => {
    const { engine, asked, openNext } = gated();
    const first = engine.refresh({ lane: 'user' });
    const second = engine.refresh({ lane: 'user' });
    expect(second).toBe(first);
    await openNext();
    await eventually(() => asked.length === 2, 'second page asked');
    expect(asked.map((a) => a.lane)).toEqual(['user', 'user']);
    const stopping = engine.stop();
    await openNext();
    await stopping;
    expect(await first).toMatchObject({ ok: false });
  });

  it('lets a refresh the user asks for replace a background one, which then records nothing', async () => {
    const { db, engine, asked, openNext } = gated();
    const background = engine.refresh({ lane: 'background' });
    await eventually(() => asked.length === 1, 'background asked its first page');
    const user = engine.refresh({ lane: 'user' });
    expect(user).not.toBe(background);
    // The background page answers after it was replaced: it reads no further.
    await openNext();
    expect(await background).toMatchObject({ ok: false });
    await eventually(() => asked.length === 2, 'user asked its first page');
    expect(asked.map((a) => a.lane)).toEqual(['background', 'user']);
    expect(await readCoverage(db)).toBeNull();
  });

  it('stops a running refresh when the engine stops (a profile switch), sending nothing more', async () => {
    const { engine, asked, openNext } = gated();
    const running = engine.refresh({ lane: 'user' });
    await eventually(() => asked.length === 1, 'first page asked');
    const stopped = engine.stop();
    await openNext();
    await stopped;
    expect(await running).toMatchObject({ ok: false });
    expect(asked).toHaveLength(1);
  });
});
