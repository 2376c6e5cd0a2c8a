import type { Page } from '@playwright/test';
import type { NotRun } from '../lib/results';
import { summarize, type Summary } from '../lib/stats';
import { measureEmptyPageLoad, startEmptyPage, type EmptyPage } from './empty-page';

/**
 * The floor under "load to first rows": an empty page's navigation start to
 * its first frame, loaded in the list's own tab. Every navigation pays it
 * (renderer process, commit, JS context) before any of the app's code runs.
 */
export interface Floor {
  /** Warms up on the first call, then adds `loads` measured loads. */
  measure(page: Page, loads: number): Promise<void>;
  result(): Summary | NotRun;
  close(): Promise<void>;
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Starts the empty page's server. A floor that cannot be measured is reported
 * as not run and never stops the list's own figures.
 */
export async function startFloor(warmups: number): Promise<Floor> {
  let server: EmptyPage | null = null;
  let error: string | null = null;
  const runs: number[] = [];
  let warmedUp = false;
  try {
    server = await startEmptyPage();
  } catch (e) {
    error = `the empty page could not be served: ${message(e)}`;
  }
  return {
    measure: async (page, loads) => {
      if (server === null || error !== null) return;
      try {
        for (let run = warmedUp ? 0 : -warmups; run < loads; run++) {
          const ms = await measureEmptyPageLoad(page, server.url);
          if (run >= 0) runs.push(ms);
        }
        warmedUp = true;
      } catch (e) {
        error = message(e);
      }
    },
    result: () => {
      if (error !== null) return { error };
      return runs.length > 0 ? summarize(runs) : { error: 'no empty-page load was measured' };
    },
    close: async () => {
      await server?.close();
    },
  };
}
