/**
 * A virtual clock for the sync engine's tests. `Date` and the timers are
 * fake, and the clock only moves when nothing else can run (no IndexedDB task
 * queued, no promise left to settle), straight to the next timer. Every wait
 * of the engine (its pace, a pause, a backoff) then lasts exactly its virtual
 * time whatever the machine's load, IndexedDB work takes none, and a test
 * spends no real time waiting.
 *
 * fake-indexeddb and Dexie schedule their work with `setImmediate`, which
 * stays real: it is counted, so "nothing else can run" is known rather than
 * guessed.
 */
import { vi } from 'vitest';

/** What {@link VirtualClock.until} polls: `false` or a throw means "not yet". */
type Check = () => boolean | void | Promise<boolean | void>;

export interface VirtualClock {
  /** The virtual time, epoch ms (what `Date.now()` answers while installed). */
  now(): number;
  /** Runs what can run without the clock moving: IndexedDB tasks, promises. */
  settle(): Promise<void>;
  /**
   * Runs until `check` holds, moving the clock from one timer to the next
   * whenever nothing else can run. Fails with the check's last error (or
   * with `what`) when no timer is left or `limitMs` of virtual time passed.
   */
  until(check: Check, what?: string, limitMs?: number): Promise<void>;
  /** Runs `promise` to its end the same way, and hands back what it gave. */
  run<T>(promise: Promise<T>): Promise<T>;
  /** Puts the real timers and `setImmediate` back. */
  uninstall(): void;
}

/** The timer functions this file replaces, typed without Node's or the DOM's types. */
interface Timers {
  setImmediate(callback: () => void): unknown;
  clearImmediate(handle: unknown): void;
  setTimeout(callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): unknown;
}

/** The virtual time the clock starts at: a fixed moment, so runs are alike. */
const VIRTUAL_START = Date.UTC(2030, 0, 1);

/** Installs the virtual clock; call {@link VirtualClock.uninstall} after the test. */
export function installVirtualClock(start = VIRTUAL_START): VirtualClock {
  const timers = globalThis as unknown as Timers;
  const realSetImmediate = timers.setImmediate;
  const realClearImmediate = timers.clearImmediate;
  const queued = new Set<unknown>();

  timers.setImmediate = Object.assign(
    (callback: (...args: unknown[]) => void, ...args: unknown[]): unknown => {
      const handle = realSetImmediate(() => {
        queued.delete(handle);
        callback(...args);
      });
      queued.add(handle);
      return handle;
    },
    realSetImmediate,
  );
  timers.clearImmediate = (handle) => {
    queued.delete(handle);
    realClearImmediate(handle);
  };
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: start,
  });
  // As Node does, a timer waits at least 1 ms, and a fraction of a ms is
  // waited out (the fake one would cut it off, and a wait of 0.3 ms would
  // then end with the clock where it was, over and over).
  const fakeSetTimeout = timers.setTimeout;
  timers.setTimeout = Object.assign(
    (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
      fakeSetTimeout(callback, Math.max(1, Math.ceil(Number(ms) || 0)), ...args),
    fakeSetTimeout,
  );

  const turn = (): Promise<void> => new Promise((resolve) => realSetImmediate(() => resolve()));

  async function settle(): Promise<void> {
    // A few quiet turns in a row: a promise settled in one may queue a task in the next.
    for (let quiet = 0; quiet < 3;) {
      await turn();
      quiet = queued.size === 0 ? quiet + 1 : 0;
    }
  }

  async function holds(check: Check): Promise<{ ok: boolean; failure: unknown }> {
    try {
      return { ok: (await check()) !== false, failure: null };
    } catch (err) {
      return { ok: false, failure: err };
    }
  }

  async function until(check: Check, what = 'the condition', limitMs = 3_600_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    // A guard against a loop that never lets the clock move, not a measure.
    for (let still = 0, at = Date.now(); ;) {
      await settle();
      const { ok, failure } = await holds(check);
      if (ok) return;
      await settle();
      if (vi.getTimerCount() === 0 || Date.now() > deadline) {
        throw failure ?? new Error(`Never happened on the virtual clock: ${what}`);
      }
      vi.advanceTimersToNextTimer();
      still = Date.now() === at ? still + 1 : 0;
      at = Date.now();
      if (still > 10_000) throw new Error(`The virtual clock stood still waiting for ${what}.`);
    }
  }

  async function run<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    const settled = promise.then(
      () => (done = true),
      () => (done = true),
    );
    await until(() => done, 'the promise to settle');
    await settled;
    return promise;
  }

  return {
    now: () => Date.now(),
    settle,
    until,
    run,
    uninstall() {
      timers.setTimeout = fakeSetTimeout;
      vi.useRealTimers();
      timers.setImmediate = realSetImmediate;
      timers.clearImmediate = realClearImmediate;
    },
  };
}
