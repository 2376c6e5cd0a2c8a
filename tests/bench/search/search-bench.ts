import type { Browser, Page } from '@playwright/test';
import { loadRendererModule } from '../lib/load-renderer-module';
import { OFFLINE_SERVICE, PROFILE_DB, startOfflineHost } from '../lib/offline-host';
import type { SearchResult, SearchSizeResult } from '../lib/results';
import { summarize } from '../lib/stats';
import { PAGE_PROBE_PATH } from '../render/page-measures';
import { benchRows, seedStore, waitForStore, type PetsModule } from '../render/seed';
import { searchCases, type SearchCase, type SearchIndexModule } from './queries';
import { loadUntilIndexed, SEARCH_PROBE_PATH, showSearch, timeKeystroke } from './search-page';

/** How much to measure; the defaults are what `npm run bench` uses. */
export interface SearchBenchOptions {
  sizes: readonly number[];
  /** Every size is measured once per round, sizes in turn, as in the render part. */
  rounds: number;
  /** Measured loads per size and round. */
  loadsPerRound: number;
  /** Loads after each seeding before measuring, so no figure includes a cold start. */
  warmups: number;
  /** Timed keystrokes per query and load, after one untimed pass over every query. */
  repeats: number;
  rendererDir: string;
  log: (line: string) => void;
}

interface Samples {
  indexReady: number[];
  afterRows: number[];
  longestTask: number[];
  firstSearch: number[];
  /** Per query, in the order of the cases. */
  byQuery: number[][];
}

/** Sets the query up to its last character, then times that keystroke. */
async function timeCase(page: Page, c: SearchCase): Promise<number> {
  await showSearch(page, c.text.slice(0, -1), c.before);
  return timeKeystroke(page, c.text.slice(-1), c.after);
}

async function measureRound(
  page: Page,
  url: string,
  cases: readonly SearchCase[],
  options: SearchBenchOptions,
  into: Samples,
): Promise<void> {
  for (let run = 0; run < options.warmups + options.loadsPerRound; run++) {
    const load = await loadUntilIndexed(page, url);
    if (run < options.warmups) continue;
    into.indexReady.push(load.indexReadyMs);
    into.afterRows.push(load.indexReadyMs - load.firstRowsMs);
    into.longestTask.push(load.longestTaskMs);
    // The first search after a load: the 1-letter prefix into the empty box.
    const [first] = cases;
    if (first !== undefined) into.firstSearch.push(await timeCase(page, first));
    for (const c of cases) await timeCase(page, c);
    for (let r = 0; r < options.repeats; r++) {
      for (const [i, c] of cases.entries()) into.byQuery[i]?.push(await timeCase(page, c));
    }
  }
}

/**
 * Times search in real Chromium against the built renderer, over the same
 * seeded caches as the render part: how long the catalogue index takes to be
 * ready after a load, and how long a keystroke in the search box takes to
 * reach the rows.
 */
export async function runSearchBench(
  browser: Browser,
  options: SearchBenchOptions,
): Promise<SearchResult> {
  const pets = await loadRendererModule<PetsModule>('src/data/pets.ts', ['toCachedPet']);
  const searchIndex = await loadRendererModule<SearchIndexModule>('src/catalogue/search-index.ts', [
    'CatalogueIndex',
  ]);
  const host = await startOfflineHost(options.rendererDir);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript({ path: PAGE_PROBE_PATH });
    await page.addInitScript({ path: SEARCH_PROBE_PATH });
    await page.goto(host.url);
    await waitForStore(page, PROFILE_DB, 'pets');

    const order = [...options.sizes].sort((x, y) => x - y);
    const data = new Map(
      order.map((n) => {
        const rows = benchRows(pets, n);
        return [n, { rows, cases: searchCases(searchIndex, rows) }] as const;
      }),
    );
    const samples = new Map<number, Samples>(
      order.map((n) => [
        n,
        {
          indexReady: [],
          afterRows: [],
          longestTask: [],
          firstSearch: [],
          byQuery: data.get(n)?.cases.map(() => []) ?? [],
        },
      ]),
    );
    for (let round = 1; round <= options.rounds; round++) {
      for (const animals of order) {
        options.log(`  round ${round}: ${animals.toLocaleString('en-US')} animals`);
        const { rows, cases } = data.get(animals) as { rows: object[]; cases: SearchCase[] };
        await seedStore(page, PROFILE_DB, 'pets', rows);
        await measureRound(page, host.url, cases, options, samples.get(animals) as Samples);
      }
    }
    const sizes: SearchSizeResult[] = order.map((animals) => {
      const s = samples.get(animals) as Samples;
      const cases = data.get(animals)?.cases ?? [];
      return {
        animals,
        keystroke: summarize(s.byQuery.flat()),
        firstSearch: summarize(s.firstSearch),
        indexReady: summarize(s.indexReady),
        indexAfterRows: summarize(s.afterRows),
        indexLongestTask: summarize(s.longestTask),
        queries: cases.map((c, i) => ({
          kind: c.kind,
          text: c.text,
          matches: c.after.count,
          keystroke: summarize(s.byQuery[i] ?? []),
        })),
      };
    });
    return { service: OFFLINE_SERVICE, sizes };
  } finally {
    await context.close();
    await host.close();
  }
}
