/**
 * What the list's first rows do not need waits for them: the side pane, the
 * search index's build, the sync engine's code.
 */

/** The longest the work after the first rows waits for the window to be idle. */
const IDLE_WAIT_MS = 500;

/**
 * Calls `then` once the rows of a page that has just answered are on screen
 * (they are drawn in the next frame, so after the one that follows it) and
 * the window is idle. Each caller's work is then a task of its own that a
 * click or a key waiting meanwhile goes ahead of: right after start, a filter
 * switch is not held up by the side pane, the database layer and the sync
 * engine starting all at once. Without frames (outside a window, as in unit
 * tests), after this task.
 */
export function afterRowsDrawn(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(then, 0);
    return;
  }
  const whenIdle = (): void => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => then(), { timeout: IDLE_WAIT_MS });
    } else setTimeout(then, 0);
  };
  requestAnimationFrame(() => requestAnimationFrame(whenIdle));
}
