import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { startWebHost } from '../../../electron/web/index';
import { loadRendererModule } from '../lib/load-renderer-module';
import type { HeapResult, NotRun, RenderResult, RenderSizeResult } from '../lib/results';
import { summarize } from '../lib/stats';
import { unreachableBaseUrl } from '../lib/unreachable-url';
import { HEAP_METHOD, usedHeapMB } from './heap';
import { measureFilterSwitch, measureLoad, PAGE_PROBE_PATH, statusOptions } from './page-probe';
import { benchRows, seedStore, waitForStore, type PetsModule } from './seed';

/** How much to measure; the defaults are what `npm run bench` uses. */
export interface RenderBenchOptions {
  sizes: readonly number[];
  /** Measured loads per size; each is followed by two rounds of switches to every status. */
  loads: number;
  /** Loads before measuring, so the first figure is not the cold disk cache. */
  warmups: number;
  rendererDir: string;
  log: (line: string) => void;
}

const PROFILE_DB = 'kennel-local';
const STATUSES = ['available', 'pending', 'sold'] as const;
// Settling time before the heap is read, so work the first frame started
// (counts, background refresh attempts) has finished. Not a measured figure.
const HEAP_SETTLE_MS = 1_000;

async function measureSize(
  page: Page,
  url: string,
  pets: PetsModule,
  animals: number,
  options: RenderBenchOptions,
): Promise<RenderSizeResult> {
  options.log(`  seeding ${animals.toLocaleString('en-US')} animals`);
  await seedStore(page, PROFILE_DB, 'pets', benchRows(pets, animals));

  const loads: number[] = [];
  const shells: number[] = [];
  const filters: number[] = [];
  const repeats: number[] = [];
  for (let run = 0; run < options.warmups + options.loads; run++) {
    const load = await measureLoad(page, url);
    if (run < options.warmups) continue;
    loads.push(load.ms);
    shells.push(load.shellMs ?? load.ms);
    const offered = await statusOptions(page);
    const missing = STATUSES.filter((s) => !offered.includes(s));
    if (missing.length > 0) throw new Error(`"Status filter" lacks ${missing.join(', ')}`);
    for (const status of STATUSES) filters.push(await measureFilterSwitch(page, status));
    for (const status of STATUSES) repeats.push(await measureFilterSwitch(page, status));
  }
  const result = {
    animals,
    load: summarize(loads),
    shell: summarize(shells),
    filter: summarize(filters),
    filterRepeat: summarize(repeats),
  };
  options.log(
    `  ${animals.toLocaleString('en-US')}: load median ${result.load.median} ms, filter median ${result.filter.median} ms`,
  );
  return result;
}

async function measureHeap(page: Page, url: string, animals: number): Promise<HeapResult | NotRun> {
  try {
    await measureLoad(page, url);
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
  const pets = await loadRendererModule<PetsModule>('src/data/pets.ts', ['toCachedPet']);
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-bench-'));
  const serviceUrl = await unreachableBaseUrl();
  const host = await startWebHost({
    port: 0,
    rendererDir: options.rendererDir,
    dataDir,
    env: { KENNEL_LOCAL_URL: serviceUrl, KENNEL_LOCAL_KEY: 'bench-key' },
  });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript({ path: PAGE_PROBE_PATH });
    await page.goto(host.url);
    await waitForStore(page, PROFILE_DB, 'pets');

    const sizes: RenderSizeResult[] = [];
    for (const animals of options.sizes) {
      sizes.push(await measureSize(page, host.url, pets, animals, options));
    }
    const largest = Math.max(...options.sizes);
    // The largest size was seeded last, so it is what the page holds now.
    const heap = await measureHeap(page, host.url, largest);
    return {
      service:
        'local profile with a key, its base URL a loopback port that refuses connections (refresh fails at once)',
      sizes,
      heap,
    };
  } finally {
    await context.close();
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
