/**
 * The one owner of the desk's close: the app's quit (from the menu or the
 * system), or its window being closed (on Windows and Linux that is how staff
 * quit, and by `before-quit` the window would be gone). A close is held
 * first while staff are asked about animals not sent yet (`close-question.ts`),
 * then while the window makes its quit copy; the copy kept, the window gone
 * or the wait over, it goes on. Kept open, nothing goes. Plain code with the
 * clock and Electron's calls passed in, tested in Node.
 */

/** How long a close waits for the window's copy at most. */
const CLOSING_COPY_WAIT_MS = 20_000;

/**
 * `open`: nothing asked yet; `questioning`: a close is held while staff are
 * asked; `asking`: a close is held for the copy; `letting-go`: closes pass.
 */
type ClosingState = 'open' | 'questioning' | 'asking' | 'letting-go';

/** What a close does now. */
interface ClosingStep {
  /** Hold the close (`event.preventDefault()`). */
  hold: boolean;
  next: ClosingState;
}

/**
 * The decision at each close. The first close with a window is held: for the
 * question when there is one, else for the copy. A close during the question
 * waits for its answer with the first; a second one during the copy's wait
 * is staff insisting, and goes at once.
 */
function closingStep(state: ClosingState, hasWindow: boolean, asks = false): ClosingStep {
  if (state === 'questioning') return { hold: true, next: 'questioning' };
  if (state === 'open' && hasWindow) return { hold: true, next: asks ? 'questioning' : 'asking' };
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
  /**
   * Asks staff first, when animals are not sent yet: true to go on closing,
   * false to keep Kennel open. Absent: nothing is asked.
   */
  askFirst?: () => Promise<boolean>;
}

/** The closing of the desk, one close at a time. */
export interface DeskClosing {
  /**
   * A close is starting. True when it must be held (prevented): then
   * `release` is called once to close again, when the copy is kept, the window
   * is gone, or {@link CLOSING_COPY_WAIT_MS} are over; never when staff chose
   * to keep Kennel open.
   */
  hold(release: () => void): boolean;
  /** The window handed over its copy at quit (or said there is nothing to keep). */
  kept(): void;
  /** The app window crashed or closed: nobody is left to ask or to make the copy. */
  windowGone(): void;
  /** A new app window opened after a close that did not quit (macOS): its close is asked again. */
  reopened(): void;
  state(): ClosingState;
}

export function createDeskClosing(deps: DeskClosingDeps): DeskClosing {
  let state: ClosingState = 'open';
  // Every close held by this sequence: a quit during the question is done too when it goes on.
  let releases: (() => void)[] = [];
  let cancelWait: (() => void) | null = null;
  // Counts the questions, so an answer that comes after the window went is not taken.
  let question = 0;

  const finish = (): void => {
    const held = releases;
    releases = [];
    cancelWait?.();
    cancelWait = null;
    state = 'letting-go';
    for (const release of held) release();
  };

  const askForCopy = (): void => {
    state = 'asking';
    cancelWait = deps.after(CLOSING_COPY_WAIT_MS, finish);
    deps.ask();
  };

  const answered = (asked: number, go: boolean): void => {
    if (asked !== question || state !== 'questioning') return;
    if (!go) {
      // Kept open: the held closes are dropped, and the next close asks again.
      releases = [];
      state = 'open';
      return;
    }
    if (deps.hasWindow()) askForCopy();
    else finish();
  };

  return {
    hold(release) {
      const asking = deps.askFirst;
      const step = closingStep(state, deps.hasWindow(), asking !== undefined);
      const before = state;
      state = step.next;
      if (!step.hold) {
        // Staff closed again during the copy's wait: the held close is dropped, this one goes through.
        cancelWait?.();
        cancelWait = null;
        releases = [];
        return false;
      }
      releases.push(release);
      if (before === 'questioning') return true;
      if (state === 'asking' || asking === undefined) {
        askForCopy();
        return true;
      }
      question += 1;
      const asked = question;
      // A question that fails is no reason to keep staff from closing.
      void asking().then(
        (go) => answered(asked, go),
        () => answered(asked, true),
      );
      return true;
    },
    kept() {
      if (state === 'asking') finish();
    },
    windowGone() {
      if (state === 'asking' || state === 'questioning') finish();
    },
    reopened() {
      if (state === 'letting-go') state = 'open';
    },
    state: () => state,
  };
}
