import { setTimeout as sleep } from 'node:timers/promises';
import type { CDPSession, Page } from '@playwright/test';

/** The heap in MB of 10^6 bytes: V8's used JS heap, and ArrayBuffers' backing stores outside it. */
export interface Heap {
  usedMB: number;
  /** Null when this Chromium does not report them. */
  backingMB: number | null;
}

/** The highest of each figure seen while sampling. */
export interface HeapPeak extends Heap {
  samples: number;
}

/** How {@link sampleHeap} measures, for the results file. */
export const HEAP_SAMPLING =
  'CDP Runtime.getHeapUsage polled every 20 ms from the bench while the step runs (answered between the page’s tasks); baseline, after and the collected run: HeapProfiler.collectGarbage, then Runtime.getHeapUsage (every 250 ms in the collected run)';

const INTERVAL_MS = 20;
/** Collecting takes a few ms of the page's thread each time: less often. */
const COLLECTED_INTERVAL_MS = 250;
const MB = 1e6;

interface HeapUsage {
  usedSize: number;
  backingStorageSize?: number;
}

const mb = (bytes: number): number => Math.round((bytes / MB) * 10) / 10;

/**
 * The page's heap after a full garbage collection: what it keeps alive, not
 * what it has not freed yet.
 */
export async function settledHeap(page: Page): Promise<Heap> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = (await cdp.send('Runtime.getHeapUsage')) as HeapUsage;
    return {
      usedMB: mb(usage.usedSize),
      backingMB: typeof usage.backingStorageSize === 'number' ? mb(usage.backingStorageSize) : null,
    };
  } finally {
    await cdp.detach();
  }
}

/**
 * Polls the page's heap until `stop` is called; `stop` resolves to the
 * highest figures seen. Polled from here rather than by a timer in the page,
 * so the page runs nothing of the bench's own while it is measured, and no
 * browser flag is needed for exact figures. With `collect`, a full
 * collection comes before each sample: the highest heap the work keeps
 * alive, rather than the highest it reached before V8 collected it.
 */
export async function sampleHeap(
  page: Page,
  collect = false,
): Promise<{ stop: () => Promise<HeapPeak> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  let running = true;
  let used = 0;
  let backing: number | null = null;
  let samples = 0;
  let failure: unknown = null;
  const loop = (async () => {
    while (running) {
      if (collect) await cdp.send('HeapProfiler.collectGarbage');
      const usage = (await cdp.send('Runtime.getHeapUsage')) as HeapUsage;
      samples += 1;
      used = Math.max(used, usage.usedSize);
      if (typeof usage.backingStorageSize === 'number') {
        backing = Math.max(backing ?? 0, usage.backingStorageSize);
      }
      await sleep(collect ? COLLECTED_INTERVAL_MS : INTERVAL_MS);
    }
  })().catch((error: unknown) => {
    // Kept for `stop`: thrown now, no one would hear it.
    failure = error;
  });
  return {
    stop: async () => {
      running = false;
      await loop;
      await cdp.detach().catch(() => undefined);
      if (failure !== null) throw failure;
      return {
        usedMB: mb(used),
        backingMB: backing === null ? null : mb(backing),
        samples,
      };
    },
  };
}
