/**
 * Reconciliation. The spec shows no `Idempotency-Key`, so a service may ignore
 * it; then sending again a create whose answer was lost (dropped connection,
 * timeout, a gateway's 502/504) creates the animal twice. Before such an entry
 * is sent again, Kennel looks for it on the service:
 *
 * - read the list of the entry's status, then (if that did not settle it) the
 *   unfiltered list, `limit` = 100 each, following the service's `Link`
 *   pages where it offers them (up to {@link RECONCILE_MAX_PAGES});
 * - a candidate is an animal with the entry's name, category and status (any
 *   status when none was sent) that this computer did not know before the lost
 *   attempt (not cached, or first seen after it);
 * - one candidate: it is the animal; adopt it, send nothing;
 * - no candidate, and a list that would hold it came back complete (shorter
 *   than asked, or read to its last linked page): it is absent; send again;
 * - otherwise (several candidates, or every list was cut at the limit and the
 *   service shows no way to page further) Kennel cannot tell: the user decides.
 */
import { LIST_LIMIT, type ListPetsQuery, type NewPet, type Pet } from '../../electron/contract/pet';
import type { BridgeError } from '../../electron/contract/errors';
import type { BridgeResult } from '../../electron/contract/bridge';
import { walkList } from '../catalogue/page-walker';
import type { OutboxEntry } from '../data/db';
import { knownBefore, upsertServicePets } from '../data/pets';
import type { EngineContext } from './context';

/** What reconciliation concluded about one entry. */
export type Verdict =
  /** The lost attempt created this animal. */
  | { kind: 'found'; pet: Pet }
  /** The service has no such animal: the entry can be sent again. */
  | { kind: 'absent' }
  /** Kennel cannot tell; `candidates` may be empty (the lists were cut short). */
  | { kind: 'unsure'; candidates: Pet[] }
  /** A list could not be read; the entry waits as after a failed send. */
  | { kind: 'read-failed'; error: BridgeError };

/** One list as reconciliation saw it. */
interface ListLook {
  /** The animals in the answer that could be the entry's. */
  candidates: Pet[];
  /** The list's end was seen (a short page, or the last linked one), so nothing was left out. */
  complete: boolean;
}

/**
 * Linked pages read per list at most (10,000 animals): enough to settle a
 * lost answer in a large shelter without spending an hour's budget on one.
 */
const RECONCILE_MAX_PAGES = 100;

/** Reads one list to its end or to the page cap; each page is merged into the cache. */
async function readList(
  ctx: EngineContext,
  query: ListPetsQuery,
): Promise<BridgeResult<{ pets: Pet[]; complete: boolean }>> {
  const pets: Pet[] = [];
  const walked = await walkList(query, {
    api: ctx.api,
    profile: ctx.profile,
    lane: 'intake',
    maxPages: RECONCILE_MAX_PAGES,
    onPage: async (page) => {
      pets.push(...page);
      await upsertServicePets(ctx.db, page);
    },
  });
  if (walked.error !== null) return { ok: false, error: walked.error };
  return { ok: true, value: { pets, complete: walked.complete } };
}

/** True when `pet` has what the entry sent: same name, category, and status when one was sent. */
function matchesPayload(pet: Pet, payload: NewPet): boolean {
  return (
    pet.name === payload.name &&
    pet.categoryId === payload.categoryId &&
    (payload.status === undefined || pet.status === payload.status)
  );
}

/**
 * Judges the lists read so far. Null: not settled yet, read the next list
 * (`last` false); with `last` true it always answers.
 */
function judge(looks: readonly ListLook[], last: boolean): Verdict | null {
  const byId = new Map<string, Pet>();
  for (const look of looks) for (const pet of look.candidates) byId.set(pet.id, pet);
  const candidates = [...byId.values()];
  const [only] = candidates;
  if (candidates.length === 1 && only !== undefined) return { kind: 'found', pet: only };
  if (candidates.length > 1) return { kind: 'unsure', candidates };
  if (looks.some((look) => look.complete)) return { kind: 'absent' };
  return last ? { kind: 'unsure', candidates: [] } : null;
}

/**
 * Looks for the animal `entry` may already have created. Every read goes
 * through the bridge like any request (the governor paces it) and its answer is
 * merged into the cache, as a refresh would.
 */
export async function reconcile(ctx: EngineContext, entry: OutboxEntry): Promise<Verdict> {
  const { db } = ctx;
  const since = entry.outcomeUnknownAt ?? entry.lastAttemptAt ?? entry.createdAt;
  const limit = LIST_LIMIT.max;
  const status = entry.payload.status;
  // Without a status the service's default is not shown, so only the
  // unfiltered list is sure to hold the animal.
  const queries = status === undefined ? [{ limit }] : [{ limit, status }, { limit }];
  const looks: ListLook[] = [];
  for (const [index, query] of queries.entries()) {
    const result = await readList(ctx, query);
    if (!result.ok) return { kind: 'read-failed', error: result.error };
    const { pets, complete } = result.value;
    const matching = pets.filter((pet) => matchesPayload(pet, entry.payload));
    const known = await knownBefore(
      db,
      matching.map((pet) => pet.id),
      since,
    );
    looks.push({
      candidates: matching.filter((pet) => !known.has(pet.id)),
      complete,
    });
    const verdict = judge(looks, index === queries.length - 1);
    if (verdict !== null) return verdict;
  }
  // Not reached: the last list always gives a verdict.
  return { kind: 'unsure', candidates: [] };
}

/**
 * The `code` of the error an entry keeps when reconciliation could not settle
 * it, with candidates or without (too many animals to check). Kennel's own, so
 * the "kennel:" prefix keeps them apart from the service's codes; the error
 * texts (`src/errors/messages.ts`) word them.
 */
const MAY_EXIST_CODES = {
  candidates: 'kennel:may-already-exist',
  unchecked: 'kennel:may-already-exist-unchecked',
} as const;

/** The error an entry keeps when reconciliation could not settle it. */
export function mayExistError(candidates: readonly Pet[]): BridgeError {
  return {
    kind: 'unavailable',
    code: candidates.length === 0 ? MAY_EXIST_CODES.unchecked : MAY_EXIST_CODES.candidates,
    message:
      candidates.length === 0
        ? 'The answer was lost and the list was too long to check.'
        : 'The answer was lost and animals like it are on the service.',
  };
}
