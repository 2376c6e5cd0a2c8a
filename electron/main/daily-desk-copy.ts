/**
 * The daily automatic copy: soon after start and then every hour, the app
 * window is asked for a copy when none was kept yet on this local day. The
 * first look waits a little so the window has loaded and listens; a window
 * that did not answer (or had nothing to keep) is asked again an hour later.
 * Plain code with the clock and Electron's calls passed in, tested in Node.
 */

/** When the first look is taken after start. */
const FIRST_DAILY_LOOK_MS = 60_000;

/** How often it looks again. */
const DAILY_LOOK_EVERY_MS = 60 * 60_000;

/** What the daily copy needs from the copies, Electron and the clock. */
export interface DailyCopyDeps {
  dueNow(now: number): Promise<boolean>;
  now(): number;
  hasWindow(): boolean;
  closing(): boolean;
  /** Asks the app window for its daily copy. */
  ask(): void;
  /** Calls `then` after `ms` unless the returned cancel is called first. */
  after(ms: number, then: () => void): () => void;
}

/** Starts looking; `stop` ends it (at quit). */
export function startDailyCopy(deps: DailyCopyDeps): { stop(): void } {
  let cancel: (() => void) | null = null;
  let stopped = false;

  const look = async (): Promise<void> => {
    let due: boolean;
    try {
      due = await deps.dueNow(deps.now());
    } catch {
      // The folder could not be read now: the next look tries again.
      return;
    }
    if (stopped) return;
    // A closing desk's copy at quit is on the way already.
    if (due && deps.hasWindow() && !deps.closing()) deps.ask();
  };

  const next = (ms: number): void => {
    cancel = deps.after(ms, () => {
      if (stopped) return;
      next(DAILY_LOOK_EVERY_MS);
      void look();
    });
  };

  next(FIRST_DAILY_LOOK_MS);
  return {
    stop() {
      stopped = true;
      cancel?.();
      cancel = null;
    },
  };
}
