import { afterEach, describe, expect, it, vi } from 'vitest';
import { Waker } from '../../../../src/sync/wake';

// Chromium keeps a timer's delay in a signed 32-bit number; a longer one fires after 1 ms.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the replayer's sleep", () => {
  it('never hands a timer a delay it cannot hold, and still wakes when told', async () => {
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const waker = new Waker();
    const now = (): number => 1_800_000_000_000;
    const asleep = waker.sleep(253_402_300_799_000, now);
    expect(spy).toHaveBeenCalledTimes(1);
    const delay = spy.mock.calls[0]![1] ?? 0;
    expect(delay).toBeLessThanOrEqual(LONGEST_TIMER_MS);
    expect(delay).toBeGreaterThan(24 * 3_600_000);
    waker.wake();
    await asleep;
  });
});
