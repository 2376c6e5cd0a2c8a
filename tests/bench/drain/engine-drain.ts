import { setTimeout as sleep } from 'node:timers/promises';
import { POLL_MS, STALL_MS } from '../lib/waiting';
import type { NewPet } from '../../../electron/contract/pet';
import { openDesk } from '../desks/desk';
import { loadSyncModules } from '../lib/sync-modules';

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
