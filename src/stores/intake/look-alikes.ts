/**
 * Look-alikes: animals set aside before they are stored because each looks
 * like one added recently, or has a chip already recorded for another animal
 * here, until the user decides: add it anyway, put it back into the form to
 * change it, or drop it. Not to be confused with the hold (`data/hold.ts`),
 * the moment every stored animal waits before it is sent.
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

/** A submitted animal set aside because it looks like one added recently, until the user decides. */
export interface LookAlike {
  readonly id: number;
  readonly item: IntakeSnapshot;
  /** "Bella (Dog) was added 3 minutes ago. Add another?", in the profile's current names. */
  readonly warning: string;
}

/**
 * Why an animal is set aside: it looks like one added recently, or its chip
 * is already recorded for another animal on this computer.
 */
type Reason =
  | { kind: 'look-alike'; earlier: EarlierAnimal }
  | { kind: 'chip'; chip: string; holder: ChipHolder };

/** A look-alike as kept: the warning is worded when shown, so a rename shows at once. */
interface SetAside {
  readonly id: number;
  readonly item: IntakeSnapshot;
  readonly reason: Reason;
  readonly setAsideAt: number;
}

function chipWarning(chip: string, holder: ChipHolder): string {
  const grouped = chipWords(chip);
  return holder.name === null
    ? t('records.chipTakenById', { chip: grouped, id: holder.id ?? '' })
    : t('records.chipTaken', { chip: grouped, name: holder.name });
}

interface LookAlikesDeps {
  form: IntakeForm;
  /** The names a snapshot's category is shown with. */
  namesFor(item: IntakeSnapshot): CategoryIndex;
  /** Whether a snapshot may go back into the form now (the intake store's one rule). */
  canPutBack(entry: { item: IntakeSnapshot }): boolean;
  /** Queues a snapshot for commit, behind anything already queued. */
  enqueue(item: IntakeSnapshot): void;
}

export function useLookAlikes(deps: LookAlikesDeps) {
  const setAside = shallowRef<readonly SetAside[]>([]);
  let nextId = 1;

  const lookAlikes = computed<readonly LookAlike[]>(() =>
    setAside.value.map(({ id, item, reason, setAsideAt }) => ({
      id,
      item,
      warning:
        reason.kind === 'chip'
          ? chipWarning(reason.chip, reason.holder)
          : duplicateWarning(reason.earlier, setAsideAt, deps.namesFor(item)),
    })),
  );

  // The check runs in the commit queue, not at the submit: the form has
  // already moved on, so a scanner's next animal is never held up by it. The
  // queue is strictly ordered, so the second of two identical scans sees the
  // first one's entry.
  /**
   * Sets `snapshot` aside when its chip is already recorded here (sent,
   * waiting, or set aside) or it looks like an animal added recently; true
   * when it did.
   */
  async function setAsideIfLookAlike(db: KennelDb, snapshot: IntakeSnapshot): Promise<boolean> {
    if (snapshot.confirmed === true) return false;
    const now = Date.now();
    const reason = await reasonToSetAside(db, snapshot, now);
    if (reason === null) return false;
    setAside.value = [...setAside.value, { id: nextId++, item: snapshot, reason, setAsideAt: now }];
    return true;
  }

  async function reasonToSetAside(
    db: KennelDb,
    snapshot: IntakeSnapshot,
    now: number,
  ): Promise<Reason | null> {
    const chip = snapshot.record?.fields.chip;
    if (chip !== undefined) {
      const holder = (await findChipHolder(db, chip)) ?? setAsideWithChip(snapshot, chip);
      if (holder !== null) return { kind: 'chip', chip, holder };
    }
    const earlier = await findRecentDuplicate(db, snapshot.pet, now);
    return earlier === null ? null : { kind: 'look-alike', earlier };
  }

  /** An animal of the same profile already set aside here with `chip`. */
  function setAsideWithChip(snapshot: IntakeSnapshot, chip: string): ChipHolder | null {
    const found = setAside.value.find(
      ({ item }) => item.profile === snapshot.profile && item.record?.fields.chip === chip,
    );
    return found === undefined ? null : { key: '', name: found.item.pet.name, id: null };
  }

  function take(id: number): SetAside | undefined {
    const found = setAside.value.find((d) => d.id === id);
    if (found !== undefined) setAside.value = setAside.value.filter((d) => d !== found);
    return found;
  }

  /** Queues a look-alike after the user chose "Add another", behind anything already queued. */
  function addAnother(id: number): boolean {
    const found = take(id);
    if (found === undefined) return false;
    deps.enqueue({ ...found.item, confirmed: true });
    return true;
  }

  /** Puts a look-alike back into the form (to change it), on the same terms as a not-saved one. */
  function putBackLookAlike(id: number): boolean {
    const found = setAside.value.find((d) => d.id === id);
    if (found === undefined || !deps.canPutBack(found)) return false;
    take(id);
    deps.form.putBack(found.item.fields, found.item.record);
    return true;
  }

  /** The user decided a look-alike is not a new animal: it is dropped, on their word only. */
  function dropLookAlike(id: number): boolean {
    return take(id) !== undefined;
  }

  return {
    lookAlikes,
    setAsideIfLookAlike,
    addAnother,
    putBackLookAlike,
    dropLookAlike,
  };
}
