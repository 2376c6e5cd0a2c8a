/**
 * One pass over the queue in `seq` order. Entries are handed to the governor
 * (the Node side's one pacer) in queue order, up to {@link HANDED_OVER} at
 * once: the most it puts on the wire, and as many more ready behind them, so
 * the moment an answer frees a slot the governor sends the next, without
 * waiting for this window to store that answer, claim another entry and
 * cross the bridge. Each is claimed in IndexedDB before it is handed over, so
 * a crash still leaves it to be looked up (`recoverInFlight`).
 */
import { MOST_ON_THE_WIRE } from '../../electron/contract/pacing';
import type { OutboxEntry } from '../data/db';
import { holdEndsAt } from '../data/hold';
import { readOutbox } from '../data/outbox-reads';
import { takeTurn } from './entry-turn';
import type { PassScope } from './pass-scope';
import { isServicePause } from './transitions';

/** Creates ready in the governor beyond those it has on the wire. */
const READY_BEYOND_THE_WIRE = 3;

/** Most creates handed to the governor at once; how many go at once is its to say. */
const HANDED_OVER = MOST_ON_THE_WIRE + READY_BEYOND_THE_WIRE;

/** How a pass ended. */
export interface PassOutcome {
  /** Entries due or waiting when it began, held ones aside. */
  total: number;
  /** Animals that left the queue (sent, found, or handed to the user). */
  done: number;
  /** Nothing due was left behind: the queue is empty but for held entries. */
  finished: boolean;
  /** When the first hold ends, if an entry is held. */
  holdEndsAt: number | null;
}

/** Whether a queued entry may be sent (or looked up) now. */
function isDue(scope: PassScope, entry: OutboxEntry): boolean {
  const t = scope.ctx.now();
  // Nothing, not even "Sync now", goes before a lost attempt had time to land.
  if (entry.outcomeUnknownAt !== undefined && (entry.lookupAfter ?? 0) > t) return false;
  if (entry.nextAttemptAt <= t) return true;
  const error = entry.lastError ?? null;
  // A pause goes early only when the governor's view shows it ended.
  if (error !== null && isServicePause(error)) return scope.pastPause;
  // "Sync now" skips backoff, never a refusal of the governor's own (the day's budget, a turn).
  return scope.force && error?.kind !== 'rate-limited' && error?.kind !== 'banned';
}

/**
 * The entries that are not held, in order, and when the first hold ends. A
 * held entry is not in the queue yet (nothing, not even "Sync now", sends it
 * early), and it holds up nothing behind it: the pass goes on without it.
 */
function notHeld(
  queued: readonly OutboxEntry[],
  t: number,
): { entries: OutboxEntry[]; holdEndsAt: number | null } {
  let first: number | null = null;
  const entries = queued.filter((entry) => {
    const end = holdEndsAt(entry, t);
    if (end === null) return true;
    if (Number.isFinite(end)) first = first === null ? end : Math.min(first, end);
    return false;
  });
  return { entries, holdEndsAt: first };
}

/**
 * Runs one pass; see the module's description. Ends when the queue is empty,
 * or an entry must wait (the scope is told when), or the engine stops. A lost
 * answer is settled alone: looking for its animal while other creates are
 * landing could take one of theirs (same name, same fields) for it.
 */
export async function drainPass(scope: PassScope): Promise<PassOutcome> {
  const { ctx } = scope;
  const queued = (await readOutbox(ctx.db)).filter((e) => e.state === 'queued');
  const { entries, holdEndsAt } = notHeld(queued, ctx.now());
  const total = entries.length;
  let done = 0;
  let finished = true;
  let failure: { error: unknown } | null = null;
  const running = new Set<Promise<void>>();
  const start = (entry: OutboxEntry): void => {
    const run: Promise<void> = takeTurn(scope, entry)
      .then(
        (turn) => {
          if (turn === 'wait') finished = false;
          if (turn === 'done') done += 1;
          ctx.status.set({ syncing: { done, total } });
        },
        (error: unknown) => {
          failure ??= { error };
        },
      )
      .finally(() => running.delete(run));
    running.add(run);
  };
  for (const entry of entries) {
    if (!finished || failure !== null) break;
    if (ctx.isStopping()) {
      finished = false;
      break;
    }
    if (!isDue(scope, entry)) {
      // Order matters: later entries wait behind this one.
      const onPause = entry.lastError != null && isServicePause(entry.lastError);
      scope.deferTo(Math.max(entry.nextAttemptAt, entry.lookupAfter ?? 0), onPause);
      finished = false;
      break;
    }
    const alone = entry.outcomeUnknownAt !== undefined;
    const room = scope.options.handedOver ?? HANDED_OVER;
    while (running.size > 0 && (alone || running.size >= room)) {
      await Promise.race(running);
    }
    if (!finished || failure !== null) break;
    ctx.status.set({ syncing: { done, total } });
    start(entry);
    if (alone) await Promise.all(running);
  }
  // Never leave a send running: what follows (and recovery after a failure)
  // reads every 'sending' entry as one whose answer was lost.
  await Promise.all(running);
  if (failure !== null) throw (failure as { error: unknown }).error;
  return { total, done, finished, holdEndsAt };
}
