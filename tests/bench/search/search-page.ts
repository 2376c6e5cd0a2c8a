import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import type { ListState } from './queries';

/** Path of the script injected after `page-probe.js` (see `search-probe.js`). */
export const SEARCH_PROBE_PATH = fileURLToPath(new URL('./search-probe.js', import.meta.url));

/** What the two probes put on `window` that this file reads. */
interface SearchProbe {
  longestTask(from: number, to: number): number;
  indexReady: number | null;
  indexReadyError: string | null;
  show(expected: ListState, timeoutMs: number): Promise<number>;
  arm(expected: ListState, timeoutMs: number): void;
  armed: Promise<number> | null;
}

// Only read inside functions that run in the page.
declare const window: {
  __kennelSearch?: SearchProbe;
  __kennelBench?: { firstRows: number | null };
};

const LOAD_TIMEOUT_MS = 120_000;
const KEY_TIMEOUT_MS = 10_000;

/** The search box, found as a user finds it. */
function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search', exact: true });
}

/** What one load gives: ms from navigation start, and the longest task while indexing. */
interface IndexedLoad {
  firstRowsMs: number;
  indexReadyMs: number;
  /** The longest task of the window's thread between the first rows and the count line. */
  longestTaskMs: number;
}

/**
 * Loads the app afresh and waits until the catalogue index is built (the count
 * line is drawn).
 */
export async function loadUntilIndexed(page: Page, url: string): Promise<IndexedLoad> {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const probe = window.__kennelSearch;
      return probe !== undefined && (probe.indexReady !== null || probe.indexReadyError !== null);
    },
    null,
    { timeout: LOAD_TIMEOUT_MS, polling: 50 },
  );
  const seen = await page.evaluate(() => {
    const firstRows = window.__kennelBench?.firstRows ?? null;
    const probe = window.__kennelSearch;
    const indexReady = probe?.indexReady ?? null;
    return {
      firstRows,
      indexReady,
      longestTask:
        probe && firstRows !== null && indexReady !== null
          ? probe.longestTask(firstRows, indexReady)
          : null,
      error: probe?.indexReadyError ?? 'probe missing',
    };
  });
  if (seen.indexReady === null) throw new Error(`the count line was never drawn: ${seen.error}`);
  if (seen.firstRows === null || seen.longestTask === null) {
    throw new Error('the Animals list drew no rows');
  }
  return {
    firstRowsMs: seen.firstRows,
    indexReadyMs: seen.indexReady,
    longestTaskMs: seen.longestTask,
  };
}

/** Puts `text` in the search box at once (no timing) and waits until the list shows `state`. */
export async function showSearch(page: Page, text: string, state: ListState): Promise<void> {
  await searchBox(page).fill(text);
  await page.evaluate(
    async ([expected, timeout]) => {
      const probe = window.__kennelSearch;
      if (!probe) throw new Error('search probe missing');
      await probe.show(expected, timeout);
    },
    [state, KEY_TIMEOUT_MS] as const,
  );
}

/**
 * Types `key` into the focused search box, as a keyboard does, and returns ms
 * from its `keydown` to the frame after the list shows `state`.
 */
export async function timeKeystroke(page: Page, key: string, state: ListState): Promise<number> {
  await page.evaluate(
    ([expected, timeout]) => {
      const probe = window.__kennelSearch;
      if (!probe) throw new Error('search probe missing');
      probe.arm(expected, timeout);
    },
    [state, KEY_TIMEOUT_MS] as const,
  );
  await page.keyboard.type(key);
  const ms = await page.evaluate(() => window.__kennelSearch?.armed ?? null);
  if (ms === null) throw new Error('search probe missing');
  return ms;
}
