import type { Timing } from '../../../../electron/core/governor/timing';

/** A clock that only moves when the test drives it, for deterministic governor tests. */
export interface VirtualTiming extends Timing {
  /** Runs `promise` to completion, jumping the clock to each pending timer when nothing else can run. */
  drive<T>(promise: Promise<T>): Promise<T>;
  /** Moves the clock forward without firing timers. */
  advance(ms: number): void;
}

/** Creates a virtual clock starting at `start`; `random` is fixed so jitter is predictable. */
export function createVirtualTiming(start = 1_800_000_000_000, random = 0.5): VirtualTiming {
  let now = start;
  let timers: Array<{ at: number; fire: () => void }> = [];
  const idle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  return {
    now: () => now,
    random: () => random,
    advance(ms) {
      now += ms;
    },
    sleep(ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted === true) return resolve();
        const timer = {
          at: now + Math.max(0, ms),
          fire: () => {
            timers = timers.filter((t) => t !== timer);
            resolve();
          },
        };
        timers.push(timer);
        signal?.addEventListener('abort', timer.fire, { once: true });
      });
    },
    async drive(promise) {
      let done = false;
      promise.then(
        () => (done = true),
        () => (done = true),
      );
      for (let idleRounds = 0; !done;) {
        await idle();
        if (done) break;
        const next = [...timers].sort((a, b) => a.at - b.at)[0];
        if (next === undefined) {
          if ((idleRounds += 1) > 50)
            throw new Error('Nothing left to run but the promise is pending.');
          continue;
        }
        idleRounds = 0;
        now = Math.max(now, next.at);
        next.fire();
      }
      return promise;
    },
  };
}
