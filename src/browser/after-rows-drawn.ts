/**
 * What the list's first rows do not need waits for them: the side pane, the
 * search index's build, the sync engine's code.
 */

/**
 * Calls `then` once the rows of a page that has just answered are on screen:
 * they are drawn in the next frame, so after the one that follows it. Without
 * frames (outside a window, as in unit tests), after this task.
 */
export function afterRowsDrawn(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(then, 0);
    return;
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, 0)));
}
