/**
 * Animals held back because each looks like one added recently, or has a chip
 * already recorded for another animal here, until the user
 * decides: add it anyway, take it back into the form to change it, or drop it.
 * Part of the intake store (`stores/intake.ts`).
 */
import { computed, shallowRef } from 'vue';
import { duplicateWarning, type EarlierAnimal } from '../../animals/duplicates';
import { findRecentDuplicate } from '../../animals/earlier';
import type { CategoryIndex } from '../../data/category-list';
import type { KennelDb } from '../../data/db';
import { t } from '../../i18n';
import { chipWords } from '../../records/record-words';
import { findChipHolder, type ChipHolder } from '../../records/chip-holder';
import type { IntakeForm, IntakeSnapshot } from './snapshot';

/** A submitted animal held back because it looks like one added recently, until the user decides. */
export interface HeldDuplicate {
  readonly id: number;
  readonly item: IntakeSnapshot;
  /** "Bella (Dog) was added 3 minutes ago. Add another?", in the profile's current names. */
  readonly warning: string;
}

/**
 * Why an animal is held: it looks like one added recently, or its chip is
 * already recorded for another animal on this computer.
 */
type HeldReason =
  | { kind: 'look-alike'; earlier: EarlierAnimal }
  | { kind: 'chip'; chip: string; holder: ChipHolder };

/** A held duplicate as kept: the warning is worded when shown, so a rename shows at once. */
interface Held {
  readonly id: number;
  readonly item: IntakeSnapshot;
  readonly reason: HeldReason;
  readonly heldAt: number;
}

function chipWarning(chip: string, holder: ChipHolder): string {
  const grouped = chipWords(chip);
  return holder.name === null
    ? t('records.chipTakenById', { chip: grouped, id: holder.id ?? '' })
    : t('records.chipTaken', { chip: grouped, name: holder.name });
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
    held.value.map(({ id, item, reason, heldAt }) => ({
      id,
      item,
      warning:
        reason.kind === 'chip'
          ? chipWarning(reason.chip, reason.holder)
          : duplicateWarning(reason.earlier, heldAt, deps.namesFor(item)),
    })),
  );

  // The check runs in the commit queue, not at the submit: the form has
  // already moved on, so a scanner's next animal is never held up by it. The
  // queue is strictly ordered, so the second of two identical scans sees the
  // first one's entry.
  /**
   * Holds `snapshot` when its chip is already recorded here (sent, waiting or
   * held) or it looks like an animal added recently; true when it did.
   */
  async function holdIfDuplicate(db: KennelDb, snapshot: IntakeSnapshot): Promise<boolean> {
    if (snapshot.confirmed === true) return false;
    const now = Date.now();
    const reason = await reasonToHold(db, snapshot, now);
    if (reason === null) return false;
    held.value = [...held.value, { id: nextHeldId++, item: snapshot, reason, heldAt: now }];
    return true;
  }

  async function reasonToHold(
    db: KennelDb,
    snapshot: IntakeSnapshot,
    now: number,
  ): Promise<HeldReason | null> {
    const chip = snapshot.record?.fields.chip;
    if (chip !== undefined) {
      const holder = (await findChipHolder(db, chip)) ?? heldWithChip(snapshot, chip);
      if (holder !== null) return { kind: 'chip', chip, holder };
    }
    const earlier = await findRecentDuplicate(db, snapshot.pet, now);
    return earlier === null ? null : { kind: 'look-alike', earlier };
  }

  /** An animal of the same profile already held here with `chip`. */
  function heldWithChip(snapshot: IntakeSnapshot, chip: string): ChipHolder | null {
    const found = held.value.find(
      ({ item }) => item.profile === snapshot.profile && item.record?.fields.chip === chip,
    );
    return found === undefined ? null : { key: '', name: found.item.pet.name, id: null };
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
    deps.form.putBack(found.item.fields, found.item.record);
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
