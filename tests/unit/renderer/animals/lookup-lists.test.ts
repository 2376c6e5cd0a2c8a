import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../../electron/contract/errors';
import type { BridgeResult, KennelApi } from '../../../../electron/contract/bridge';
import type { GetPetResult, PetsPage } from '../../../../electron/contract/pet';
import { createKennelCore } from '../../../../electron/core/index';
import { startReferenceService, type ReferenceService } from '../../../../server/index';
import { findInLists, lookupAnimal, type LookupDeps } from '../../../../src/animals/lookup';
import { findCachedPet } from '../../../../src/data/pets';
import { freshProfileDb } from '../data/test-db';
import { createFileKeyStore } from '../../../helpers/file-key-store';

type LookupApi = LookupDeps['api'];

/** A day after `getPet`'s removal date (5 December 2030). */
const AFTER_REMOVAL = Date.UTC(2031, 0, 10, 9);

interface Shelter {
  service: ReferenceService;
  api: LookupApi;
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/**
 * The reference service with `seed` animals behind the real core, whose
 * calendar reads `now`: past the removal date the core refuses `getPet`.
 */
async function startShelter(seed: number, pagination: boolean, now: number): Promise<Shelter> {
  const service = await startReferenceService({ port: 0, seed, pagination });
  closers.push(() => service.close());
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-lookup-lists-'));
  closers.push(() => rm(dataDir, { recursive: true, force: true }));
  const core = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: 'test',
    env: { KENNEL_LOCAL_URL: service.url, KENNEL_LOCAL_KEY: 'kennel-demo-pro' },
    now: () => now,
    deadlineMs: 5_000,
  });
  closers.push(() => core.close());
  const api: LookupApi = {
    getPet: (...args) => core.dispatch('getPet', args) as Promise<BridgeResult<GetPetResult>>,
    listPetsPage: (...args) =>
      core.dispatch('listPetsPage', args) as Promise<BridgeResult<PetsPage>>,
  };
  return { service, api };
}

/** Requests that reached the service: `getPet` calls and list pages. */
function requests(service: ReferenceService): { getPet: number; lists: number } {
  const gets = service.state.requests.filter((r) => r.method === 'GET');
  return {
    getPet: gets.filter((r) => /^\/v1\/pets\/\d+/.test(r.path)).length,
    lists: gets.filter((r) => /^\/v1\/pets(\?|$)/.test(r.path)).length,
  };
}

function storedPet(service: ReferenceService, id: string) {
  const pet = service.state.pets().find((p) => p.id.toString() === id);
  if (pet === undefined) throw new Error(`The seeded service has no animal ${id}.`);
  return pet;
}

