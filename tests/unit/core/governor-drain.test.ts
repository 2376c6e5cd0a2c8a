import { describe, expect, it } from 'vitest';
import { MOST_ON_THE_WIRE } from '../../../electron/contract/pacing';
import { createGovernor } from '../../../electron/core/governor/governor';
import type { HttpAnswer } from '../../../electron/core/http/answer';
import { createVirtualTiming, type VirtualTiming } from './helpers/virtual-timing';

const ROUND_TRIP_MS = 200;

/**
 * A service on the virtual clock whose window of `limit` requests opens at the
 * first request after the last one ended (as the reference service's does),
 * each answer `ROUND_TRIP_MS` away. Records when each request arrived, in
 * which window, and how many of ours were on the wire.
 */
function slowService(t: VirtualTiming, limit: number, windowMs: number) {
  let start = -Infinity;
  let count = 0;
  let onWire = 0;
  const arrivals: Array<{ at: number; window: number; status: number; onWire: number }> = [];
  const answeredAt: number[] = [];
  const send = async (): Promise<HttpAnswer> => {
    const sentAt = t.now();
    onWire += 1;
    if (sentAt >= start + windowMs) {
      start = sentAt;
      count = 0;
    }
    const status = count < limit ? 201 : 429;
    if (status === 201) count += 1;
    arrivals.push({ at: sentAt, window: start, status, onWire });
    const headers = new Headers({
      date: new Date(sentAt).toUTCString(),
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit - count),
      'x-ratelimit-reset': String(Math.ceil((start + windowMs) / 1000)),
    });
    await t.sleep(ROUND_TRIP_MS);
    onWire -= 1;
    answeredAt.push(t.now());
    return { status, headers, body: '{}', sentAt, receivedAt: t.now() };
  };
  return { send, arrivals, answeredAt };
}

/** `count` creates through one governor, `outstanding` of them handed to it at a time. */
async function drain(
  t: VirtualTiming,
  service: ReturnType<typeof slowService>,
  count: number,
  outstanding = 2 * MOST_ON_THE_WIRE,
): Promise<void> {
  const governor = createGovernor({ timing: t });
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      await governor.run(service.send, { deadline: t.now() + 60_000, lane: 'intake' });
    }
  };
  await t.drive(Promise.all(Array.from({ length: outstanding }, lane)));
}

describe('the governor keeps the wire busy', () => {
  it('sends the next waiting request the moment an answer frees a slot', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const service = slowService(t, 1_000, 60_000);
    await drain(t, service, 30);

    expect(service.arrivals).toHaveLength(30);
    expect(service.arrivals.every((a) => a.status === 201)).toBe(true);
    expect(Math.max(...service.arrivals.map((a) => a.onWire))).toBe(MOST_ON_THE_WIRE);
    // Past the first request (alone: the window is not known yet), each one
    // leaves at the very instant an answer came back: no wait in between.
    for (const arrival of service.arrivals.slice(1)) {
      expect(service.answeredAt).toContain(arrival.at);
    }
  });

  it('sends three at once into each new window of a limit it knows, never into a spent one', async () => {
    const t = createVirtualTiming(1_800_000_000_000);
    const service = slowService(t, 6, 1_000);
    await drain(t, service, 30);

    expect(service.arrivals).toHaveLength(30);
    expect(service.arrivals.filter((a) => a.status === 429)).toHaveLength(0);
    const windows = [...new Set(service.arrivals.map((a) => a.window))];
    expect(windows.length).toBeGreaterThanOrEqual(5);
    // From the second window on, the reset is followed by three requests at
    // once rather than one sent alone to learn what the window holds.
    for (const window of windows.slice(1)) {
      const first = service.arrivals.filter((a) => a.window === window).slice(0, MOST_ON_THE_WIRE);
      expect(first.map((a) => a.at)).toEqual(Array(MOST_ON_THE_WIRE).fill(window));
    }
  });
});
