/**
 * Animals held back because each looks like one added recently, until the user
 * decides: add it anyway, take it back into the form to change it, or drop it.
 * Part of the intake store (`stores/intake.ts`).
 */
import { computed, shallowRef } from 'vue';
import { duplicateWarning, type EarlierAnimal } from '../../animals/duplicates';
import { findRecentDuplicate } from '../../animals/earlier';
import type { CategoryIndex } from '../../data/category-list';
import type { KennelDb } from '../../data/db';
import type { IntakeForm, IntakeSnapshot } from './snapshot';

/** A submitted animal held back because it looks like one added recently, until the user decides. */
export interface HeldDuplicate {
  readonly id: number;
  readonly item: IntakeSnapshot;
  /** "Bella (Dog) was added 3 minutes ago. Add another?", in the profile's current names. */
  readonly warning: string;
}

/** A held duplicate as kept: the warning is worded when shown, so a rename shows at once. */
interface Held {
  readonly id: number;
  readonly item: IntakeSnapshot;
  readonly earlier: EarlierAnimal;
  readonly heldAt: number;
}

interface HeldDuplicatesDeps {
  form: IntakeForm;
  /** The names a snapshot's category is shown with. */
  namesFor(item: IntakeSnapshot): CategoryIndex;
  /** Whether a snapshot was typed for the profile shown now. */
  isActive(item: IntakeSnapshot): boolean;
  /** Queues a snapshot for commit, behind anything already queued. */
  enqueue(item: IntakeSnapshot): void;
}

export function useHeldDuplicates(deps: HeldDuplicatesDeps) {
  const held = shallowRef<readonly Held[]>([]);
  let nextHeldId = 1;

  const duplicates = computed<readonly HeldDuplicate[]>(() =>
    held.value.map(({ id, item, earlier, heldAt }) => ({
      id,
      item,
      warning: duplicateWarning(earlier, heldAt, deps.namesFor(item)),
    })),
  );

  // The check runs in the commit queue, not at the submit: the form has
  // already moved on, so a scanner's next animal is never held up by it. The
  // queue is strictly ordered, so the second of two identical scans sees the
  // first one's entry.
  /** Holds `snapshot` when it looks like an animal added recently; true when it did. */
  async function holdIfDuplicate(db: KennelDb, snapshot: IntakeSnapshot): Promise<boolean> {
    if (snapshot.confirmed === true) return false;
    const now = Date.now();
    const earlier = await findRecentDuplicate(db, snapshot.pet, now);
    if (earlier === null) return false;
    held.value = [...held.value, { id: nextHeldId++, item: snapshot, earlier, heldAt: now }];
    return true;
  }

  function take(id: number): Held | undefined {
    const found = held.value.find((d) => d.id === id);
    if (found !== undefined) held.value = held.value.filter((d) => d !== found);
    return found;
  }

  /** Queues a held duplicate after the user chose "Add another", behind anything already queued. */
  function addAnother(id: number): boolean {
    const found = take(id);
    if (found === undefined) return false;
    deps.enqueue({ ...found.item, confirmed: true });
    return true;
  }

  /** Whether {@link takeBackDuplicate} would put `duplicate` back into the form now. */
  function canTakeBackDuplicate(duplicate: Pick<HeldDuplicate, 'item'>): boolean {
    return deps.form.formEmpty.value && deps.isActive(duplicate.item);
  }

  /** Puts a held duplicate back into the form (to change it), on the same terms as a not-saved one. */
  function takeBackDuplicate(id: number): boolean {
    const found = held.value.find((d) => d.id === id);
    if (found === undefined || !canTakeBackDuplicate(found)) return false;
    held.value = held.value.filter((d) => d !== found);
    deps.form.putBack(found.item.fields);
    return true;
  }

  /** The user decided a held duplicate is not a new animal: it is dropped, on their word only. */
  function dropDuplicate(id: number): boolean {
    return take(id) !== undefined;
  }

  return {
    duplicates,
    holdIfDuplicate,
    addAnother,
    takeBackDuplicate,
    canTakeBackDuplicate,
    dropDuplicate,
  };
}
