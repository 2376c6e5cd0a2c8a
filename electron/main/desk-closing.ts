/**
 * The copy made when the desk closes: the app's quit, or its window being
 * closed (on Windows and Linux that is how staff quit, and by `before-quit`
 * the window would be gone). The first close is held while the window makes
 * its copy; the copy kept, the window gone or the wait over, it goes on.
 * Plain code with the clock and Electron's calls passed in, tested in Node.
 */

/** How long a close waits for the window's copy at most. */
export const CLOSING_COPY_WAIT_MS = 20_000;

/** `open`: nothing asked yet; `asking`: a close is held for the copy; `letting-go`: closes pass. */
export type ClosingState = 'open' | 'asking' | 'letting-go';

/** What a close does now. */
export interface ClosingStep {
  /** Hold the close (`event.preventDefault()`) and ask the window for its copy. */
  hold: boolean;
  next: ClosingState;
}

/**
 * The decision at each close. Only the first close with a window to ask is
 * held; a second one during the wait is staff insisting, and goes at once.
 */
export function closingStep(state: ClosingState, hasWindow: boolean): ClosingStep {
  if (state === 'open' && hasWindow) return { hold: true, next: 'asking' };
  return { hold: false, next: 'letting-go' };
}

/** What the closing needs from Electron and the clock. */
export interface DeskClosingDeps {
  /** Whether an app window is there to make the copy. */
  hasWindow(): boolean;
  /** Asks the app window for its copy at quit. */
  ask(): void;
  /** Calls `then` after `ms` unless the returned cancel is called first. */
  after(ms: number, then: () => void): () => void;
}

/** The closing of the desk, one close at a time. */
export interface DeskClosing {
  /**
   * A close is starting. True when it must be held (prevented): then
   * `release` is called once to close again, when the copy is kept, the window
   * is gone, or {@link CLOSING_COPY_WAIT_MS} are over.
   */
  hold(release: () => void): boolean;
  /** The window handed over its copy at quit (or said there is nothing to keep). */
  kept(): void;
  /** The app window crashed or closed: nobody is left to make the copy. */
  windowGone(): void;
  /** A new app window opened after a close that did not quit (macOS): its close is asked again. */
  reopened(): void;
  state(): ClosingState;
}

export function createDeskClosing(deps: DeskClosingDeps): DeskClosing {
  let state: ClosingState = 'open';
  let pending: { release: () => void; cancel: () => void } | null = null;

  const finish = (): void => {
    const held = pending;
    pending = null;
    state = 'letting-go';
    if (held === null) return;
    held.cancel();
    held.release();
  };

  return {
    hold(release) {
      const step = closingStep(state, deps.hasWindow());
      state = step.next;
      if (!step.hold) {
        // Staff closed again during the wait: the held close is dropped, this one goes through.
        pending?.cancel();
        pending = null;
        return false;
      }
      pending = { release, cancel: deps.after(CLOSING_COPY_WAIT_MS, finish) };
      deps.ask();
      return true;
    },
    kept() {
      if (state === 'asking') finish();
    },
    windowGone() {
      if (state === 'asking') finish();
    },
    reopened() {
      if (state === 'letting-go') state = 'open';
    },
    state: () => state,
  };
}
