import { afterEach, describe, expect, it } from 'vitest';
import { MOST_ON_THE_WIRE } from '../../../electron/contract/pacing';
import { startReferenceService, type ReferenceService } from '../../../server/index';
import { onVirtualClock, testClient } from './helpers/service-client';
import { countedFetch, createVirtualTiming, type VirtualTiming } from './helpers/virtual-timing';

/**
 * Several desks of one shelter on one API key: each desk is its own Kennel,
 * so its own governor, and none of them hears about the others except through
 * the service's answers. The reference service bans the key after 3 requests
 * inside a Retry-After window, whichever desk sends them.
 *
 * The service and the desks keep one virtual clock, which moves only while no
 * request is on the wire: every wait is exact, and none takes real time.
 */
const KEY = 'kennel-shelter-shared-key';
let svc: ReferenceService | null = null;

afterEach(async () => {
  await svc?.close();
  svc = null;
});

/** Starts a service on `t` whose plan gives the shared key 10 requests per 1 s window. */
async function shelterService(t: VirtualTiming): Promise<ReferenceService> {
  svc = await startReferenceService({
    port: 0,
    seed: 0,
    keys: { [KEY]: { name: 'Shelter', perMinute: 10, perDay: 100_000 } },
    windows: { minuteMs: 1_000 },
    now: t.now,
  });
  return svc;
}

/**
 * Each desk creates its animals in order, `atOnce` of them out at a time, as
 * the sync engine sends its outbox (the governor decides when each is sent);
 * every desk's requests carry its own idempotency keys, so the request log
 * tells the desks apart.
 */
async function drainDesks(
  s: ReferenceService,
  t: VirtualTiming,
  desks: number,
  perDesk: number,
  atOnce = 1,
): Promise<void> {
  const wire = countedFetch();
  const clients = Array.from(
    { length: desks },
    () => testClient(s.url, KEY, { deadlineMs: 20_000, ...onVirtualClock(t, wire) }).client,
  );
  const drained = Promise.all(
    clients.map(async (client, d) => {
      let next = 0;
      const worker = async (): Promise<void> => {
        for (let i = next++; i < perDesk; i = next++) {
          await client.createPet(
            { name: `Desk ${d} animal ${i}`, categoryId: '3' },
            { idempotencyKey: `desk-${d}-${i}` },
          );
        }
      };
      await Promise.all(Array.from({ length: atOnce }, worker));
    }),
  );
  await t.drive(drained, { busy: wire.busy });
}

describe('several governors on one key', () => {
  const cases: [desks: number, atOnce: number][] = [
    [3, 1],
    [5, 1],
    [3, MOST_ON_THE_WIRE],
  ];
  for (const [desks, atOnce] of cases) {
    const how = atOnce === 1 ? 'one create at a time' : `${atOnce} creates out at once`;
    it(`${desks} desks draining at once, ${how} each, share the window without a ban`, async () => {
      const t = createVirtualTiming();
      const s = await shelterService(t);
      const perDesk = 8;
      await drainDesks(s, t, desks, perDesk, atOnce);

      const names = s.state.pets().map((p) => p.name);
      expect(names).toHaveLength(desks * perDesk);
      expect(new Set(names).size).toBe(desks * perDesk);
      expect(s.state.stats.bans).toBe(0);

      // Should a desk meet a 429 (others spent what it counted on), it sends
      // nothing until its Retry-After (at least 1 s) is over: virtual times,
      // of the clock the service and the desks share.
      const requests = s.state.requests;
      for (const [i, refused] of requests.entries()) {
        if (refused.status !== 429) continue;
        const desk = refused.idempotencyKey?.split('-')[1];
        const next = requests.slice(i + 1).find((r) => r.idempotencyKey?.split('-')[1] === desk);
        if (next !== undefined) expect(next.at - refused.at).toBeGreaterThanOrEqual(1_000);
      }
    });
  }
});
