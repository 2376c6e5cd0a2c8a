/**
 * Time as the governor sees it. Injected so the pacing logic can be tested
 * deterministically; production uses {@link realTiming}.
 */
export interface Timing {
  /** Local epoch ms. */
  now(): number;
  /** Resolves after `ms`, or early (never rejecting) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Uniform in [0, 1). */
  random(): number;
}

/**
 * The longest delay a timer holds: Node and Chromium keep it in a signed 32-bit
 * number and fire a longer one after 1 ms, which would turn a long wait into a
 * busy loop. A sleep this long (24 days) ends early; every caller looks at the
 * clock again when it wakes.
 */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Wall-clock timing backed by `Date.now`, `setTimeout` and `Math.random`. */
export const realTiming: Timing = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(LONGEST_TIMER_MS, Math.max(0, ms)));
      signal?.addEventListener('abort', done, { once: true });
    }),
};
