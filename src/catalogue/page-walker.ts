/**
 * Reads one list of the service to its end: the first page from a query, then
 * every page the service links to (RFC 8288 `rel="next"`). The one walker of
 * the refresh, of reconciliation and of Find by ID, so they share its guards:
 * a page cap, a loop guard, animals counted once however the pages overlap.
 * When a request may go is the governor's alone: a page it refused ends the
 * walk with the refusal and its `retryAt`, and the caller schedules again from it.
 */
import type { BridgeError } from '../../electron/contract/errors';
import type { KennelApi } from '../../electron/contract/bridge';
import type { ListPetsQuery, Pet, PetsPageRequest } from '../../electron/contract/pet';
import type { ProfileName } from '../../electron/contract/profiles';
import type { RequestLane } from '../../electron/contract/pacing';
import { LIST_LIMIT } from '../../electron/contract/pet';

/** Why a walk ended. */
type WalkEnd =
  /** The service showed the list's end. */
  | 'end'
  /** A link led back to a page already read. */
  | 'loop'
  /** The walk read as many pages as it may. */
  | 'cap'
  /** The service linked its next page somewhere Kennel does not send the key. */
  | 'refused'
  /** The caller had what it needed. */
  | 'stopped'
  /** A request failed or was refused (see `error`), or the walk was cancelled. */
  | 'failed';

export interface WalkResult {
  end: WalkEnd;
  pages: number;
  /** Requests sent, failed ones included. */
  requests: number;
  /** Distinct animals the list returned. */
  count: number;
  /** The service showed the list's end and did not cut it. */
  complete: boolean;
  /** One full page and no link to more: the service shows no way to see the rest. */
  cut: boolean;
  error: BridgeError | null;
}

export interface WalkOptions {
  api: Pick<KennelApi, 'listPetsPage'>;
  profile: ProfileName;
  lane: RequestLane;
  maxPages: number;
  /** Each page's animals not seen on an earlier page; true stops the walk. */
  onPage?: (pets: Pet[]) => Promise<boolean | void> | boolean | void;
  signal?: AbortSignal;
}

function cancelled(): BridgeError {
  return { kind: 'internal', message: 'The refresh was replaced by a newer one.' };
}

/** Walks the list `query` names; see the module comment. */
export async function walkList(query: ListPetsQuery, options: WalkOptions): Promise<WalkResult> {
  const limit = query.limit ?? LIST_LIMIT.default;
  const seen = new Set<string>();
  const visited = new Set<string>();
  let request: PetsPageRequest = { query };
  let pages = 0;
  let requests = 0;
  const result = (end: WalkEnd, error: BridgeError | null = null, lastFull = false): WalkResult => {
    const cut = end === 'end' && pages === 1 && lastFull;
    return { end, pages, requests, count: seen.size, complete: end === 'end' && !cut, cut, error };
  };

  for (;;) {
    if (options.signal?.aborted === true) return result('failed', cancelled());
    requests += 1;
    const answer = await options.api.listPetsPage(options.profile, request, {
      lane: options.lane,
    });
    if (!answer.ok) return result('failed', answer.error);
    pages += 1;
    const { pets, next, linkProblem } = answer.value;
    const fresh = pets.filter((pet) => !seen.has(pet.id));
    for (const pet of fresh) seen.add(pet.id);
    if ((await options.onPage?.(fresh)) === true) return result('stopped');
    if (linkProblem !== undefined) return result('refused');
    if (next === null) return result('end', null, pets.length >= limit);
    if (visited.has(next)) return result('loop');
    if (pages >= options.maxPages) return result('cap');
    visited.add(next);
    request = { next };
  }
}
