import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../../electron/contract/errors';
import type { BridgeResult, KennelApi } from '../../../../electron/contract/bridge';
import type { Pet, PetsPage, PetsPageRequest } from '../../../../electron/contract/pet';
import type { ProfileName } from '../../../../electron/contract/profiles';
import type { ReadOptions } from '../../../../electron/contract/pacing';
import {
  cutLists,
  readCoverage,
  writeCoverage,
  type CatalogueCoverage,
} from '../../../../src/catalogue/coverage';
import { crawlCatalogue, type CrawlDeps, type CrawlResult } from '../../../../src/catalogue/crawl';
import type { CachedPet, KennelDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { type StatusFilter } from '../../../../src/data/pets';
import { freshProfileDb } from '../data/test-db';
import { putServicePets } from '../support/service-pets';

type PageApi = Pick<KennelApi, 'listPetsPage'>;

/** What this file uses of `tests/helpers/service-with-core.ts` (Node code, loaded at run time). */
interface ServicePair {
  api: PageApi;
  storedPets(): Pet[];
  close(): Promise<void>;
}

interface PairModule {
  startServiceWithCore(options: {
    service: { seed: number; pagination?: boolean };
  }): Promise<ServicePair>;
}

const pairs: ServicePair[] = [];
afterEach(async () => {
  for (const pair of pairs.splice(0)) await pair.close();
});

/** The reference service (`seed` animals, Link pagination on or off) behind the real core. */
async function startService(seed: number, pagination: boolean): Promise<ServicePair> {
  const url = new URL('../../../helpers/service-with-core.ts', import.meta.url).href;
  const helper = (await import(/* @vite-ignore */ url)) as PairModule;
  const pair = await helper.startServiceWithCore({ service: { seed, pagination } });
  pairs.push(pair);
  return pair;
}

function crawl(db: KennelDb, api: PageApi, extra: Partial<CrawlDeps> = {}): Promise<CrawlResult> {
  return crawlCatalogue({ api, db, profile: 'local', lane: 'background', ...extra });
}

function summaryOf(result: CrawlResult) {
  if (!result.ok) throw new Error(`The refresh failed: ${result.error.message}`);
  return result.value;
}

/** What a list of the service returns without pagination: its first 100 animals by id. */
function firstPage(stored: Pet[], list: StatusFilter): Pet[] {
  return stored.filter((pet) => list === 'all' || pet.status === list).slice(0, 100);
}

function asCached(pet: Pet) {
  return { key: pet.id, id: pet.id, name: pet.name, categoryId: pet.categoryId };
}

async function cachedRows(db: KennelDb): Promise<CachedPet[]> {
  return db.pets.toArray();
}

/**
 * The real core's pages, until the script says otherwise: each call's number
 * (from 1) goes to `script`, which may answer an error instead of the service.
 */
function scripted(
  real: PageApi,
  script: (call: number) => BridgeError | undefined,
): PageApi & { calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    async listPetsPage(profile: ProfileName, request: PetsPageRequest, options?: ReadOptions) {
      calls += 1;
      const error = script(calls);
      if (error !== undefined) return { ok: false, error } satisfies BridgeResult<PetsPage>;
      return real.listPetsPage(profile, request, options);
    },
  };
}

const DROPPED: BridgeError = { kind: 'network', message: 'The connection to the service dropped.' };

describe('crawlCatalogue against the reference service without pagination', () => {
  it('reads each status list when the unfiltered one is cut, and caches exactly their union', async () => {
    const pair = await startService(350, false);
    const db = freshProfileDb();
    const stored = pair.storedPets();
    const union = new Map<string, Pet>();
    for (const list of ['all', 'available', 'pending', 'sold'] as const) {
      for (const pet of firstPage(stored, list)) union.set(pet.id, pet);
    }
    // Ids 1-100, then the available ones up to id 250, then every pending and sold one.
    expect(union.size).toBe(260);

    const summary = summaryOf(await crawl(db, pair.api));

    const rows = await cachedRows(db);
    expect(rows.map((row) => row.key).sort()).toEqual([...union.keys()].sort());
    for (const row of rows) {
      const pet = union.get(row.key)!;
      expect(row).toMatchObject({ ...asCached(pet), status: pet.status ?? null, pending: 0 });
    }
    expect(summary).toMatchObject({ fetched: 260, requests: 4, complete: false });
    expect(summary.coverage.lists).toEqual({
      all: { count: 100, pages: 1, complete: false, cut: true },
      available: { count: 100, pages: 1, complete: false, cut: true },
      pending: { count: 70, pages: 1, complete: true, cut: false },
      sold: { count: 70, pages: 1, complete: true, cut: false },
    });
    expect(cutLists(summary.coverage)).toEqual(['all', 'available']);
    expect(summary.coverage.lastCompleteAt).toBeNull();
    expect(await readCoverage(db)).toEqual(summary.coverage);
  });
});