describe('lookupAnimal once getPet is retired', () => {
  it('finds an uncached animal in a status list when the unfiltered one is cut', async () => {
    // Without pagination the unfiltered list stops at id 100; 102 is pending.
    const { service, api } = await startShelter(350, false, AFTER_REMOVAL);
    const db = freshProfileDb();
    const wanted = storedPet(service, '102');
    expect(wanted.status).toBe('pending');

    const outcome = await lookupAnimal({ db, api, profile: 'local' }, '102');

    expect(outcome).toEqual({
      ok: true,
      detail: {
        key: '102',
        id: '102',
        name: wanted.name,
        categoryId: wanted.categoryId.toString(),
        status: 'pending',
        pending: false,
        source: 'lists',
        foundIn: 'pending',
        sunset: null,
      },
    });
    // The core refused getPet without sending it; the unfiltered, available and pending lists were read.
    expect(requests(service)).toEqual({ getPet: 0, lists: 3 });
    // The pages read were cached on the way, so the next lookup is answered at once.
    expect((await findCachedPet(db, '1'))?.name).toBe(storedPet(service, '1').name);
    const again = await lookupAnimal({ db, api, profile: 'local' }, '102');
    expect(again.ok && again.detail.source).toBe('cache');
    expect(requests(service)).toEqual({ getPet: 0, lists: 3 });
  });

  it('follows next links through the unfiltered list', async () => {
    const { service, api } = await startShelter(350, true, AFTER_REMOVAL);
    const db = freshProfileDb();
    // Id 250 has no status: only the unfiltered list can show it, on its third page.
    expect(storedPet(service, '250').status).toBeUndefined();

    const outcome = await lookupAnimal({ db, api, profile: 'local' }, '250');

    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.detail).toMatchObject({ id: '250', source: 'lists', foundIn: 'all' });
    expect(outcome.detail.status).toBeNull();
    expect(requests(service)).toEqual({ getPet: 0, lists: 3 });
  });

  it('says the lists were searched, and that some were cut, when the animal is not in them', async () => {
    // Id 105 exists but has no status and lies beyond the cut unfiltered list.
    const { service, api } = await startShelter(350, false, AFTER_REMOVAL);
    const db = freshProfileDb();

    const outcome = await lookupAnimal({ db, api, profile: 'local' }, '105');

    expect(outcome).toEqual({
      ok: false,
      searchedLists: true,
      error: {
        kind: 'not-found',
        message:
          'No animal has the ID 105 in the lists the service shows. Some lists were only partly read, so the service may still have it.',
      },
    });
    expect(requests(service)).toEqual({ getPet: 0, lists: 4 });
  });

  it('says only that the lists do not show it when no list was cut', async () => {
    const { service, api } = await startShelter(350, true, AFTER_REMOVAL);
    const db = freshProfileDb();

    const outcome = await lookupAnimal({ db, api, profile: 'local' }, '999');

    expect(outcome).toEqual({
      ok: false,
      searchedLists: true,
      error: {
        kind: 'not-found',
        message: 'No animal has the ID 999 in the lists the service shows.',
      },
    });
    expect(requests(service).getPet).toBe(0);
    expect(await db.pets.count()).toBe(350);
  });

  it('reads no status list once the unfiltered list was read to its end', async () => {
    // The unfiltered list holds every animal of every status: once its last
    // page is in, the status lists can only repeat it (the refresh skips them
    // for the same reason). Four pages of 100, not eight.
    const { service, api } = await startShelter(350, true, AFTER_REMOVAL);

    const outcome = await lookupAnimal({ db: freshProfileDb(), api, profile: 'local' }, '999');

    expect(outcome.ok).toBe(false);
    expect(requests(service)).toEqual({ getPet: 0, lists: 4 });
  });

  it('turns to the lists when the service itself answers that getPet is gone', async () => {
    // Before the removal date the core would call getPet; this bridge answers as for a 410.
    const { service, api: real } = await startShelter(350, false, Date.UTC(2030, 0, 6));
    const gone: BridgeError = { kind: 'unavailable', message: 'Fetching one animal was retired.' };
    let getPetCalls = 0;
    const api: LookupApi = {
      async getPet() {
        getPetCalls += 1;
        return { ok: false, error: gone };
      },
      listPetsPage: real.listPetsPage,
    };
    const db = freshProfileDb();

    const outcome = await lookupAnimal({ db, api, profile: 'local' }, '203');

    expect(getPetCalls).toBe(1);
    expect(outcome.ok && outcome.detail).toMatchObject({
      id: '203',
      name: storedPet(service, '203').name,
      source: 'lists',
      foundIn: 'sold',
    });
  });
});

describe('findInLists', () => {
  it('hands back an error from a list as it came, without claiming the lists were searched', async () => {
    const refused: BridgeError = { kind: 'rate-limited', message: 'Slow down.', retryAt: 1 };
    const api: Pick<KennelApi, 'getPet' | 'listPetsPage'> = {
      async getPet() {
        throw new Error('findInLists must not call getPet.');
      },
      async listPetsPage() {
        return { ok: false, error: refused };
      },
    };
    const outcome = await findInLists({ db: freshProfileDb(), api, profile: 'local' }, '5');
    expect(outcome).toEqual({ ok: false, error: refused });
  });
});
