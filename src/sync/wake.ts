import { timerDelay } from '../../electron/contract/timer';

/**
 * A sleep that can be cut short. The replayer sleeps until a deadline (or
 * indefinitely) and anything that changes what it should do wakes it to look
 * again.
 */
export class Waker {
  private pending = false;
  private release: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Resolves at `until` (epoch ms by `now`), or at once on {@link wake}. A wake
   * that arrived while not sleeping ends the next sleep immediately, so none is lost.
   */
  sleep(until: number | null, now: () => number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.release = resolve;
      if (until !== null) {
        this.timer = setTimeout(() => this.finish(), timerDelay(until - now()));
      }
    });
  }

  /** Ends the current sleep, or the next one if none is in progress. */
  wake(): void {
    if (this.release) this.finish();
    else this.pending = true;
  }

  private finish(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const release = this.release;
    this.release = null;
    this.pending = false;
    release?.();
  }
}
