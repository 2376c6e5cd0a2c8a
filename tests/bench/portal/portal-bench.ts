import { setTimeout as sleep } from 'node:timers/promises';
import { POLL_MS, STALL_MS } from '../lib/waiting';
import { startReferenceService } from '../../../server/index';
import { loadDeskModules, openDesk } from '../desks/desk';
import { benchQueue } from '../drain/queue';
import type { PortalResult } from '../lib/results';

/** How many runs, how long the sign-in page stands in each, and how many animals wait behind it. */
export interface PortalBenchOptions {
  runs: number;
  pageMs: number;
  animals: number;
  log: (line: string) => void;
}

/** A demo key of the reference service, on a plan that never limits a few animals. */
const KEY = 'kennel-demo-pro';

/**
 * The promise "sending resumes within 30 s of the sign-in page going away",
 * measured: one desk (its own Kennel core and outbox, the renderer's real sync
 * engine) queues animals while the reference service's sign-in page fault
 * answers every request, long enough for the engine's backoff to reach its
 * cap; then the page goes, and the clock runs until the first animal is on the
 * service and until the last is.
 */
export async function runPortalBench(options: PortalBenchOptions): Promise<PortalResult> {
  const modules = await loadDeskModules();
  const resumeSeconds: number[] = [];
  const sentSeconds: number[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    const service = await startReferenceService({
      port: 0,
      seed: 0,
      faults: { portalRate: 1 },
      faultSeed: run + 1,
    });
    const desk = await openDesk(modules, service.url, KEY);
    try {
      const queue = benchQueue(options.animals, `Portal run ${run + 1} animal`);
      const names = new Set(queue.map((p) => p.name));
      await desk.queue(queue);
      desk.start();
      await sleep(options.pageMs);
      const answered = service.state.stats.portalAnswers;
      service.state.setFaults({});
      const gone = performance.now();
      let resumeMs: number | null = null;
      while (performance.now() - gone < STALL_MS) {
        if (resumeMs === null && service.state.pets().some((p) => names.has(p.name))) {
          resumeMs = performance.now() - gone;
        }
        if ((await desk.waiting()) === 0) break;
        await sleep(POLL_MS);
      }
      const sentMs = performance.now() - gone;
      resumeSeconds.push(Math.round((resumeMs ?? sentMs) / 100) / 10);
      sentSeconds.push(Math.round(sentMs / 100) / 10);
      options.log(
        `  run ${run + 1}: ${answered} answers from the page in ${options.pageMs / 1000} s; ` +
          `first animal ${resumeSeconds.at(-1)} s and all ${options.animals} ${sentSeconds.at(-1)} s after it went`,
      );
    } finally {
      await desk.close();
      await service.close();
    }
  }
  return {
    runs: options.runs,
    pageSeconds: options.pageMs / 1000,
    animals: options.animals,
    resumeSeconds,
    sentSeconds,
  };
}
