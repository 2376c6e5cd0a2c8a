import type { Timing } from '../../../../electron/core/governor/timing';

/** Options of {@link VirtualTiming.drive}. */
interface DriveOptions {
  /**
   * Real work under way that the clock must not run ahead of (requests on
   * the wire, see {@link countedFetch}): a promise that settles once it is
   * done, or null when there is none.
   */
  busy?: () => Promise<void> | null;
}

/** A clock that only moves when the test drives it, for deterministic governor tests. */
export interface VirtualTiming extends Timing {
  /** Runs `promise` to completion, jumping the clock to each pending timer when nothing else can run. */
  drive<T>(promise: Promise<T>, options?: DriveOptions): Promise<T>;
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
    async drive(promise, options = {}) {
      let done = false;
      promise.then(
        () => (done = true),
        () => (done = true),
      );
      // With real work about, a few quiet turns in a row before the clock moves:
      // what a timer set off may take a turn or two to put on the wire.
      const quietTurns = options.busy === undefined ? 1 : 3;
      for (let idleRounds = 0; !done;) {
        for (let quiet = 0; quiet < quietTurns && !done;) {
          await idle();
          const busy = options.busy?.() ?? null;
          if (busy === null) quiet += 1;
          else {
            await busy;
            quiet = 0;
          }
        }
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

/**
 * A `fetch` that counts the requests on the wire, bodies included, so that a
 * virtual clock driving real HTTP (`drive(p, { busy })`) moves only while
 * none is: a request then takes no virtual time, however slow the machine.
 */
export function countedFetch(inner: typeof fetch = fetch): {
  fetch: typeof fetch;
  busy: () => Promise<void> | null;
} {
  let onWire = 0;
  let waiters: (() => void)[] = [];
  const counted: typeof fetch = async (input, init) => {
    onWire += 1;
    try {
      const response = await inner(input, init);
      const body = await response.arrayBuffer();
      const empty = [101, 204, 205, 304].includes(response.status);
      return new Response(empty ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      onWire -= 1;
      if (onWire === 0) {
        const done = waiters;
        waiters = [];
        for (const resolve of done) resolve();
      }
    }
  };
  return {
    fetch: counted,
    busy: () => (onWire === 0 ? null : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}
