/**
 * Writing and reading a desk file is long work on the window's thread; it is
 * done in small steps, and once the steps have held the thread for a budget
 * the thread is handed back (`pause`), so keys, clicks and drawing wait at
 * most that long. Pausing after every step instead would spend more time
 * waiting on timers than working on a file of thousands of photos.
 */
import { pause } from '../import/pause';

const BUDGET_MS = 8;

export class Pacer {
  private since = performance.now();

  /** Hands the thread back if the work since the last pause has held it for the budget. */
  async breathe(): Promise<void> {
    if (performance.now() - this.since < BUDGET_MS) return;
    await pause();
    this.since = performance.now();
  }
}
