import type { NewPet } from '../../../electron/contract/pet';
import { openDesk } from '../desks/desk';
import { loadSyncModules } from '../lib/sync-modules';

// A drain that makes no progress for this long is reported as stuck rather
// than waited on forever.
const STALL_MS = 120_000;
// How often the outbox is checked for the end of the drain; it bounds the
// error of the measured duration (a 600-entry drain takes about a minute).
const POLL_MS = 50;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Outcome of draining the queue through the app's own sync path. */
export interface EngineDrainOutcome {
  durationMs: number;
  /** Entries left waiting or needing attention when the drain stopped. */
  left: number;
}

/**
 * Queues `queue` with the app's own intake on one desk (fake-indexeddb), then
 * replays the outbox with the real sync engine over the real Kennel core until
 * nothing is waiting. Only the replay is timed. There is one replayer
 * (`locks: null`), as when a single window is open.
 */
export async function engineDrain(
  serviceUrl: string,
  key: string,
  queue: readonly NewPet[],
): Promise<EngineDrainOutcome> {
  const desk = await openDesk(await loadSyncModules(), serviceUrl, key);
  try {
    await desk.queue(queue);
    // As the app does: start the engine and let it replay on its own.
    const started = performance.now();
    desk.start();
    let waiting = await desk.waiting();
    let lastProgress = started;
    while (waiting > 0 && performance.now() - lastProgress < STALL_MS) {
      await sleep(POLL_MS);
      const now = await desk.waiting();
      if (now < waiting) lastProgress = performance.now();
      waiting = now;
    }
    const durationMs = performance.now() - started;
    return { durationMs, left: await desk.left() };
  } finally {
    await desk.close();
  }
}
