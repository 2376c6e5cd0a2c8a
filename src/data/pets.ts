/**
 * Queries over the cached animals and the writes that bring service data in.
 * Every query but the no-status one walks an index (`order` or
 * `[status+order]`), so a page is as fast with 100,000 rows as with 100.
 */
import { PET_STATUSES, type Pet, type PetStatus } from '../../electron/contract/pet';
import type { CachedPet, KennelDb } from './db';
import { foldText } from '../text/fold';
import { syncedOrder } from './order';
import { deferQuarantine } from './deferred-quarantine';
import { quarantineRows, storedKey, type BadRow } from './quarantine';
import { cachedPetProblem, isCachedPet } from './row-checks';

/** A list the service gives: one status's, or every animal's. */
export type ListName = PetStatus | 'all';

/** A list filter: a service list, or the animals without a status (`none`). */
export type StatusFilter = ListName | 'none';

/** Every filter, in the order the status filter offers them. */
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...PET_STATUSES, 'none'];

// Return type inferred: Dexie's collection type carries the table's insert type.
function inOrder(db: KennelDb, filter: StatusFilter) {
  if (filter === 'all') return db.pets.orderBy('order');
  // IndexedDB leaves a null status out of `[status+order]`, so no index holds
  // exactly these rows: the list order is walked and filtered. Only until the
  // catalogue index is built, which answers this filter from memory after that.
  if (filter === 'none') return db.pets.orderBy('order').filter((row) => row.status === null);
  // `[filter]` sorts before every `[filter, order]` and `[filter, []]` after
  // them (an array sorts above any string): the bounds Dexie's minKey and
  // maxKey give, without importing Dexie's code here.
  return db.pets.where('[status+order]').between([filter], [filter, []], true, true);
}

/**
 * How many cached animals match `filter` (pending ones included). Counted over
 * the same index the pages walk, so the count and the pages always agree.
 */
export async function countPets(db: KennelDb, filter: StatusFilter): Promise<number> {
  if (filter !== 'none') return inOrder(db, filter).count();
  // Every row with a list order, less those with a status: two index counts, no row read.
  const [all, withStatus] = await Promise.all([
    db.pets.orderBy('order').count(),
    db.pets.orderBy('[status+order]').count(),
  ]);
  return all - withStatus;
}

/** Splits raw rows into valid pets and rows to quarantine. */
function checkRows(rows: readonly unknown[]): { good: CachedPet[]; bad: BadRow[] } {
  const good: CachedPet[] = [];
  const bad: BadRow[] = [];
  for (const row of rows) {
    const problem = cachedPetProblem(row);
    if (problem === null) good.push(row as CachedPet);
    else bad.push({ key: storedKey(row, 'key'), row, problem });
  }
  return { good, bad };
}

// A page reads on past damaged rows to stay full; bounded so a database full
// of damage still answers.
const MAX_PAGE_READS = 4;

/**
 * One page of the list, in `order`. Read-only, so it can run inside a live
 * query: rows that fail validation are left out (the page reads on past them
 * to stay full) and handed to the deferred quarantine step, so the list never
 * shows or crashes on a damaged row.
 */
export async function petsPage(
  db: KennelDb,
  filter: StatusFilter,
  offset: number,
  limit: number,
): Promise<CachedPet[]> {
  const from = Math.max(0, Math.floor(offset));
  const size = Math.max(0, Math.floor(limit));
  if (size === 0) return [];
  const good: CachedPet[] = [];
  const bad: BadRow[] = [];
  let position = from;
  for (let read = 0; read < MAX_PAGE_READS && good.length < size; read++) {
    const wanted = size - good.length;
    const rows: unknown[] = await inOrder(db, filter).offset(position).limit(wanted).toArray();
    const checked = checkRows(rows);
    good.push(...checked.good);
    bad.push(...checked.bad);
    if (checked.bad.length === 0 || rows.length < wanted) break;
    position += rows.length;
  }
  deferQuarantine(db, 'pets', bad);
  return good;
}

/**
 * Checks every cached row and quarantines those that fail, including rows a
 * page can never reach (no usable `order`). A full scan that writes: run it in
 * the background (never inside a live query), not on the way to showing a
 * list. Returns how many were found.
 */
export async function auditPets(db: KennelDb): Promise<number> {
  const bad: BadRow[] = [];
  await db.pets.toCollection().each((row: unknown) => {
    const problem = cachedPetProblem(row);
    if (problem !== null) bad.push({ key: storedKey(row, 'key'), row, problem });
  });
  await quarantineRows(db, 'pets', bad);
  return bad.length;
}

/**
 * A cached animal by service id or by local key (`local:<uuid>`); validated.
 * Read-only: a damaged row is not returned but handed to the deferred quarantine.
 */
