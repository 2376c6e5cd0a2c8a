/**
 * Times the photo's shrink in the page, as the benchmark reads it: each run
 * from the call to its answer, and every long task of the window's thread
 * (50 ms or more) meanwhile. Workers' tasks are not reported as long tasks:
 * only what keeps the window from answering counts.
 */
import { shrinkPhoto } from '../../../src/records/photo/shrink-photo';
import type { ShrinkRun, ShrinkTimes } from './page-api';

export async function timeShrinks(file: Blob, runs: number): Promise<ShrinkTimes> {
  const longTasks: { start: number; duration: number }[] = [];
  const keep = (entries: PerformanceEntryList): void => {
    for (const e of entries) longTasks.push({ start: e.startTime, duration: e.duration });
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'longtask' });
  const timed: ShrinkRun[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      const result = await shrinkPhoto(file);
      const ms = performance.now() - start;
      timed.push(
        result.ok
          ? {
              ms,
              ok: true,
              bytes: result.photo.blob.size,
              width: result.photo.width,
              height: result.photo.height,
            }
          : { ms, ok: false, bytes: 0, width: 0, height: 0 },
      );
    }
    // A long task that ended with the last run may not have been delivered yet.
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    keep(observer.takeRecords());
    observer.disconnect();
  }
  return { runs: timed, longTasks };
}
