import type { Page } from '@playwright/test';
import type { FloorResult, NotRun } from '../lib/results';
import { summarize, type Summary } from '../lib/stats';
import {
  measureFloorPageLoad,
  startFloorPages,
  VUE_PAGE_ROWS,
  type FloorPages,
} from './floor-pages';

/**
 * The floors under "load to first rows", loaded in the list's own tab. Every
 * navigation pays the empty page's (renderer process, commit, JS context,
 * first frame) before any of the app's code runs; any Vue app pays the Vue
 * page's before its first rows.
 */
export interface Floor {
  /** Warms up on the first call, then adds `loads` measured loads of each page. */
  measure(page: Page, loads: number): Promise<void>;
  result(): FloorResult;
  close(): Promise<void>;
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

function summaryOf(runs: number[], error: string | null): Summary | NotRun {
  if (error !== null) return { error };
  return runs.length > 0 ? summarize(runs) : { error: 'no load was measured' };
}

/**
 * Starts the floor pages' server. A floor that cannot be measured is reported
 * as not run and never stops the list's own figures.
 */
export async function startFloor(warmups: number): Promise<Floor> {
  let server: FloorPages | null = null;
  let error: string | null = null;
  const runs = { empty: [] as number[], vue: [] as number[] };
  let warmedUp = false;
  try {
    server = await startFloorPages();
  } catch (e) {
    error = `the floor pages could not be served: ${message(e)}`;
  }
  return {
    measure: async (page, loads) => {
      if (server === null || error !== null) return;
      try {
        // Alternated, so a busy spell on the machine reaches both pages alike.
        for (let run = warmedUp ? 0 : -warmups; run < loads; run++) {
          const empty = await measureFloorPageLoad(page, server.emptyUrl);
          const vue = await measureFloorPageLoad(page, server.vueUrl);
          if (run < 0) continue;
          runs.empty.push(empty);
          runs.vue.push(vue);
        }
        warmedUp = true;
      } catch (e) {
        error = message(e);
      }
    },
    result: () => ({
      empty: summaryOf(runs.empty, error),
      vue: summaryOf(runs.vue, error),
      vueRows: VUE_PAGE_ROWS,
    }),
    close: async () => {
      await server?.close();
    },
  };
}
