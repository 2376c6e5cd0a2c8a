import type { BridgeError, KennelApi, Pet, ProfileName } from '../../electron/contract';
import type { CachedPet, KennelDb } from '../data/db';
import { cacheServicePet, findCachedPet } from '../data/pets';

/** An animal as the detail panel shows it, wherever it came from. */
export interface AnimalDetail {
  /** Cache key: the service id, or `local:<uuid>` while waiting to sync. */
  key: string;
  id: string | null;
  name: string;
  categoryId: string;
  status: string | null;
  /** Still waiting to be sent to the service. */
  pending: boolean;
  /** `service` when it had to be fetched with the deprecated `getPet`. */
  source: 'cache' | 'service';
  /** The removal date the service announced for `getPet`, when it sent one. */
  sunset: string | null;
}

/** The result of {@link lookupAnimal}. */
export type LookupOutcome = { ok: true; detail: AnimalDetail } | { ok: false; error: BridgeError };

/** What {@link lookupAnimal} works with. */
export interface LookupDeps {
  db: KennelDb;
  api: Pick<KennelApi, 'getPet'>;
  profile: ProfileName;
}

/** The detail view of a cached row. */
export function detailFromCache(row: CachedPet): AnimalDetail {
  return {
    key: row.key,
    id: row.id,
    name: row.name,
    categoryId: row.categoryId,
    status: row.status,
    pending: row.pending === 1,
    source: 'cache',
    sunset: null,
  };
}

function detailFromService(pet: Pet, sunset: string | null): AnimalDetail {
  return {
    key: pet.id,
    id: pet.id,
    name: pet.name,
    categoryId: pet.categoryId,
    status: pet.status ?? null,
    pending: false,
    source: 'service',
    sunset,
  };
}

/**
 * Finds an animal by its service ID: from the cache first, and only when it is
 * not cached from the deprecated `getPet`, whose answer is then cached so the
 * next lookup does not call it again.
 */
export async function lookupAnimal(deps: LookupDeps, id: string): Promise<LookupOutcome> {
  try {
    const cached = await findCachedPet(deps.db, id);
    if (cached !== undefined) return { ok: true, detail: detailFromCache(cached) };
  } catch {
    // An unreadable cache must not hide the animal: ask the service instead.
  }
  const result = await deps.api.getPet(deps.profile, id);
  if (!result.ok) return result;
  try {
    await cacheServicePet(deps.db, result.value.pet);
  } catch {
    // Showing the animal matters more than remembering it.
  }
  return { ok: true, detail: detailFromService(result.value.pet, result.value.deprecation.sunset) };
}
