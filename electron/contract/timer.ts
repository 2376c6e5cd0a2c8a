/**
 * The longest delay a timer holds: Node and Chromium keep it in a signed 32-bit
 * number and fire a longer one after 1 ms, which would turn a long wait into a
 * busy loop.
 */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * `ms` as a timer can hold it: never negative, and at most about 24 days. A
 * sleep cut to that ends early; every caller looks at the clock again when it
 * wakes, so it only sleeps again.
 */
export function timerDelay(ms: number): number {
  return Math.min(LONGEST_TIMER_MS, Math.max(0, ms));
}
