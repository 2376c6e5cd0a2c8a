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

/**
 * Like {@link slowService}, but the way out is as slow as a round trip allows
 * for the request that opens a window (180 ms out, 20 back) and instant for
 * the rest (200 back): the window then ends nearly a whole round trip after
 * its first request was sent, and each request that lands in it seems, from
 * its sending, to have come after the end. Answers are dated at departure.
 */
function unevenService(t: VirtualTiming, limit: number, windowMs: number) {
  let start = -Infinity;
  let count = 0;
  const arrivals: Array<{ at: number; window: number; status: number }> = [];
  const send = async (): Promise<HttpAnswer> => {
    const sentAt = t.now();
    const opens = sentAt >= start + windowMs;
    await t.sleep(opens ? 180 : 0);
    const arrivedAt = t.now();
    if (arrivedAt >= start + windowMs) {
      start = arrivedAt;
      count = 0;
    }
    const status = count < limit ? 201 : 429;
    if (status === 201) count += 1;
    arrivals.push({ at: arrivedAt, window: start, status });
    const headers = new Headers({
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit - count),
      'x-ratelimit-reset': String(Math.ceil((start + windowMs) / 1000)),
    });
    await t.sleep(ROUND_TRIP_MS - (t.now() - sentAt));
    headers.set('date', new Date(t.now()).toUTCString());
    return { status, headers, body: '{}', sentAt, receivedAt: t.now() };
  };
  return { send, arrivals };
}

/** `count` creates through one governor, `outstanding` of them handed to it at a time. */
async function drain(
  t: VirtualTiming,
  service: Pick<ReturnType<typeof slowService>, 'send'>,
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

  it('never sends into a short window its requests on the wire could still fill, however slow the way out was', async () => {
    // 17 a second against 15 a second on the wire: each window ends two short
    // of its limit with two of ours out, which may have filled it or opened
    // the next. Only an answer from the next window, or its reset, tells.
    // Dating the end from when the window's first request was sent (as if it
    // arrived at once) lets one more in before the end: a 429 here. So does
    // not counting the two still out.
    for (const start of [1_800_000_000_000, 1_800_000_000_450, 1_800_000_000_900]) {
      const t = createVirtualTiming(start);
      const service = unevenService(t, 17, 1_000);
      await drain(t, service, 120);

      expect(service.arrivals).toHaveLength(120);
      expect(service.arrivals.filter((a) => a.status === 429)).toEqual([]);
    }
  });
});
