/**
 * The details drawer of the animals list: a row clicked, or an ID looked up
 * (the cache first, then the service), and the animal followed as it changes
 * until the drawer closes. Part of the pets store (`stores/pets.ts`).
 */
import { shallowRef, watch } from 'vue';
import type { BridgeError } from '../../../electron/contract/errors';
import { api } from '../../api';
import { parseAnimalId } from '../../animals/animal-id';
import { detailFromCache, type AnimalDetail } from '../../animals/animal-detail';
import type { CachedPet, KennelDb } from '../../data/db';
import { errorMessage } from '../../errors/messages';
import { storageReadMessage } from '../../errors/storage-read';
import { t } from '../../i18n';
import { useKeysStore } from '../keys';
import type { useProfileStore } from '../profile';
import { useFollowedAnimal } from './followed-animal';

/** The detail panel's state. */
type DetailState =
  | { kind: 'none' }
  | { kind: 'loading'; id: string }
  | { kind: 'shown'; detail: AnimalDetail }
  /**
   * `error` is kept so the view can offer its Details; without it `message`
   * (a mistyped ID) is all there is to say.
   */
  | { kind: 'error'; id?: string; message: string; error?: BridgeError };

export function useDetailPanel(profile: ReturnType<typeof useProfileStore>) {
  const detail = shallowRef<DetailState>({ kind: 'none' });
  let lookupSeq = 0;

  /** Shows a row of the list; it is in the cache already, so no request is made. */
  function openRow(row: CachedPet): void {
    lookupSeq += 1;
    detail.value = { kind: 'shown', detail: detailFromCache(row) };
  }

  /** Finds an animal by ID: cache first, then the deprecated `getPet`. */
  async function findById(raw: string): Promise<void> {
    const parsed = parseAnimalId(raw);
    if (!parsed.ok) {
      detail.value = { kind: 'error', message: parsed.message };
      return;
    }
    const seq = ++lookupSeq;
    const asked = profile.active;
    detail.value = { kind: 'loading', id: parsed.id };
    let db: KennelDb;
    let lookupAnimal: typeof import('../../animals/lookup').lookupAnimal;
    try {
      db = await profile.whenDb();
      // The lookup's code (and the list walk it may need) is fetched on the first lookup.
      ({ lookupAnimal } = await import('../../animals/lookup'));
    } catch (error) {
      if (seq === lookupSeq) {
        detail.value = {
          kind: 'error',
          id: parsed.id,
          message: storageReadMessage(error, t('data.what.animals')),
        };
      }
      return;
    }
    const outcome = await lookupAnimal({ db, api, profile: asked }, parsed.id);
    // A newer lookup, a row click or a profile switch wins over this answer.
    if (seq !== lookupSeq || asked !== profile.active) return;
    if (outcome.ok) {
      detail.value = { kind: 'shown', detail: outcome.detail };
      return;
    }
    const message =
      outcome.searchedLists === true
        ? outcome.error.message
        : errorMessage(outcome.error, { petId: parsed.id });
    detail.value = { kind: 'error', id: parsed.id, message, error: outcome.error };
    if (outcome.error.kind === 'unauthorized') void useKeysStore().open(asked, 'rejected');
  }

  /** Closes the detail panel. */
  function closeDetail(): void {
    lookupSeq += 1;
    detail.value = { kind: 'none' };
  }

  /** The animal in the detail panel as it is now: it follows the animal until it closes. */
  const { shown: shownDetail } = useFollowedAnimal({
    db: () => profile.db,
    chosen: () => (detail.value.kind === 'shown' ? detail.value.detail : null),
    gone: closeDetail,
  });

  watch(
    () => profile.active,
    () => closeDetail(),
  );

  return { detail, shownDetail, openRow, findById, closeDetail };
}
