/**
 * Waiting helpers shared by the unit tests. Plain timers only (no Node APIs),
 * so the file type-checks under both the Node and the web test projects.
 */

/** Options of {@link eventually}. */
export interface EventuallyOptions {
  /** Give up after this long; the test then fails. Default 5 s. */
  timeoutMs?: number;
  /** Pause between checks. Default 5 ms. */
  intervalMs?: number;
}

/** What {@link eventually} polls: `false` or a throw means "not yet". */
export type Check = () => boolean | void | Promise<boolean | void>;

/** Resolves after `ms` milliseconds. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Polls `check` until it holds: returns `true`, or returns nothing without
 * throwing (so `() => expect(x).toBe(1)` works too). When it never does, fails
 * with the check's last assertion error, or with `what` for a plain `false`.
 *
 * @param what said in the failure when the check only ever returned false
 */
export async function eventually(
  check: Check,
  what = 'the condition',
  options: EventuallyOptions = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const intervalMs = options.intervalMs ?? 5;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown = null;
    try {
      if ((await check()) !== false) return;
    } catch (err) {
      failure = err;
    }
    if (Date.now() > deadline) {
      throw failure ?? new Error(`Never happened: ${what}`);
    }
    await sleep(intervalMs);
  }
}
