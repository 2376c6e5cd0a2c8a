/**
 * "Add another like this": the animal added last is the model of the next
 * one, which the form starts with everything litter-mates share
 * (`records/litter.ts`). Animals started this way are one litter on this
 * computer; the litter's first animal joins it when the second is stored.
 * Only the animal the form is started with joins: the next animal typed
 * afresh is not of the litter. Part of the intake store (`stores/intake.ts`).
 */
import { computed, shallowRef } from 'vue';
import type { ProfileName } from '../../../electron/contract/profiles';
import type { AnimalText } from '../../animals/intake-rules';
import type { RecordFields } from '../../data/intake-record';
import type { LitterJoin } from '../../data/litter';
import { likeThis, sharedFields, type LikeThis } from '../../records/litter';
import type { IntakeSnapshot, LitterSlot, StoredSlot } from './snapshot';

/** A litter being added: its id, how many animals are in it, and its first animal. */
interface Litter {
  readonly id: string;
  size: number;
  readonly first: StoredSlot;
}

/** The animal added last, as the model of the next. */
interface Model {
  readonly profile: ProfileName;
  readonly fields: AnimalText;
  readonly record: RecordFields;
  readonly stored: StoredSlot;
  /** The litter it is in, once a litter-mate was started from it. */
  litter: Litter | null;
  /** Its own place there; null for an animal the litter has not started from yet. */
  readonly place: number | null;
}

/** The animal in the form is a litter-mate: its litter and place. */
interface Mate {
  readonly litter: Litter;
  readonly place: number;
  readonly previous: RecordFields;
}

interface LitterDeps {
  /** True while every field of the form is empty. */
  readonly formEmpty: { readonly value: boolean };
  activeProfile(): ProfileName;
  /** A look-alike waits for staff to decide: that comes first. */
  lookAlikesWaiting(): boolean;
  /** Starts the form with `start`, its record's fields shown. */
  start(start: LikeThis): void;
}

/** The join an animal's commit writes, from its snapshot. */
export function litterJoinOf(snapshot: IntakeSnapshot): LitterJoin | undefined {
  const slot = snapshot.litter;
  if (slot === undefined) return undefined;
  const first = slot.first.outboxId;
  return {
    id: slot.id,
    place: slot.place,
    ...(first === undefined ? {} : { firstOutboxId: first }),
  };
}

export function useLitter(deps: LitterDeps) {
  const model = shallowRef<Model | null>(null);
  const mate = shallowRef<Mate | null>(null);

  /**
   * "Add another like this" is offered: an animal was just added here, the
   * form is empty, and no held animal waits for a decision (its own "Add
   * another" is the one to answer then).
   */
  const canAddLikeThis = computed(
    () =>
      model.value?.profile === deps.activeProfile() &&
      deps.formEmpty.value &&
      !deps.lookAlikesWaiting(),
  );

  /** The place of the animal in the form and how many are in its litter, while it is a litter-mate. */
  const place = computed(() =>
    mate.value === null ? null : { place: mate.value.place, added: mate.value.litter.size },
  );

  /** Starts the form with the next litter-mate of the animal added last; false when not offered. */
  function addLikeThis(): boolean {
    const from = model.value;
    if (from === null || !canAddLikeThis.value) return false;
    const litter = from.litter ?? { id: crypto.randomUUID(), size: 1, first: from.stored };
    from.litter = litter;
    const start = likeThis(from.fields, from.record);
    deps.start(start);
    mate.value = { litter, place: litter.size + 1, previous: start.previous };
    return true;
  }

  /** The record's stored fields the check keeps to the second, for the animal in the form. */
  function previous(): RecordFields | undefined {
    return mate.value?.previous;
  }

  /**
   * An animal was submitted: it becomes the model of the next, and, when it
   * is a litter-mate, takes its place. Returns what its snapshot carries.
   */
  function submitted(
    profile: ProfileName,
    fields: AnimalText,
    record: RecordFields | undefined,
  ): { stored: StoredSlot; litter?: LitterSlot } {
    const stored: StoredSlot = {};
    const joined = mate.value;
    mate.value = null;
    if (joined === null) {
      model.value = { profile, fields, record: record ?? {}, stored, litter: null, place: null };
      return { stored };
    }
    const { litter, place: at } = joined;
    litter.size = Math.max(litter.size, at);
    model.value = { profile, fields, record: record ?? {}, stored, litter, place: at };
    return { stored, litter: { id: litter.id, place: at, first: litter.first } };
  }

  /**
   * The animal stored as `outboxId` was taken back by Undo. When it was the
   * model, its place is free again, and when its fields went back into the
   * form (`putBack`) it is again the litter-mate it was.
   */
  function undone(outboxId: string, putBack: boolean): void {
    const was = model.value;
    if (was === null || was.stored.outboxId !== outboxId) return;
    model.value = null;
    const { litter, place: at } = was;
    if (litter === null || at === null) return;
    if (litter.size === at) litter.size = at - 1;
    if (putBack) mate.value = { litter, place: at, previous: sharedFields(was.record) };
  }

  /** The animal in the form is not of the litter after all. */
  function leave(): void {
    mate.value = null;
  }

  /** Forgets the model and the litter (another profile is shown). */
  function forget(): void {
    model.value = null;
    mate.value = null;
  }

  return { canAddLikeThis, place, addLikeThis, previous, submitted, undone, leave, forget };
}
