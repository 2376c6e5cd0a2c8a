import type { BridgeError } from '../../electron/contract/errors';
import type { KennelApi } from '../../electron/contract/bridge';
import type { Pet } from '../../electron/contract/pet';
import type { ProfileName } from '../../electron/contract/profiles';
import { LIST_LIMIT } from '../../electron/contract/pet';
import { CATALOGUE_LISTS } from '../catalogue/coverage';
import { walkList } from '../catalogue/page-walker';
import type { KennelDb } from '../data/db';
import { t } from '../i18n';
import { cacheServicePet, findCachedPet, upsertServicePets } from '../data/pets';
import { detailFromCache, type AnimalDetail } from './animal-detail';

/** The result of {@link lookupAnimal}. */
export type LookupOutcome =
  | { ok: true; detail: AnimalDetail }
  /** `searchedLists`: the error's message already says what the lists showed. */
  | { ok: false; error: BridgeError; searchedLists?: boolean };

/** What {@link lookupAnimal} works with. */
export interface LookupDeps {
  db: KennelDb;
  api: Pick<KennelApi, 'getPet' | 'listPetsPage'>;
  profile: ProfileName;
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
  if (!result.ok && result.error.kind === 'unavailable') return findInLists(deps, id);
  if (!result.ok) return result;
  try {
    await cacheServicePet(deps.db, result.value.pet);
  } catch {
    // Showing the animal matters more than remembering it.
  }
  return { ok: true, detail: detailFromService(result.value.pet, result.value.deprecation.sunset) };
}

/**
 * Pages read per list when looking for one animal: 2,000 animals a list. A
 * lookup is one person waiting, not a refresh; it must not spend the day.
 */
export const FIND_MAX_PAGES = 20;

/**
 * Looks for an animal in the service's lists, the replacement the spec names
 * for the retired `getPet`: the unfiltered list, then (unless that one was read
 * to its end) each status, every page the service links to up to
 * {@link FIND_MAX_PAGES}. Pages read are merged into the cache on the way.
 */
export async function findInLists(deps: LookupDeps, id: string): Promise<LookupOutcome> {
  let partial = false;
  for (const list of CATALOGUE_LISTS) {
    const query =
      list === 'all' ? { limit: LIST_LIMIT.max } : { limit: LIST_LIMIT.max, status: list };
    let found: Pet | undefined;
    const walked = await walkList(query, {
      api: deps.api,
      profile: deps.profile,
      lane: 'user',
      maxPages: FIND_MAX_PAGES,
      onPage: async (pets) => {
        try {
          await upsertServicePets(deps.db, pets);
        } catch {
          // Finding the animal matters more than remembering the page.
        }
        found = pets.find((p) => p.id === id);
        return found !== undefined;
      },
    });
    if (found !== undefined) {
      return {
        ok: true,
        detail: { ...detailFromService(found, null), source: 'lists', foundIn: list },
      };
    }
    if (walked.error !== null) return { ok: false, error: walked.error };
    // The whole unfiltered list holds every status: no other list can add to it.
    if (list === 'all' && walked.complete) return notInLists(id, false);
    if (!walked.complete) partial = true;
  }
  return notInLists(id, partial);
}

function notInLists(id: string, partial: boolean): LookupOutcome {
  const message = partial
    ? t('animals.find.notInListsPartial', { id })
    : t('animals.find.notInLists', { id });
  return { ok: false, error: { kind: 'not-found', message }, searchedLists: true };
}
