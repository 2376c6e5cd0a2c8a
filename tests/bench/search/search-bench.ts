import type { Browser, Page } from '@playwright/test';
import { loadRendererModule } from '../lib/load-renderer-module';
import { OFFLINE_SERVICE, PROFILE_DB, startOfflineHost } from '../lib/offline-host';
import type {
  RecordsMeasures,
  SearchRecordsResult,
  SearchResult,
  SearchSizeResult,
} from '../lib/results';
import { summarize } from '../lib/stats';
import { measureLoad, PAGE_PROBE_PATH } from '../render/page-measures';
import { benchRows, loadPetsModule, seedStore, waitForStore } from '../render/seed';
import {
  nameQueries,
  searchCases,
  type SearchCase,
  type SearchIndexModule,
  type WantedQuery,
} from './queries';
import { benchChip, benchKennel, benchRecords, BENCH_RECORD, loadRecordModules } from './records';
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
  /**
   * The size measured again with an intake record for every animal, in every
   * round next to the same size without; null for none.
   */
  withRecords: number | null;
  /**
   * More loads, to the first rows only, each way in every round at that
   * size: first rows vary far more from load to load than a keystroke.
   */
  firstRowsLoads: number;
  rendererDir: string;
  log: (line: string) => void;
}

interface Samples {
  firstRows: number[];
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
    into.firstRows.push(load.firstRowsMs);
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

function emptySamples(cases: readonly SearchCase[]): Samples {
  return {
    firstRows: [],
    indexReady: [],
    afterRows: [],
    longestTask: [],
    firstSearch: [],
    byQuery: cases.map(() => []),
  };
}

/**
 * What a desk searches for in the records: the last six digits of a chip,
 * read off a tag, and a kennel by its name.
 */
function recordQueries(animals: number): WantedQuery[] {
  const chip = benchChip(Math.floor((animals * 2) / 3)).replace(/\D/g, '');
  return [
    { kind: 'chip, last six digits', text: chip.slice(-6), matches: 1 },
    { kind: 'kennel, by name', text: benchKennel(5).toLowerCase() },
  ];
}

/** Loads the app `loads` times to its first rows, and keeps each time. */
async function measureFirstRows(
  page: Page,
  url: string,
  loads: number,
  into: Samples,
): Promise<void> {
  for (let run = 0; run < loads; run++) into.firstRows.push((await measureLoad(page, url)).ms);
}

/** The figures compared with and without records: the name queries' keystrokes only. */
function measures(s: Samples, nameCases: number): RecordsMeasures {
  return {
    firstRows: summarize(s.firstRows),
    keystroke: summarize(s.byQuery.slice(0, nameCases).flat()),
    indexReady: summarize(s.indexReady),
    indexLongestTask: summarize(s.longestTask),
  };
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
  const pets = await loadPetsModule();
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
    const data = new Map<number, { rows: object[]; cases: SearchCase[] }>();
    for (const n of order) {
      const rows = await benchRows(pets, n);
      data.set(n, { rows, cases: searchCases(searchIndex, rows) });
    }
    const samples = new Map<number, Samples>(
      order.map((n) => [n, emptySamples(data.get(n)?.cases ?? [])]),
    );
    const withRecords = await recordsPlan(options, data, searchIndex);
    for (let round = 1; round <= options.rounds; round++) {
      for (const animals of order) {
        const { rows, cases } = data.get(animals) as { rows: object[]; cases: SearchCase[] };
        await seedStore(page, PROFILE_DB, 'pets', rows);
        const into = samples.get(animals) as Samples;
        const without = async (): Promise<void> => {
          options.log(`  round ${round}: ${animals.toLocaleString('en-US')} animals`);
          await measureRound(page, host.url, cases, options, into);
        };
        if (withRecords?.animals !== animals) {
          await without();
          continue;
        }
        const withoutToo = async (): Promise<void> => {
          await without();
          await measureFirstRows(page, host.url, options.firstRowsLoads, into);
        };
        const withThem = async (): Promise<void> => {
          options.log(`  round ${round}: ${animals.toLocaleString('en-US')} animals, with records`);
          await seedStore(page, PROFILE_DB, 'records', withRecords.records);
          await measureRound(page, host.url, withRecords.cases, options, withRecords.samples);
          await measureFirstRows(page, host.url, options.firstRowsLoads, withRecords.samples);
          await seedStore(page, PROFILE_DB, 'records', []);
        };
        // In turn first and second, so neither way always follows the other.
        if (round % 2 === 1) {
          await withoutToo();
          await withThem();
        } else {
          await withThem();
          await withoutToo();
        }
      }
    }
    const sizes: SearchSizeResult[] = order.map((animals) => {
      const s = samples.get(animals) as Samples;
      const cases = data.get(animals)?.cases ?? [];
      return {
        animals,
        firstRows: summarize(s.firstRows),
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
    const result: SearchResult = { service: OFFLINE_SERVICE, sizes };
    if (withRecords !== null) {
      const without = samples.get(withRecords.animals) as Samples;
      const names = data.get(withRecords.animals)?.cases.length ?? 0;
      const records: SearchRecordsResult = {
        animals: withRecords.animals,
        record: BENCH_RECORD,
        without: measures(without, names),
        with: measures(withRecords.samples, names),
        queries: withRecords.cases.map((c, i) => ({
          kind: c.kind,
          text: c.text,
          matches: c.after.count,
          keystroke: summarize(withRecords.samples.byQuery[i] ?? []),
        })),
      };
      result.records = records;
    }
    return result;
  } finally {
    await context.close();
    await host.close();
  }
}

/** The records seeded at the size measured with records, its cases and where its figures go. */
interface RecordsPlan {
  animals: number;
  records: object[];
  /** The name queries (as without records), then the record queries. */
  cases: SearchCase[];
  samples: Samples;
}

async function recordsPlan(
  options: SearchBenchOptions,
  data: ReadonlyMap<number, { rows: object[] }>,
  searchIndex: SearchIndexModule,
): Promise<RecordsPlan | null> {
  const animals = options.withRecords;
  if (animals === null) return null;
  const rows = data.get(animals)?.rows;
  if (rows === undefined) throw new Error(`records asked for at ${animals}, a size not measured`);
  const mods = await loadRecordModules();
  const records = benchRecords(mods, rows);
  const wanted = [...nameQueries(rows), ...recordQueries(animals)];
  const cases = searchCases(searchIndex, rows, wanted, mods.recordFacts(records));
  return { animals, records, cases, samples: emptySamples(cases) };
}
