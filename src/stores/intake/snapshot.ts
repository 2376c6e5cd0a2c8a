import type { NewPet } from '../../../electron/contract/pet';
import type { ProfileName } from '../../../electron/contract/profiles';
import type { AnimalText } from '../../animals/intake-rules';
import type { CategoryIndex } from '../../data/category-list';
import type { RecordSnapshot } from './record-form';

/**
 * One submitted animal on its way to this computer's database. The profile is
 * the one active at the submit, and the animal is stored in its database, so an
 * animal typed for one profile is never stored in another, even if the user
 * switches meanwhile.
 */
export interface IntakeSnapshot {
  /** What was typed, to put back into the form. */
  fields: AnimalText;
  /** What is stored and sent: the category resolved to its number at the submit. */
  pet: NewPet;
  profile: ProfileName;
  /** The profile's category names at the submit, to name the category while another profile is shown. */
  names: CategoryIndex;
  /** The intake record typed with it, if any. */
  record?: RecordSnapshot;
  /** The user chose "Add another" after the duplicate warning: not checked again. */
  confirmed?: boolean;
  /** Filled in once it is stored, so a litter-mate added after it can join it to their litter. */
  stored?: StoredSlot;
  /** Its place in a litter, when it was started with "Add another like this". */
  litter?: LitterSlot;
}

/** Where a submitted animal was stored: its outbox entry, once the commit is done. */
export interface StoredSlot {
  outboxId?: string;
}

/** A litter-mate's place, and the litter's first animal, joined with the second. */
export interface LitterSlot {
  id: string;
  place: number;
  first: StoredSlot;
}

/** What the helpers of the intake store need from the form. */
export interface IntakeForm {
  /** True while every field is empty: the next animal has not been started. */
  readonly formEmpty: { readonly value: boolean };
  /** Puts values into the form, clearing its field messages. */
  putBack(fields: AnimalText, record?: RecordSnapshot): void;
}