describe('crawlCatalogue against the reference service with Link pagination', () => {
  it('follows the links to all 350 animals and counts the status lists as covered', async () => {
    const pair = await startService(350, true);
    const db = freshProfileDb();
    // A clock that says a later time at each reading, and keeps them.
    const readings: number[] = [];
    const now = (): number => readings[readings.push(1_800_000_000_000 + readings.length) - 1]!;

    const summary = summaryOf(await crawl(db, pair.api, { now }));

    const stored = pair.storedPets();
    const rows = new Map((await cachedRows(db)).map((row) => [row.key, row]));
    expect(rows.size).toBe(350);
    for (const pet of stored) {
      expect(rows.get(pet.id)).toMatchObject({ ...asCached(pet), status: pet.status ?? null });
    }
    expect(summary).toMatchObject({ fetched: 350, requests: 4, complete: true });
    const covered = { count: 0, pages: 0, complete: true, cut: false, coveredByAll: true };
    expect(summary.coverage.lists).toEqual({
      all: { count: 350, pages: 4, complete: true, cut: false },
      available: covered,
      pending: covered,
      sold: covered,
    });
    expect(cutLists(summary.coverage)).toEqual([]);
    const { startedAt, finishedAt, lastCompleteAt } = summary.coverage;
    expect(lastCompleteAt).toBe(startedAt);
    // Started at its first reading of the clock, finished at a later one.
    expect(startedAt).toBe(readings[0]);
    expect(readings).toContain(finishedAt);
    expect(finishedAt).toBeGreaterThan(startedAt!);
    expect(await readCoverage(db)).toEqual(summary.coverage);
  });

  it('keeps a cached animal the complete list did not return, with its old updatedAt', async () => {
    const pair = await startService(350, true);
    const db = freshProfileDb();
    const longAgo = Date.now() - 3_600_000;
    await putServicePets(
      db,
      [
        { id: '9000', name: 'Gone', categoryId: '2', status: 'sold' },
        { id: '7', name: 'Old name', categoryId: '1' },
      ],
      { now: longAgo },
    );
    const gone = await db.pets.get('9000');
    const queued = await enqueueIntake(db, 'local', { name: 'Queued', categoryId: '3' });

    const summary = summaryOf(await crawl(db, pair.api));
    const lastCompleteAt = summary.coverage.lastCompleteAt!;

    expect(await db.pets.get('9000')).toEqual(gone);
    expect(gone?.updatedAt).toBeLessThan(lastCompleteAt);
    expect((await db.pets.get(queued.localKey))?.pending).toBe(1);
    // An animal the list returned is refreshed, and stays first seen when it was.
    const seven = pair.storedPets().find((pet) => pet.id === '7')!;
    expect(await db.pets.get('7')).toMatchObject({
      name: seven.name,
      firstSeenAt: longAgo,
    });
    const returned = (await cachedRows(db)).filter(
      (row) => row.pending === 0 && row.key !== '9000',
    );
    expect(returned).toHaveLength(350);
    expect(returned.every((row) => row.updatedAt >= lastCompleteAt)).toBe(true);
    expect(await db.pets.count()).toBe(352);
  });

  it('keeps the pages merged before an error and the previous complete read', async () => {
    const pair = await startService(350, true);
    const db = freshProfileDb();
    const previous: CatalogueCoverage = {
      startedAt: 1_000,
      finishedAt: 2_000,
      lists: {
        all: { count: 340, pages: 4, complete: true, cut: false },
        sold: { count: 0, pages: 0, complete: true, cut: false, coveredByAll: true },
      },
      lastCompleteAt: 1_000,
    };
    await writeCoverage(db, previous);
    const api = scripted(pair.api, (call) => (call === 3 ? DROPPED : undefined));

    const result = await crawl(db, api);

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual(DROPPED);
    expect(result.summary).toMatchObject({ fetched: 200, requests: 3, complete: false });
    // Two pages arrived and stay; nothing after the error was asked for.
    const keys = (await cachedRows(db)).map((row) => Number(row.key)).sort((a, b) => a - b);
    expect(keys).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(api.calls()).toBe(3);
    expect(result.summary.coverage.lastCompleteAt).toBe(1_000);
    expect(result.summary.coverage.lists).toEqual(previous.lists);
    expect(await readCoverage(db)).toEqual(result.summary.coverage);
  });
});

