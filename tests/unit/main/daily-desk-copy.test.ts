import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeskCopies } from '../../../electron/core/desk-copies/desk-copies';
import { startDailyCopy } from '../../../electron/main/daily-desk-copy';
import { useTempDirs } from '../core/helpers/temp-dir';

const tempDir = useTempDirs();

/** The first look, a minute after start; then one each hour. */
const FIRST_LOOK_MS = 60_000;
const LOOK_EVERY_MS = 60 * 60_000;

afterEach(() => {
  vi.unstubAllEnvs();
});

/** A clock and its timers that move only when told. */
function manualClock(start: number) {
  let now = start;
  let waits: { at: number; then: () => void }[] = [];
  return {
    now: () => now,
    after(ms: number, then: () => void): () => void {
      const wait = { at: now + ms, then };
      waits.push(wait);
      return () => {
        waits = waits.filter((kept) => kept !== wait);
      };
    },
    /** Moves the clock on by `ms`, firing each wait that falls due on the way. */
    advance(ms: number): void {
      const end = now + ms;
      for (;;) {
        const next = waits.filter((wait) => wait.at <= end).sort((a, b) => a.at - b.at)[0];
        if (next === undefined) break;
        waits = waits.filter((kept) => kept !== next);
        now = next.at;
        next.then();
      }
      now = end;
    },
    waiting: () => waits.length,
  };
}

describe('the daily copy', () => {
  it('is asked for soon after start, then each hour until kept, and again past local midnight', async () => {
    vi.stubEnv('TZ', 'America/Mexico_City');
    const copies = createDeskCopies(await tempDir());
    const clock = manualClock(new Date(2026, 10, 27, 21, 0).getTime());
    const asked: number[] = [];
    const looks: Promise<boolean>[] = [];
    const daily = startDailyCopy({
      dueNow: (now) => {
        const due = copies.dueNow(now);
        looks.push(due);
        return due;
      },
      now: clock.now,
      hasWindow: () => true,
      closing: () => false,
      ask: () => asked.push(clock.now()),
      after: clock.after,
    });
    const look = async (ms: number): Promise<void> => {
      clock.advance(ms);
      // Each look reads the folder; the decision follows its answer at once.
      await Promise.all(looks.splice(0));
    };

    await look(FIRST_LOOK_MS - 1);
    expect(asked).toEqual([]);
    await look(1);
    expect(asked).toHaveLength(1);
    // The window did not answer: an hour later it is asked again.
    await look(LOOK_EVERY_MS);
    expect(asked).toHaveLength(2);
    // It answers at 22:01 local; the looks at 23:01 and before midnight ask nothing.
    await copies.keep(new TextEncoder().encode('desk'), clock.now());
    await look(LOOK_EVERY_MS);
    expect(asked).toHaveLength(2);
    // 00:01 local the next day (06:01 UTC): a new day, a new copy.
    await look(LOOK_EVERY_MS);
    expect(asked).toHaveLength(3);
    expect(new Date(asked[2] ?? 0).getDate()).toBe(28);

    daily.stop();
    expect(clock.waiting()).toBe(0);
  });

  it('asks nothing while the desk closes or with no window, and a look that fails is tried again', async () => {
    const clock = manualClock(0);
    const asked: number[] = [];
    let closing = true;
    let hasWindow = true;
    let failing = false;
    startDailyCopy({
      dueNow: () => (failing ? Promise.reject(new Error('EACCES')) : Promise.resolve(true)),
      now: clock.now,
      hasWindow: () => hasWindow,
      closing: () => closing,
      ask: () => asked.push(clock.now()),
      after: clock.after,
    });
    const look = async (ms: number): Promise<void> => {
      clock.advance(ms);
      // The answers are settled already: one turn lets each look decide.
      await new Promise((resolve) => setImmediate(resolve));
    };
    await look(FIRST_LOOK_MS);
    closing = false;
    hasWindow = false;
    await look(LOOK_EVERY_MS);
    hasWindow = true;
    failing = true;
    await look(LOOK_EVERY_MS);
    expect(asked).toEqual([]);
    failing = false;
    await look(LOOK_EVERY_MS);
    expect(asked).toEqual([FIRST_LOOK_MS + 3 * LOOK_EVERY_MS]);
  });
});
