import { timerDelay } from '../../contract/timer';

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
      const timer = setTimeout(done, timerDelay(ms));
      signal?.addEventListener('abort', done, { once: true });
    }),
};
