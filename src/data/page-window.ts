/** A slice of the list to keep loaded: `limit` rows from `offset`. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** Rows loaded per step; the window moves in these steps, not on every scrolled pixel. */
const WINDOW_CHUNK = 50;

/**
 * The rows to load so that rows `first..last` (inclusive, the ones on screen)
 * are present, with a chunk of margin either side. Aligned to chunks so small
 * scrolls keep the same window and do not re-query.
 */
export function pageWindow(first: number, last: number, chunk: number = WINDOW_CHUNK): PageWindow {
  const lo = Math.max(0, Math.min(first, last));
  const hi = Math.max(lo, Math.max(first, last));
  const offset = Math.max(0, (Math.floor(lo / chunk) - 1) * chunk);
  const end = (Math.floor(hi / chunk) + 2) * chunk;
  return { offset, limit: end - offset };
}

/** True when `window` already holds rows `first..last`. */
export function windowCovers(window: PageWindow, first: number, last: number): boolean {
  return first >= window.offset && last < window.offset + window.limit;
}