export async function findCachedPet(db: KennelDb, id: string): Promise<CachedPet | undefined> {
  // Synced rows are keyed by their id, pending rows by their local key.
  let row: unknown = await db.pets.get(id);
  if (row === undefined && !id.startsWith('local:')) {
    row = await db.pets.where('id').equals(id).first();
  }
  if (row === undefined) return undefined;
  const { good, bad } = checkRows([row]);
  deferQuarantine(db, 'pets', bad);
  return good[0];
}

/**
 * The animal whose details are open under `key`, as the cache holds it now:
 * the row itself, or, once a pending row (`local:<uuid>`) has been replaced by
 * the service's record, that record (`completeEntry` keeps the entry's id on
 * it). Undefined when neither is there (taken back, or discarded). Read-only.
 */
export async function followPet(db: KennelDb, key: string): Promise<CachedPet | undefined> {
  const row: unknown =
    (await db.pets.get(key)) ??
    (key.startsWith('local:')
      ? await db.pets
          .where('outboxId')
          .equals(key.slice('local:'.length))
          .filter((pet) => pet.pending === 0)
          .first()
      : undefined);
  if (row === undefined) return undefined;
  const { good, bad } = checkRows([row]);
  deferQuarantine(db, 'pets', bad);
  return good[0];
}

/**
 * The cache row for a service animal. `firstSeenAt` is when this computer
 * first saw it: now for an animal new to the cache, the stored value otherwise.
 */
function toCachedPet(pet: Pet, now: number, firstSeenAt: number): CachedPet {
  return {
    key: pet.id,
    id: pet.id,
    name: pet.name,
    nameKey: foldText(pet.name),
    categoryId: pet.categoryId,
    status: pet.status ?? null,
    pending: 0,
    outboxId: null,
    order: syncedOrder(pet.id),
    updatedAt: now,
    firstSeenAt,
  };
}

/**
 * When a stored row was first seen, or null when there is no row or no usable
 * time: such a row may be new, so a lookup asks the user rather than resend.
 */
function firstSeenOf(row: unknown): number | null {
  const seen = (row as { firstSeenAt?: unknown } | undefined)?.firstSeenAt;
  return typeof seen === 'number' && Number.isFinite(seen) ? seen : null;
}

/**
 * Writes service animals into the cache in one transaction, keeping when each
 * was first seen and, for those typed here, when they were typed. The spec has
 * no pagination beyond `limit`, so an animal missing from a page proves
 * nothing: nothing is ever deleted here. Inside a caller's transaction (which
 * must include `pets`) it joins that one.
 */
export async function upsertServicePets(db: KennelDb, pets: readonly Pet[]): Promise<void> {
  if (pets.length === 0) return;
  const now = Date.now();
  await db.transaction('rw', db.pets, async () => {
    const stored: unknown[] = await db.pets.bulkGet(pets.map((pet) => pet.id));
    await db.pets.bulkPut(
      pets.map((pet, i) => {
        const row = toCachedPet(pet, now, firstSeenOf(stored[i]) ?? now);
        return { ...row, ...deskFieldsOf(stored[i]) };
      }),
    );
  });
}

/** What only this computer knows of an animal, which the service's record must not wipe. */
type DeskFields = Pick<CachedPet, 'typedAt' | 'sentAt' | 'cardDue' | 'imported' | 'otherDesk'> & {
  outboxId?: string;
};

/** The desk fields of a stored row that are usable; none for a fetched-only row or no row. */
function deskFieldsOf(row: unknown): DeskFields {
  const stored = (row ?? {}) as Record<string, unknown>;
  const fields: DeskFields = {};
  if (typeof stored.outboxId === 'string') fields.outboxId = stored.outboxId;
  if (isTime(stored.typedAt)) fields.typedAt = stored.typedAt;
  if (isTime(stored.sentAt)) fields.sentAt = stored.sentAt;
  if (stored.cardDue === 1) fields.cardDue = 1;
  if (stored.imported === 1) fields.imported = 1;
  if (isCachedPet(stored) && stored.otherDesk !== undefined) fields.otherDesk = stored.otherDesk;
  return fields;
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The ids among `ids` that this computer already knew before `since` (epoch
 * ms, local clock). Read-only.
 */
export async function knownBefore(
  db: KennelDb,
  ids: readonly string[],
  since: number,
): Promise<Set<string>> {
  const rows: unknown[] = await db.pets.bulkGet([...ids]);
  const known = new Set<string>();
  rows.forEach((row, i) => {
    const id = ids[i];
    const seen = firstSeenOf(row);
    if (id !== undefined && seen !== null && seen < since) known.add(id);
  });
  return known;
}

/** Writes one service animal into the cache (a create or a detail fetch). */
export async function cacheServicePet(db: KennelDb, pet: Pet): Promise<void> {
  await upsertServicePets(db, [pet]);
}
