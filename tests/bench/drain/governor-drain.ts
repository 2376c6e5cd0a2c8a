import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOST_ON_THE_WIRE } from '../../../electron/contract';
import { createFileKeyStore, createKennelCore } from '../../../electron/core/index';
import { startReferenceService } from '../../../server/index';
import { benchQueue } from './queue';

/**
 * The governor's own share of the drain: creates handed straight to the real
 * Kennel core (no renderer, no outbox), `outstanding` of them asked for at
 * once, against the reference service with a round trip of `latencyMs`. What
 * it measures is how close the governor keeps the wire to the safe ceiling,
 * min(limit ÷ window, MOST_ON_THE_WIRE ÷ round trip).
 *
 * Run on its own: `npx tsx tests/bench/drain/governor-drain.ts`.
 */
export interface GovernorDrainRun {
  windowMs: number;
  limit: number;
  created: number;
  rateLimited: number;
  bans: number;
  perSecond: number;
  /** Of min(limit ÷ window, MOST_ON_THE_WIRE ÷ the nominal round trip). */
  ofCeilingPercent: number;
  /** Mean round trip the wire actually took (service latency, loopback and a busy machine). */
  roundTripMs: number;
  /** Of the same ceiling with the round trip measured: what the governor alone leaves idle. */
  ofMeasuredCeilingPercent: number;
}

const KEY = 'governor-drain-key';
const realFetch = globalThis.fetch;
const percent = (share: number): number => Math.round(share * 1000) / 10;

export async function governorDrain(
  plan: { limit: number; windowMs: number },
  animals = 200,
  latencyMs = 200,
  outstanding = 2 * MOST_ON_THE_WIRE,
): Promise<GovernorDrainRun> {
  const service = await startReferenceService({
    port: 0,
    seed: 0,
    keys: { [KEY]: { name: 'Bench', perMinute: plan.limit, perDay: 100_000 } },
    windows: { minuteMs: plan.windowMs },
    faults: { latencyMs },
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-governor-drain-'));
  const core = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: '1.0.0',
    env: { KENNEL_LOCAL_URL: service.url },
  });
  try {
    const saved = await core.dispatch('setKey', ['local', KEY, {}]);
    if (!saved.ok) throw new Error('the key was not saved');
    const queue = benchQueue(animals, 'Governor animal');
    let next = 0;
    const lane = async (): Promise<void> => {
      for (let i = next++; i < queue.length; i = next++) {
        const done = await core.dispatch('createPet', [
          'local',
          queue[i],
          { idempotencyKey: `governor-drain-${i}` },
        ]);
        if (!done.ok) throw new Error(`create ${i} failed: ${done.error.message}`);
      }
    };
    const trips: number[] = [];
    const started = performance.now();
    globalThis.fetch = async (input, init) => {
      const sent = performance.now();
      try {
        return await realFetch(input, init);
      } finally {
        trips.push(performance.now() - sent);
      }
    };
    await Promise.all(Array.from({ length: outstanding }, lane));
    const seconds = (performance.now() - started) / 1000;
    const ceiling = (roundTripMs: number): number =>
      Math.min(plan.limit / (plan.windowMs / 1000), MOST_ON_THE_WIRE / (roundTripMs / 1000));
    const roundTripMs = trips.reduce((a, b) => a + b, 0) / trips.length;
    const perSecond = animals / seconds;
    return {
      windowMs: plan.windowMs,
      limit: plan.limit,
      created: service.state.pets().filter((p) => p.name.startsWith('Governor animal')).length,
      rateLimited: service.state.stats.rateLimited,
      bans: service.state.stats.bans,
      perSecond: Math.round(perSecond * 100) / 100,
      ofCeilingPercent: percent(perSecond / ceiling(latencyMs)),
      roundTripMs: Math.round(roundTripMs),
      ofMeasuredCeilingPercent: percent(perSecond / ceiling(roundTripMs)),
    };
  } finally {
    globalThis.fetch = realFetch;
    await core.close();
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const plans = [
    { limit: 17, windowMs: 1_000 },
    { limit: 100, windowMs: 6_000 },
    { limit: 1_000, windowMs: 60_000 },
  ];
  for (const plan of plans) {
    const run = await governorDrain(plan);
    console.log(
      `${plan.limit} per ${plan.windowMs / 1000} s: ${run.perSecond}/s, ` +
        `${run.ofCeilingPercent} % of the ceiling (${run.ofMeasuredCeilingPercent} % at the ` +
        `${run.roundTripMs} ms round trip measured), ${run.created} created, ` +
        `${run.rateLimited} × 429, ${run.bans} bans`,
    );
  }
}
