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
  });
  try {
    return await run(service);
  } finally {
    await service.close();
  }
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Drains the same number of new animals twice, each against a fresh reference
 * service on the same shortened plan: once through Kennel's outbox, sync engine
 * and core, once with a naive sequential ky client for comparison.
 */
export async function runDrainBench(options: DrainBenchOptions): Promise<DrainResult> {
  const perSecond = options.plan.limit / (options.plan.windowMs / 1000);
  const plan = { limit: options.plan.limit, windowMs: options.plan.windowMs, perSecond };

  let engine: DrainRun | NotRun;
  try {
    engine = await withService(options, async (service) => {
      const queue = benchQueue(options.animals, 'Engine animal');
      options.log(`  sync engine: draining ${queue.length} queued animals`);
      const outcome = await engineDrain(service.url, KEY, queue);
      const run = summarizeDrain(
        service,
        'sync engine',
        queue.map((p) => p.name),
        outcome.durationMs,
        perSecond,
      );
      if (outcome.left > 0)
        options.log(`  sync engine: ${outcome.left} entries left in the outbox`);
      return run;
    });
  } catch (error) {
    engine = { error: message(error) };
  }

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
        perSecond,
      );
    });
  } catch (error) {
    naive = { error: message(error) };
  }

  return { plan, engine, naive };
}
