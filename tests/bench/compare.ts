/**
 * Two or more builds' first rows, back to back: `npx tsx tests/bench/compare.ts
 * <renderer dir> <renderer dir> …`. Each round loads every build in turn, then
 * Vue's floor page, in one tab, so a busy spell on the machine reaches them
 * alike; a full run's figures, taken minutes apart, cannot tell a change of a
 * few per cent from the machine's own drift. Prints medians, and each build's
 * first rows over the floor; writes nothing.
 *
 *   ANIMALS=10000   animals in each build's cache (default 10,000)
 *   LOADS=12        measured loads of each, after two warm-ups (default 12)
 */
import { launchChromium } from './lib/chromium';
import { PROFILE_DB, startOfflineHost, type OfflineHost } from './lib/offline-host';
import { summarize } from './lib/stats';
import { measureFloorPageLoad, startFloorPages } from './render/floor-pages';
import { measureLoad, PAGE_PROBE_PATH } from './render/page-measures';
import { benchRows, loadPetsModule, seedStore, waitForStore } from './render/seed';

const WARMUPS = 2;

interface Runs {
  firstRows: number[];
  modulesRun: number[];
  mount: number[];
  mounted: number[];
}

async function main(): Promise<void> {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) throw new Error('name at least one built renderer folder');
  const animals = Number(process.env.ANIMALS ?? 10_000);
  const loads = Number(process.env.LOADS ?? 12);
  const pets = await loadPetsModule();
  const browser = await launchChromium();
  const floor = await startFloorPages();
  const hosts: OfflineHost[] = [];
  try {
    const page = await (await browser.newContext()).newPage();
    await page.addInitScript({ path: PAGE_PROBE_PATH });
    // Each build is its own origin, with its own database to seed.
    for (const dir of dirs) {
      const host = await startOfflineHost(dir);
      hosts.push(host);
      await page.goto(host.url);
      await waitForStore(page, PROFILE_DB, 'pets');
      await seedStore(page, PROFILE_DB, 'pets', await benchRows(pets, animals));
    }
    const runs: Runs[] = dirs.map(() => ({
      firstRows: [],
      modulesRun: [],
      mount: [],
      mounted: [],
    }));
    const vue: number[] = [];
    for (let round = -WARMUPS; round < loads; round++) {
      for (const [i, host] of hosts.entries()) {
        const load = await measureLoad(page, host.url);
        const into = runs[i] as Runs;
        if (round < 0 || load.phases === null) continue;
        into.firstRows.push(load.ms);
        into.modulesRun.push(load.phases.modulesRun);
        into.mount.push(load.phases.mount);
        into.mounted.push(load.phases.mounted);
      }
      const floorMs = await measureFloorPageLoad(page, floor.vueUrl);
      if (round >= 0) vue.push(floorMs);
    }
    const median = (values: number[]): string => summarize(values).median.toFixed(1);
    const vueMedian = summarize(vue).median;
    console.log(`Vue floor: ${vueMedian.toFixed(1)} ms (median of ${vue.length})`);
    for (const [i, dir] of dirs.entries()) {
      const r = runs[i] as Runs;
      const ratio = summarize(r.firstRows).median / vueMedian;
      console.log(
        `${dir}: first rows ${median(r.firstRows)} ms (${ratio.toFixed(2)}x the floor); ` +
          `modules run ${median(r.modulesRun)}, mount ${median(r.mount)}, mounted ${median(r.mounted)}`,
      );
    }
  } finally {
    await browser.close();
    await floor.close();
    for (const host of hosts) await host.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