describe('crawlCatalogue stopping early', () => {
  it('keeps what the lists read before an error and what the last refresh learned of the rest', async () => {
    const pair = await startService(350, false);
    const db = freshProfileDb();
    const previous: CatalogueCoverage = {
      startedAt: 1_000,
      finishedAt: 2_000,
      lists: {
        all: { count: 100, pages: 1, complete: false, cut: true },
        pending: { count: 69, pages: 1, complete: true, cut: false },
        sold: { count: 69, pages: 1, complete: true, cut: false },
      },
      lastCompleteAt: 500,
    };
    await writeCoverage(db, previous);
    // The unfiltered and the available lists answer; the pending one fails.
    const api = scripted(pair.api, (call) => (call === 3 ? DROPPED : undefined));

    const result = await crawl(db, api);

    expect(result.ok).toBe(false);
    if (result.ok) return;
    const stored = pair.storedPets();
    const read = [...firstPage(stored, 'all'), ...firstPage(stored, 'available')];
    const ids = new Set(read.map((pet) => pet.id));
    expect(ids.size).toBe(160);
    const keys = (await cachedRows(db)).map((row) => row.key).sort();
    expect(keys).toEqual([...ids].sort());
    expect(result.summary).toMatchObject({ fetched: 160, requests: 3, complete: false });
    expect(result.summary.coverage.lists).toEqual({
      all: { count: 100, pages: 1, complete: false, cut: true },
      available: { count: 100, pages: 1, complete: false, cut: true },
      pending: previous.lists.pending,
      sold: previous.lists.sold,
    });
    expect(result.summary.coverage.lastCompleteAt).toBe(500);
    expect(api.calls()).toBe(3);
  });

  it('stops between pages once its signal is aborted', async () => {
    const pair = await startService(350, true);
    const db = freshProfileDb();
    const controller = new AbortController();
    let calls = 0;
    const api: PageApi = {
      async listPetsPage(profile, request, options) {
        calls += 1;
        const page = await pair.api.listPetsPage(profile, request, options);
        // A refresh the user asked for replaces this one while its first page is read.
        controller.abort();
        return page;
      },
    };

    const result = await crawl(db, api, { signal: controller.signal });

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('internal');
    expect(calls).toBe(1);
    expect(await db.pets.count()).toBe(100);
    expect(result.summary.coverage.lastCompleteAt).toBeNull();
  });

  it('stops following a next link that leads back to a page already read', async () => {
    const db = freshProfileDb();
    const loop = 'http://127.0.0.1:9/v1/pets?limit=100&cursor=MQ';
    const requests: PetsPageRequest[] = [];
    const api: PageApi = {
      async listPetsPage(_profile, request) {
        requests.push(request);
        const status = 'query' in request ? request.query.status : undefined;
        const pets: Pet[] = [{ id: '1', name: 'Biscuit', categoryId: '1', status: 'available' }];
        // Only the unfiltered list loops; the status lists end at once.
        const next = status === undefined ? loop : null;
        return { ok: true, value: { pets, next } };
      },
    };

    const summary = summaryOf(await crawl(db, api));

    // The same animal on both pages counts once; the list is marked unfinished.
    expect(summary.coverage.lists.all).toEqual({
      count: 1,
      pages: 2,
      complete: false,
      cut: false,
      unfinished: 'loop',
    });
    expect(requests.slice(0, 2)).toEqual([{ query: { limit: 100 } }, { next: loop }]);
    // The unfiltered list was not seen to its end, so each status list was read.
    expect(requests.slice(2)).toEqual([
      { query: { limit: 100, status: 'available' } },
      { query: { limit: 100, status: 'pending' } },
      { query: { limit: 100, status: 'sold' } },
    ]);
    expect(summary.complete).toBe(false);
    expect(summary.coverage.lastCompleteAt).toBeNull();
  });
});
