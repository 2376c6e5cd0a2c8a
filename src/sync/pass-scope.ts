/** What the parts of one pass over the queue share. */
import type { Connection } from './connection';
import type { EngineContext } from './context';
import type { ReconcileDelays } from './unknown-outcome';

/** What the replayer needs beyond the shared context. */
export interface ReplayerOptions {
  /** How long a service that honours `Idempotency-Key` keeps its records. */
  retentionMs: number;
  /** How long after a lost answer the replayer waits before looking for the animal. */
  reconcileDelays: ReconcileDelays;
  /** Called each time the replayer waits, with when it wakes by itself (null: on a change only). */
  onIdle?: (wakeAt: number | null) => void;
  /**
   * Called when nothing is left waiting to be sent (held animals included)
   * after a backlog went out: more than one animal, or any after the service
   * came back from being out of reach. One animal typed and sent on its own
   * is already in the list, and a refresh after each would spend the day's
   * budget on nothing new.
   */
  onQueueSent?: () => void;
  /**
   * Most creates handed to the governor at once; `HANDED_OVER` by default.
   * 1 follows one entry's failure alone, as the engine's error tests do.
   */
  handedOver?: number;
}

/** How one entry's turn in a pass ended. */
export type Turn = 'done' | 'skipped' | 'wait';

/** One pass over the queue: its context and what its entries tell the replayer. */
export interface PassScope {
  readonly ctx: EngineContext;
  readonly connection: Connection;
  readonly options: ReplayerOptions;
  /** "Sync now": backoff deadlines are skipped, never the service's pause. */
  readonly force: boolean;
  /** The governor's view showed the pause gone early: what waited for it is due. */
  readonly pastPause: boolean;
  /**
   * Whether this pass already counted a failure (and went offline). Creates
   * handed over together fail together when the network goes: that is one
   * failure for the backoff, not one per create, or six lost answers would
   * push the next try minutes away.
   */
  readonly failure: { counted: boolean; offline: boolean };
  /** The queue waits until `at` (or earlier, for another entry); `onPause` when the service's pause set it. */
  deferTo(at: number, onPause?: boolean): void;
}
