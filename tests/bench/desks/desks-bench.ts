import { setTimeout as sleep } from 'node:timers/promises';
import { POLL_MS, STALL_MS } from '../lib/waiting';
import { startReferenceService } from '../../../server/index';
import { benchQueue } from '../drain/queue';
import { summarizeDrain } from '../drain/service-summary';
import type { DesksResult } from '../lib/results';
import { loadDeskModules, openDesk, type Desk } from './desk';

/** How many desks share the key, what each drains, and the plan they share. */
export interface DesksBenchOptions {
  plan: { limit: number; perDay: number; windowMs: number };
  desks: number;
  animalsPerDesk: number;
  log: (line: string) => void;
}

const KEY = 'bench-shelter-key';

/**
 * Several desks of one shelter on one API key: each its own Kennel core and
 * outbox, all draining at the same moment against one reference service on a
 * small plan. The service's own record says what was created, lost,
 * duplicated, refused (429) and banned.
 */
export async function runDesksBench(options: DesksBenchOptions): Promise<DesksResult> {
  const { plan } = options;
  const perSecond = plan.limit / (plan.windowMs / 1000);
  const service = await startReferenceService({
    port: 0,
    keys: { [KEY]: { name: 'Shelter', perMinute: plan.limit, perDay: plan.perDay } },
    windows: { minuteMs: plan.windowMs },
    seed: 0,
  });
  const modules = await loadDeskModules();
  const desks: Desk[] = [];
  try {
    const names: string[] = [];
    for (let i = 0; i < options.desks; i += 1) {
      const desk = await openDesk(modules, service.url, KEY);
      desks.push(desk);
      const queue = benchQueue(options.animalsPerDesk, `Desk ${i + 1} animal`);
      await desk.queue(queue);
      names.push(...queue.map((p) => p.name));
    }
    options.log(
      `  ${options.desks} desks, one key: draining ${options.animalsPerDesk} queued animals each at once`,
    );

    const started = performance.now();
    for (const desk of desks) desk.start();
    const deskMs = await Promise.all(
      desks.map(async (desk) => {
        let waiting = await desk.waiting();
        let lastProgress = performance.now();
        while (waiting > 0 && performance.now() - lastProgress < STALL_MS) {
          await sleep(POLL_MS);
          const now = await desk.waiting();
          if (now < waiting) lastProgress = performance.now();
          waiting = now;
        }
        return { ms: performance.now() - started, left: waiting };
      }),
    );
    const durationMs = Math.max(...deskMs.map((d) => d.ms));
    const left = deskMs.reduce((sum, d) => sum + d.left, 0);
    if (left > 0) options.log(`  ${left} entries left waiting when the drain stopped`);

    const run = summarizeDrain(
      service,
      `${options.desks} sync engines, one key`,
      names,
      durationMs,
      { planPerSecond: perSecond, ceilingPerSecond: perSecond },
    );
    return {
      plan: { limit: plan.limit, windowMs: plan.windowMs, perSecond },
      ceilingPerSecond: perSecond,
      desks: options.desks,
      animalsPerDesk: options.animalsPerDesk,
      deskSeconds: deskMs.map((d) => Math.round(d.ms / 100) / 10),
      run,
    };
  } finally {
    await Promise.all(desks.map((desk) => desk.close()));
    await service.close();
  }
}
