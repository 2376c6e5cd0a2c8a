/**
 * The add form's commit queue, without Vue. The form never waits for a commit:
 * each submit takes a snapshot of what was typed, the form is cleared at once,
 * and the snapshots are committed one after another in submit order. A failed
 * commit never loses its snapshot: it is offered back to the form, or kept in a
 * list the user can retry from or take back into the form.
 */
import type { NewPet } from '../../electron/contract/pet';
import type { NewPetField } from '../../electron/contract/validate';
import type { CategoryIndex } from '../data/category-list';
import { checkAnimal, type AnimalText } from './intake-rules';

/**
 * The result of {@link takeSnapshot}: a copy of the fields as typed and the
 * animal they mean (category resolved to its number), or the field messages.
 */
export type SnapshotResult =
  | {
      ok: true;
      fields: AnimalText;
      pet: NewPet;
      /** The name's length when it is long enough to ask about before queueing. */
      longName?: number;
    }
  | { ok: false; errors: Partial<Record<NewPetField, string>> };

/**
 * Copies the fields as they are at this instant and checks them with the shared
 * rules against the profile's categories, synchronously, so later typing (or a
 * rename in Settings) can neither change nor delay what this submit meant. The
 * copy keeps the raw text (not the trimmed value, not the number), so a
 * snapshot put back into the form reads exactly as the user typed it.
 */
export function takeSnapshot(fields: AnimalText, categories: CategoryIndex): SnapshotResult {
  const snapshot: AnimalText = {
    name: fields.name,
    category: fields.category,
    status: fields.status,
  };
  const checked = checkAnimal(snapshot, categories);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const taken: SnapshotResult = { ok: true, fields: snapshot, pet: checked.value };
  return checked.longName === undefined ? taken : { ...taken, longName: checked.longName };
}

/**
 * True when nothing at all is in the fields. Only exact emptiness counts: even
 * a lone space may be the start of the next animal and must not be overwritten.
 */
export function fieldsAreEmpty(fields: AnimalText): boolean {
  return fields.name === '' && fields.category === '' && fields.status === '';
}

/** A snapshot whose commit failed, kept until the user retries it or takes it back. */
export interface IntakeFailure<T> {
  /** Stable for the life of the snapshot, across retries. */
  readonly id: number;
  readonly item: T;
  /** What to tell the user, from {@link IntakeQueueOptions.describe}. */
  readonly message: string;
  /** What the commit failed with. */
  readonly error: unknown;
}

/** How an {@link IntakeQueue} commits, reports and hands back its snapshots. */
export interface IntakeQueueOptions<T> {
  /** Commits one snapshot; resolves once it is safely stored, rejects when it is not. */
  commit: (item: T) => Promise<void>;
  /** The user-facing message for a failed commit. */
  describe: (error: unknown) => string;
  /** Called after every change of {@link IntakeQueue.pending} or {@link IntakeQueue.failures}. */
  onChange?: () => void;
}

/** A queue of snapshots committed strictly one after another, in the order they were enqueued. */
export interface IntakeQueue<T> {
  /** Queues `item` behind every earlier one and returns its id; never waits, never refuses. */
  enqueue: (item: T) => number;
  /** Snapshots not committed yet, the one being committed included. */
  readonly pending: number;
  /** Failed snapshots, oldest first. A new array after every change. */
  readonly failures: readonly IntakeFailure<T>[];
  /** Queues a failed snapshot again, behind everything queued so far; false when `id` is not failed. */
  retry: (id: number) => boolean;
  /** Removes a failed snapshot from the list and returns it (to put it back in the form). */
  takeBack: (id: number) => T | undefined;
  /** Resolves once nothing is pending (at once when nothing is). */
  settled: () => Promise<void>;
}

interface Queued<T> {
  id: number;
  item: T;
}

/**
 * Creates an {@link IntakeQueue}. A slow commit only delays the commits queued
 * behind it, never the accepting of new snapshots; a failed one does not stop
 * the ones behind it.
 */
export function createIntakeQueue<T>(options: IntakeQueueOptions<T>): IntakeQueue<T> {
  // A snapshot stays in `waiting` until its commit has settled, so it is
  // always somewhere: waiting, committed, or in `failures`.
  const waiting: Queued<T>[] = [];
  let failures: readonly IntakeFailure<T>[] = [];
  let draining = false;
  let nextId = 1;
  let idle: (() => void)[] = [];

  function changed(): void {
    try {
      options.onChange?.();
    } catch (error) {
      // A listener's failure must not stall the commits; it still surfaces.
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  function fail(queued: Queued<T>, error: unknown): void {
    const failure: IntakeFailure<T> = {
      id: queued.id,
      item: queued.item,
      message: options.describe(error),
      error,
    };
    failures = [...failures, failure];
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      for (let queued = waiting[0]; queued !== undefined; queued = waiting[0]) {
        try {
          await options.commit(queued.item);
        } catch (error) {
          fail(queued, error);
        }
        waiting.shift();
        changed();
      }
    } finally {
      draining = false;
      const resolvers = idle;
      idle = [];
      for (const resolve of resolvers) resolve();
    }
  }

  function push(queued: Queued<T>): void {
    waiting.push(queued);
    changed();
    if (!draining) void drain();
  }

  return {
    enqueue(item) {
      const id = nextId++;
      push({ id, item });
      return id;
    },
    get pending() {
      return waiting.length;
    },
    get failures() {
      return failures;
    },
    retry(id) {
      const failure = failures.find((f) => f.id === id);
      if (failure === undefined) return false;
      failures = failures.filter((f) => f !== failure);
      push({ id, item: failure.item });
      return true;
    },
    takeBack(id) {
      const failure = failures.find((f) => f.id === id);
      if (failure === undefined) return undefined;
      failures = failures.filter((f) => f !== failure);
      changed();
      return failure.item;
    },
    settled() {
      if (waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
