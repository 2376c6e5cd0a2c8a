import { MOST_ON_THE_WIRE } from '../../../electron/contract/pacing';
import { startReferenceService } from '../../../server/index';
import type { ReferenceService } from '../../../server/types';
import type { DrainResult, DrainRun, NotRun } from '../lib/results';
import { engineDrain } from './engine-drain';
import { naiveDrain } from './naive-baseline';
import { benchQueue } from './queue';
import { summarizeDrain } from './service-summary';

/** The shortened plan and how many animals to drain through it. */
export interface DrainBenchOptions {
  plan: { limit: number; perDay: number; windowMs: number };
  animals: number;
  /**
   * Added by the service before every answer, so each request takes a round
   * trip like a real service's; 0 (loopback) by default.
   */
  latencyMs?: number;
  log: (line: string) => void;
}

const KEY = 'bench-key';

async function withService<T>(
  options: DrainBenchOptions,
  run: (service: ReferenceService) => Promise<T>,
): Promise<T> {
  const service = await startReferenceService({
    port: 0,
    keys: { [KEY]: { name: 'Bench', perMinute: options.plan.limit, perDay: options.plan.perDay } },
    windows: { minuteMs: options.plan.windowMs },
    seed: 0,
    faults: options.latencyMs ? { latencyMs: options.latencyMs } : {},
  });
  try {
    return await run(service);
  } finally {
    await service.close();
  }
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

type Rates = Parameters<typeof summarizeDrain>[4];

/** One drain through Kennel's outbox, sync engine and core against a fresh service. */
async function engineRun(options: DrainBenchOptions, rates: Rates): Promise<DrainRun | NotRun> {
  try {
    return await withService(options, async (service) => {
      const client = 'sync engine';
      const queue = benchQueue(options.animals, 'Engine animal');
      options.log(`  ${client}: draining ${queue.length} queued animals`);
      const outcome = await engineDrain(service.url, KEY, queue);
      const run = summarizeDrain(
        service,
        client,
        queue.map((p) => p.name),
        outcome.durationMs,
        rates,
      );
      if (outcome.left > 0) options.log(`  ${client}: ${outcome.left} entries left in the outbox`);
      return run;
    });
  } catch (error) {
    return { error: message(error) };
  }
}

/**
 * The safe ceiling of a drain: the plan's rate, or what {@link MOST_ON_THE_WIRE}
 * requests on the wire carry across the round trip, whichever is less.
 */
function safeCeiling(perSecond: number, latencyMs: number): number {
  return latencyMs > 0 ? Math.min(perSecond, MOST_ON_THE_WIRE / (latencyMs / 1000)) : perSecond;
}

/**
 * Drains the same number of new animals through Kennel's outbox, sync engine
 * and core, then with a naive sequential ky client for comparison, each
 * against a fresh reference service on the same shortened plan and latency.
 */
export async function runDrainBench(options: DrainBenchOptions): Promise<DrainResult> {
  const perSecond = options.plan.limit / (options.plan.windowMs / 1000);
  const plan = { limit: options.plan.limit, windowMs: options.plan.windowMs, perSecond };
  const latencyMs = options.latencyMs ?? 0;
  const rates = { planPerSecond: perSecond, ceilingPerSecond: safeCeiling(perSecond, latencyMs) };

  const engine = await engineRun(options, rates);

  let naive: DrainRun | NotRun;
  try {
    naive = await withService(options, async (service) => {
      const queue = benchQueue(options.animals, 'Naive animal');
      options.log(`  naive ky: sending ${queue.length} animals one after another`);
      const started = performance.now();
      await naiveDrain(service.url, KEY, queue);
      const durationMs = performance.now() - started;
      return summarizeDrain(
        service,
        'naive ky (default retry)',
        queue.map((p) => p.name),
        durationMs,
        rates,
      );
    });
  } catch (error) {
    naive = { error: message(error) };
  }

  return { plan, latencyMs, ceilingPerSecond: rates.ceilingPerSecond, engine, naive };
}
