import type { Browser, Page } from '@playwright/test';
import { OFFLINE_SERVICE, PROFILE_DB, startOfflineHost } from '../lib/offline-host';
import type {
  HeapResult,
  NotRun,
  RenderResult,
  RenderSizeResult,
  StartupPhases,
} from '../lib/results';
import { summarize, type Summary } from '../lib/stats';
import { measureBudget } from './budget';
import { startFloor } from './floor';
import { HEAP_METHOD, usedHeapMB } from './heap';
import { measureFilterSwitch, measureLoad, PAGE_PROBE_PATH, statusOptions } from './page-measures';
import { benchRows, loadPetsModule, seedStore, waitForStore } from './seed';

/** How much to measure; the defaults are what `npm run bench` uses. */
export interface RenderBenchOptions {
  sizes: readonly number[];
  /**
   * Every size is measured once per round, sizes in turn, so a burst of other
   * work on the machine spreads over all sizes instead of skewing one of them.
   */
  rounds: number;
  /** Measured loads per size and round; each is followed by two rounds of switches to every status. */
  loadsPerRound: number;
  /** Loads after each seeding before measuring, so no figure includes a cold start. */
  warmups: number;
  /**
   * Loads of each floor page (the empty page, Vue's rows) after each round's
   * list loads (see `floor.ts`), and uncounted ones before the first of them.
   */
  floor: { loadsPerRound: number; warmups: number };
  rendererDir: string;
  log: (line: string) => void;
}

const STATUSES = ['available', 'pending', 'sold'] as const;
// Settling time before the heap is read, so work the first frame started
// (counts, background refresh attempts) has finished. Not a measured figure.
const HEAP_SETTLE_MS = 1_000;

interface Samples {
  loads: number[];
  shells: number[];
  filters: number[];
  repeats: number[];
  phases: StartupPhases[];
}

function summarizePhases(runs: readonly StartupPhases[]): StartupPhases<Summary> {
  if (runs.length === 0) throw new Error('the app set none of its start-up marks');
  const of = (key: keyof StartupPhases): Summary => summarize(runs.map((r) => r[key]));
  return {
    html: of('html'),
    modulesRun: of('modulesRun'),
    mount: of('mount'),
    mounted: of('mounted'),
  };
}

async function measureRound(
  page: Page,
  url: string,
  options: RenderBenchOptions,
  into: Samples,
): Promise<void> {
  for (let run = 0; run < options.warmups + options.loadsPerRound; run++) {
    const load = await measureLoad(page, url);
    if (run < options.warmups) continue;
    into.loads.push(load.ms);
    into.shells.push(load.shellMs ?? load.ms);
    if (load.phases !== null) into.phases.push(load.phases);
    const offered = await statusOptions(page);
    const missing = STATUSES.filter((s) => !offered.includes(s));
    if (missing.length > 0) throw new Error(`"Status filter" lacks ${missing.join(', ')}`);
    for (const status of STATUSES) into.filters.push(await measureFilterSwitch(page, status));
    for (const status of STATUSES) into.repeats.push(await measureFilterSwitch(page, status));
  }
}

async function measureHeap(page: Page, url: string, animals: number): Promise<HeapResult | NotRun> {
  try {
    await measureLoad(page, url);
    // The search index holds every cached animal once built: the heap is read
    // with it in, as a user who has the app open sees it.
    await page
      .getByTestId('list-counts')
      .filter({ hasText: 'on this computer' })
      .waitFor({ timeout: 120_000 });
    await page.waitForTimeout(HEAP_SETTLE_MS);
    return { animals, usedMB: await usedHeapMB(page), method: HEAP_METHOD };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Measures load-to-rows and filter switches in real Chromium against the built
 * renderer served by the browser-mode web host. The `local` profile points at a
 * loopback port nobody listens on, with a key set, so the app's background
 * refresh fails at once and never redraws the list mid-measurement.
 */
export async function runRenderBench(
  browser: Browser,
  options: RenderBenchOptions,
): Promise<RenderResult> {
  const pets = await loadPetsModule();
  const host = await startOfflineHost(options.rendererDir);
  const floor = await startFloor(options.floor.warmups);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript({ path: PAGE_PROBE_PATH });
    await page.goto(host.url);
    await waitForStore(page, PROFILE_DB, 'pets');

    // Ascending, so the largest cache is what the page holds at the end, for the heap.
    const order = [...options.sizes].sort((x, y) => x - y);
    const samples = new Map<number, Samples>(
      order.map((n) => [n, { loads: [], shells: [], filters: [], repeats: [], phases: [] }]),
    );
    for (let round = 1; round <= options.rounds; round++) {
      for (const animals of order) {
        options.log(`  round ${round}: ${animals.toLocaleString('en-US')} animals`);
        await seedStore(page, PROFILE_DB, 'pets', await benchRows(pets, animals));
        await measureRound(page, host.url, options, samples.get(animals) as Samples);
      }
      // In every round, so a busy spell on the machine reaches the floor as it reaches the list.
      options.log(`  round ${round}: floor pages`);
      await floor.measure(page, options.floor.loadsPerRound);
      // The floor pages are another origin: the next round seeds the app's database from the app.
      await page.goto(host.url);
      await waitForStore(page, PROFILE_DB, 'pets');
    }
    const sizes: RenderSizeResult[] = order.map((animals) => {
      const s = samples.get(animals) as Samples;
      return {
        animals,
        load: summarize(s.loads),
        shell: summarize(s.shells),
        filter: summarize(s.filters),
        filterRepeat: summarize(s.repeats),
        phases: summarizePhases(s.phases),
      };
    });
    const largest = order[order.length - 1] ?? 0;
    const budget = await measureBudget(page, host.url, options.rendererDir).catch(
      (error: unknown): NotRun => ({
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    const heap = await measureHeap(page, host.url, largest);
    return {
      service: OFFLINE_SERVICE,
      sizes,
      floor: floor.result(),
      heap,
      budget,
    };
  } finally {
    await context.close();
    await floor.close();
    await host.close();
  }
}
