import { afterEach, describe, expect, it, vi } from 'vitest';
import { runSliced } from '../../../../src/import/run-sliced';

/** Work of `slices` slices that records, in `log`, which slice ran and when the runner paused. */
function* work(slices: number, log: string[]): Generator<void, string, void> {
  for (let i = 1; i <= slices; i++) {
    log.push(`slice ${i}`);
    if (i < slices) yield;
  }
  return 'done';
}

/** A clock that moves on `step` ms each time it is read, so a budget runs out after a known number of slices. */
function steppingClock(step: number): void {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (now += step));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runSliced', () => {
  it('ends before returning when the work fits in one budget', () => {
    steppingClock(1);
    const log: string[] = [];
    expect(runSliced(work(3, log), () => true, 10)).toEqual({ done: true, value: 'done' });
    expect(log).toEqual(['slice 1', 'slice 2', 'slice 3']);
  });

  it('hands the thread back once a budget is spent, and ends with every slice run once', async () => {
    // Each read of the clock is 5 ms on: a budget of 10 ms takes two slices.
    steppingClock(5);
    const log: string[] = [];
    const run = runSliced(work(5, log), () => true, 10);

    expect(run.done).toBe(false);
    expect(log).toEqual(['slice 1', 'slice 2']);
    if (run.done) throw new Error('ended at once');
    await expect(run.rest).resolves.toBe('done');
    expect(log).toEqual(['slice 1', 'slice 2', 'slice 3', 'slice 4', 'slice 5']);
  });

  it('stops, and says so with null, once the work is no longer wanted', async () => {
    steppingClock(5);
    const log: string[] = [];
    let wanted = true;
    const run = runSliced(work(5, log), () => wanted, 10);
    wanted = false;

    if (run.done) throw new Error('ended at once');
    await expect(run.rest).resolves.toBeNull();
    expect(log).toEqual(['slice 1', 'slice 2']);
  });
});
