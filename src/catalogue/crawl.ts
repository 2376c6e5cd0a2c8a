/**
 * A refresh of the whole catalogue the service will show: the unfiltered list,
 * then, when that one was cut, each status's list, every page the service links
 * to. Each page is merged into the cache as it arrives (nothing is ever
 * deleted), so the list fills while the refresh runs and an error keeps what
 * came before it.
 */
import type { BridgeError } from '../../electron/contract/errors';
import type { KennelApi } from '../../electron/contract/bridge';
import type { ListPetsQuery } from '../../electron/contract/pet';
import type { ProfileName } from '../../electron/contract/profiles';
import type { RequestLane } from '../../electron/contract/pacing';
import { LIST_LIMIT } from '../../electron/contract/pet';
import type { KennelDb } from '../data/db';
import { upsertServicePets, type ListName } from '../data/pets';
import { walkList } from './page-walker';
import {
  CATALOGUE_LISTS,
  readCoverage,
  writeCoverage,
  type CatalogueCoverage,
  type ListCoverage,
} from './coverage';

/**
 * Pages followed per list at most: 100,000 animals at 100 a page. A service
 * whose links never end must not spend the whole day's budget.
 */
const MAX_PAGES_PER_LIST = 1_000;

export interface CrawlDeps {
  api: Pick<KennelApi, 'listPetsPage'>;
  db: KennelDb;
  profile: ProfileName;
  lane: RequestLane;
  now?: () => number;
  /** Stops between pages: a refresh the user asked for replaces a background one. */
  signal?: AbortSignal;
}

/** What a refresh did. */
export interface CrawlSummary {
  /** Distinct animals the service returned. */
  fetched: number;
  requests: number;
  /** The unfiltered list was read to its end: every animal the service holds is here. */
  complete: boolean;
  coverage: CatalogueCoverage;
}

export type CrawlResult =
  { ok: true; value: CrawlSummary } | { ok: false; error: BridgeError; summary: CrawlSummary };

interface ListRead {
  coverage: ListCoverage | null;
  error: BridgeError | null;
}

const LIMIT = LIST_LIMIT.max;

class Crawl {
  readonly seen = new Set<string>();
  requests = 0;

  constructor(private readonly deps: CrawlDeps) {}

  /** Reads one list to its end, following `next` links; each page goes into the cache. */
  async readList(list: ListName): Promise<ListRead> {
    const query: ListPetsQuery = list === 'all' ? { limit: LIMIT } : { limit: LIMIT, status: list };
    const walked = await walkList(query, {
      api: this.deps.api,
      profile: this.deps.profile,
      lane: this.deps.lane,
      maxPages: MAX_PAGES_PER_LIST,
      ...(this.deps.signal === undefined ? {} : { signal: this.deps.signal }),
      onPage: async (pets) => {
        await upsertServicePets(this.deps.db, pets);
        for (const pet of pets) this.seen.add(pet.id);
      },
    });
    this.requests += walked.requests;
    if (walked.end === 'failed') return { coverage: null, error: walked.error };
    const coverage: ListCoverage = {
      count: walked.count,
      pages: walked.pages,
      complete: walked.complete,
      cut: walked.cut,
    };
    if (walked.end === 'loop' || walked.end === 'cap' || walked.end === 'refused') {
      coverage.unfinished = walked.end;
    }
    return { coverage, error: null };
  }
}

/** Refreshes the catalogue into the cache and records what the lists proved. */
export async function crawlCatalogue(deps: CrawlDeps): Promise<CrawlResult> {
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const previous = await readCoverage(deps.db);
  const crawl = new Crawl(deps);
  const lists: CatalogueCoverage['lists'] = {};
  let error: BridgeError | null;

  const all = await crawl.readList('all');
  error = all.error;
  if (all.coverage !== null) lists.all = all.coverage;
  const allComplete = all.coverage?.complete === true;
  for (const list of CATALOGUE_LISTS) {
    if (list === 'all' || error !== null) continue;
    if (allComplete) {
      lists[list] = { count: 0, pages: 0, complete: true, cut: false, coveredByAll: true };
      continue;
    }
    const read = await crawl.readList(list);
    error = read.error;
    if (read.coverage !== null) lists[list] = read.coverage;
  }

  // A refresh replaced by a newer one leaves the record to that one.
  const cancelled = deps.signal?.aborted === true;
  const coverage: CatalogueCoverage = {
    startedAt,
    finishedAt: now(),
    // A list this refresh did not get to keeps what the last one learned.
    lists: error === null ? lists : { ...(previous?.lists ?? {}), ...lists },
    lastCompleteAt: allComplete ? startedAt : (previous?.lastCompleteAt ?? null),
  };
  if (!cancelled) await writeCoverage(deps.db, coverage);
  const summary: CrawlSummary = {
    fetched: crawl.seen.size,
    requests: crawl.requests,
    complete: allComplete,
    coverage,
  };
  return error === null ? { ok: true, value: summary } : { ok: false, error, summary };
}
