import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { StartupPhases } from '../lib/results';

/** Path of the script injected before the app's own (see `page-probe.js`). */
export const PAGE_PROBE_PATH = fileURLToPath(new URL('./page-probe.js', import.meta.url));

/** What `page-probe.js` puts on `window.__kennelBench`. */
interface PageProbe {
  firstRows: number | null;
  firstRowsError: string | null;
  shell: number | null;
  rowCount(): number;
  statusOptions(): string[];
  switchFilter(status: string, timeoutMs: number): Promise<number>;
}

// Only read inside functions that run in the page.
declare const window: { __kennelBench?: PageProbe };

const TIMEOUT_MS = 60_000;
/** What `page-probe.js` logs once the first rows are timed (or could not be). */
const FIRST_ROWS_SIGNAL = 'kennel-bench: first rows timed';

/**
 * Loads `url` afresh (through `about:blank`, so it is a full navigation even
 * when only the fragment would differ) and resolves once the page has logged
 * `signal`. Waiting for a console line, rather than polling the page, runs none
 * of Playwright's code in the page while it loads, whose injected script would
 * take the page's main thread in the middle of the load being timed.
 */
export async function loadUntilLogged(
  page: Page,
  url: string,
  signal: string,
  timeoutMs: number,
): Promise<void> {
  await page.goto('about:blank');
  const logged = page.waitForEvent('console', {
    predicate: (message) => message.text() === signal,
    timeout: timeoutMs,
  });
  await page.goto(url);
  await logged;
}

/**
 * Loads the app afresh and returns ms from navigation start to the first data
 * rows drawn, to the Animals table first drawn (empty or not), how many rows
 * were drawn, and the start-up phases.
 */
export async function measureLoad(
  page: Page,
  url: string,
): Promise<{ ms: number; shellMs: number | null; rows: number; phases: StartupPhases | null }> {
  await loadUntilLogged(page, url, FIRST_ROWS_SIGNAL, TIMEOUT_MS);
  const seen = await page.evaluate(() => {
    const probe = window.__kennelBench;
    const perf = (
      globalThis as unknown as {
        performance: {
          getEntriesByType(type: string): { responseEnd?: number }[];
          getEntriesByName(name: string): { startTime: number }[];
        };
      }
    ).performance;
    // No named helper here: tsx would wrap it in a `__name` call the page lacks.
    const [modulesRun, mount, mounted] = [
      'kennel:modules-run',
      'kennel:mount',
      'kennel:mounted',
    ].map((name) => perf.getEntriesByName(name)[0]?.startTime ?? null);
    const html = perf.getEntriesByType('navigation')[0]?.responseEnd ?? null;
    return {
      ms: probe?.firstRows ?? null,
      shellMs: probe?.shell ?? null,
      error: probe?.firstRowsError ?? 'probe missing',
      rows: probe?.rowCount() ?? 0,
      // All or nothing: a build without the marks shows no phases rather than wrong ones.
      phases:
        html === null ||
        modulesRun === null ||
        modulesRun === undefined ||
        mount === null ||
        mount === undefined ||
        mounted === null ||
        mounted === undefined
          ? null
          : { html, modulesRun, mount, mounted },
    };
  });
  if (seen.ms === null) throw new Error(`the Animals list drew no rows: ${seen.error}`);
  return { ms: seen.ms, shellMs: seen.shellMs, rows: seen.rows, phases: seen.phases };
}

/** The values the "Status filter" select offers. */
export async function statusOptions(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__kennelBench?.statusOptions() ?? []);
}

/** Sets the status filter; returns ms from the change event to the filtered rows drawn. */
export async function measureFilterSwitch(page: Page, status: string): Promise<number> {
  return page.evaluate(
    ([value, timeout]) => {
      const probe = window.__kennelBench;
      if (!probe) throw new Error('page probe missing');
      return probe.switchFilter(value, timeout);
    },
    [status, TIMEOUT_MS] as const,
  );
}

/**
 * Loads the app afresh and returns the path of every script the page fetched
 * before its first rows were drawn (the entry, its preloads and any chunk
 * imported on the way), from the page's own resource timing.
 */
export async function scriptsBeforeFirstRows(page: Page, url: string): Promise<string[]> {
  const { ms } = await measureLoad(page, url);
  return page.evaluate((firstRows) => {
    const perf = (
      globalThis as unknown as {
        performance: { getEntriesByType(type: string): { name: string; startTime: number }[] };
      }
    ).performance;
    return perf
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= firstRows && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => new URL(e.name).pathname);
  }, ms);
}
