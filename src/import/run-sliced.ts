/**
 * Long work on the window's thread, cut into slices: a generator that yields
 * between slices is run until it has held the thread for a budget, then the
 * thread is handed back (see `pause.ts`) before it goes on.
 */
import { pause } from './pause';

/** How long slices run back to back before the window answers a key, a click or draws. */
const SLICE_BUDGET_MS = 8;

/** Work that ended within its first budget, or the promise of its end (null once unwanted). */
export type Sliced<T> = { done: true; value: T } | { done: false; rest: Promise<T | null> };

/**
 * Runs `work` now for up to `budgetMs`; work that ends by then is done before
 * this returns, so a small import is checked at once. The rest runs a budget
 * at a time, and stops, resolving null, as soon as `wanted()` turns false.
 */
export function runSliced<T>(
  work: Iterator<void, T, void>,
  wanted: () => boolean,
  budgetMs: number = SLICE_BUDGET_MS,
): Sliced<T> {
  const run = (): IteratorResult<void, T> => {
    const until = performance.now() + budgetMs;
    let step = work.next();
    while (step.done !== true && performance.now() < until) step = work.next();
    return step;
  };
  const first = run();
  if (first.done === true) return { done: true, value: first.value };
  const rest = async (): Promise<T | null> => {
    for (;;) {
      await pause();
      if (!wanted()) return null;
      const step = run();
      if (step.done === true) return step.value;
    }
  };
  return { done: false, rest: rest() };
}
