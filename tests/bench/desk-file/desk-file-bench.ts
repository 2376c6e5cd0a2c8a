import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from '@playwright/test';
import { addPhotoTools } from '../../helpers/e2e/photo-tools';
import { PROFILE_DB, startOfflineHost } from '../lib/offline-host';
import type { DeskFileResult, DeskFileStep } from '../lib/results';
import { summarize } from '../lib/stats';
import { DESK_A, seedDesk } from './desk-seed';
import { HEAP_SAMPLING, sampleHeap, settledHeap, type Heap, type HeapPeak } from './heap-sampler';

/** How much to measure; the defaults are what `npm run bench` uses. */
export interface DeskFileBenchOptions {
  /** Animals on desk A, each with an intake record and a photo of about 100 KB. */
  animals: number;
  /** Saves, each on a freshly loaded desk A; opens, each by a new, empty desk B. */
  runs: number;
  /** The drawn photos' seed: the same desk every run of the benchmark. */
  seed: number;
  rendererDir: string;
  log: (line: string) => void;
}

/** Path of the script injected before the app's own (see `desk-file-probe.js`). */
const PROBE_PATH = fileURLToPath(new URL('./desk-file-probe.js', import.meta.url));

/** A long animation frame as the page reported it, with the scripts that took most of it. */
interface LongFrame {
  start: number;
  duration: number;
  scripts: { duration: number; invoker: string; fn: string; file: string }[];
}

/** What the page measured of one step. */
interface StepRun {
  ms: number;
  /** Each long task's duration, ms. */
  longTasks: number[];
  longFrames: LongFrame[];
  /** The text that said the step was done, or what said it failed. */
  text: string;
  failure: string;
}

interface Tally {
  pets: number;
  records: number;
  photos: number;
  categories: number;
  photoBytes: number;
}

interface Arming {
  start: 'click' | 'change';
  done: { selector: string; text: string };
  fail: string;
  timeoutMs: number;
}

interface DeskFileProbe {
  arm(arming: Arming): void;
  armed: Promise<StepRun> | null;
  quiet(quietMs: number, maxMs: number): Promise<number>;
  tally(dbName: string): Promise<Tally>;
}

// Only read inside functions that run in the page.
declare const window: { __kennelDeskFileBench?: DeskFileProbe };

const LOAD_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 300_000;
// Start-up work is over once no long task has run for this long.
const QUIET_MS = 1_000;
const QUIET_MAX_MS = 15_000;

/** The desk file's section of Settings, and what says each step is done or failed. */
const DESK_SECTION = 'section[aria-labelledby="settings-desk-title"]';
const SAVE: Omit<Arming, 'timeoutMs'> = {
  start: 'click',
  done: { selector: `${DESK_SECTION} p[aria-live]`, text: 'Saved as' },
  // Any other words there say the save failed.
  fail: `${DESK_SECTION} p[aria-live]`,
};
const READ: Omit<Arming, 'timeoutMs'> = {
  start: 'change',
  done: { selector: 'dialog button', text: 'This computer replaces the one that saved it' },
  fail: 'dialog [role="alert"]',
};
const TAKE: Omit<Arming, 'timeoutMs'> = {
  start: 'click',
  done: { selector: 'dialog [role="status"]', text: 'Taken:' },
  fail: 'dialog [role="alert"]',
};

/** How the page was made, for the results file. */
const pageNote = (rendererDir: string): string =>
  `the built renderer (${rendererDir}) served by the web host, the Local profile offline; desk A and desk B are two browser contexts (each its own IndexedDB) on one host, so both use the same service address; each save on a freshly loaded desk A, each open by a new, empty desk B, through Settings' Desk file section as staff use it`;

function quiet(page: Page): Promise<number> {
  return page.evaluate(
    ([q, m]) => window.__kennelDeskFileBench?.quiet(q, m) ?? Promise.resolve(0),
    [QUIET_MS, QUIET_MAX_MS] as const,
  );
}

/** What the `local` profile of the page's desk holds, read from its database. */
function tally(page: Page): Promise<Tally> {
  return page.evaluate((db) => {
    const found = window.__kennelDeskFileBench;
    if (found === undefined) throw new Error('desk file probe missing');
    return found.tally(db);
  }, PROFILE_DB);
}

/** Opens a desk's Settings once the app has loaded, and waits for the page to go quiet. */
async function openDeskSection(page: Page, url: string): Promise<Locator> {
  // The app drops the token's fragment from its address: going to the same
  // address with it again would only move to the fragment, not load the page.
  await page.goto('about:blank');
  await page.goto(url);
  const settingsButton = page.getByRole('button', { name: 'Settings', exact: true });
  await settingsButton.waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
  await settingsButton.click();
  const section = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('region', { name: 'Desk file' });
  await section.waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
  await quiet(page);
  return section;
}

/** One run of one step: what the page measured, and the heap before, during and after. */
interface Measured {
  run: StepRun;
  peak: HeapPeak;
  baseline: Heap;
  after: Heap;
}

/**
 * Times one step started by `act`, with the heap sampled meanwhile; with
 * `collect`, the heap is collected before each sample instead, and the run
 * is for that figure alone.
 */
async function timeStep(
  page: Page,
  arming: Omit<Arming, 'timeoutMs'>,
  baseline: Heap,
  collect: boolean,
  act: () => Promise<void>,
): Promise<Measured> {
  await page.evaluate((a) => window.__kennelDeskFileBench?.arm(a), {
    ...arming,
    timeoutMs: STEP_TIMEOUT_MS,
  });
  const sampler = await sampleHeap(page, collect);
  const done = await act()
    .then(() => page.evaluate(() => window.__kennelDeskFileBench?.armed ?? null))
    .then(
      (run) => ({ run }),
      (error: unknown) => ({ error }),
    );
  // Stopped whatever happened, so no poll outlives the step.
  const peak = await sampler.stop();
  if ('error' in done) throw done.error;
  const { run } = done;
  if (run === null) throw new Error('desk file probe missing');
  if (run.failure !== '') throw new Error(`the desk file failed: ${run.failure}`);
  return { run, peak, baseline, after: await settledHeap(page) };
}

/** "194 ms frame: 190 ms TimerHandler:setTimeout (no file)": the longest frame and its scripts. */
function describeLongest(frames: readonly LongFrame[]): string {
  const longest = [...frames].sort((a, b) => b.duration - a.duration)[0];
  if (longest === undefined) return 'no frame of 50 ms or more';
  const scripts = longest.scripts
    .map((s) => `${s.duration.toFixed(0)} ms ${s.fn || s.invoker} (${s.file || 'no file'})`)
    .join(', ');
  return `${longest.duration.toFixed(0)} ms frame: ${scripts || 'no script attributed'}`;
}

/** "long tasks 236, 57 ms" or "no long task", for the log. */
function tasksSaid({ run }: Measured): string {
  return run.longTasks.length === 0
    ? 'no long task'
    : `long tasks ${run.longTasks.map((ms) => ms.toFixed(0)).join(', ')} ms`;
}

function stepResult(runs: readonly Measured[], collected: Measured): DeskFileStep {
  const above = (pick: (h: Heap) => number | null, at: (m: Measured) => Heap): number[] =>
    runs.map((m) => (pick(at(m)) ?? 0) - (pick(m.baseline) ?? 0));
  const backing = runs.every((m) => m.peak.backingMB !== null && m.baseline.backingMB !== null)
    ? summarize(
        above(
          (h) => h.backingMB,
          (m) => m.peak,
        ),
      )
    : null;
  return {
    ms: summarize(runs.map((m) => m.run.ms)),
    longestTaskMs: summarize(runs.map((m) => Math.max(0, ...m.run.longTasks))),
    longTasks: summarize(runs.map((m) => m.run.longTasks.length)),
    peakAboveMB: summarize(
      above(
        (h) => h.usedMB,
        (m) => m.peak,
      ),
    ),
    backingPeakAboveMB: backing,
    afterAboveMB: summarize(
      above(
        (h) => h.usedMB,
        (m) => m.after,
      ),
    ),
    liveAboveMB: Math.round((collected.peak.usedMB - collected.baseline.usedMB) * 10) / 10,
    longestFrames: runs.map((m) => describeLongest(m.run.longFrames)),
  };
}

/** Saves desk A once, from a freshly loaded page, into `file`. */
async function saveOnce(
  page: Page,
  url: string,
  file: string,
  collect: boolean,
): Promise<Measured> {
  const section = await openDeskSection(page, url);
  const baseline = await settledHeap(page);
  const download = page.waitForEvent('download', { timeout: STEP_TIMEOUT_MS });
  const measured = await timeStep(page, SAVE, baseline, collect, () =>
    section.getByRole('button', { name: 'Save this desk to a file' }).click(),
  );
  await (await download).saveAs(file);
  return measured;
}

/** One open: the file read, then taken, and what desk B held afterwards. */
interface Opened {
  read: Measured;
  take: Measured;
  taken: Tally;
}

/** Opens `file` once, on a new and empty desk B, and takes it as its replacement. */
async function openOnce(
  browser: Browser,
  url: string,
  file: string,
  collect: boolean,
): Promise<Opened> {
  const deskB = await browser.newContext();
  try {
    const page = await deskB.newPage();
    await page.addInitScript({ path: PROBE_PATH });
    const section = await openDeskSection(page, url);
    // Both steps against the empty desk's own heap: the review's holdings count in the take.
    const baseline = await settledHeap(page);
    const read = await timeStep(page, READ, baseline, collect, async () => {
      const chooser = page.waitForEvent('filechooser');
      await section.getByRole('button', { name: 'Open a desk file' }).click();
      await (await chooser).setFiles(file);
    });
    await quiet(page);
    const dialog = page.getByRole('dialog', { name: 'Open a desk file' });
    const take = await timeStep(page, TAKE, baseline, collect, () =>
      dialog.getByRole('button', { name: 'This computer replaces the one that saved it' }).click(),
    );
    return { read, take, taken: await tally(page) };
  } finally {
    await deskB.close();
  }
}

/**
 * Saves a desk of `animals` animals with records and photos (about 100 MB)
 * to a desk file and opens it on an empty desk, in real Chromium and the
 * built app, as staff do it in Settings: each step timed in the page from
 * its click or choice to the frame that shows it done, with every long task
 * of the window's thread and the highest JS heap meanwhile, against the
 * desk's own heap just before. Then each step once more with the heap
 * collected before every sample: what the step holds alive, apart from what
 * it has not freed yet. Each open ends with desk B's database read back: the
 * file's every record and photo must be there.
 */
export async function runDeskFileBench(
  browser: Browser,
  options: DeskFileBenchOptions,
): Promise<DeskFileResult> {
  const dir = await mkdtemp(join(tmpdir(), 'kennel-bench-desk-file-'));
  const host = await startOfflineHost(options.rendererDir);
  const deskA = await browser.newContext();
  try {
    const pageA = await deskA.newPage();
    await addPhotoTools(pageA);
    await pageA.addInitScript({ path: PROBE_PATH });
    await pageA.goto(host.url);
    const seeded = await seedDesk(pageA, options.animals, options.seed);
    options.log(
      `  desk A: ${options.animals.toLocaleString('en-US')} animals, ${(seeded.photoBytes.total / 1e6).toFixed(1)} MB of photos`,
    );

    const file = join(dir, 'desk-a.kennel');
    const saves: Measured[] = [];
    for (let n = 1; n <= options.runs; n++) {
      const save = await saveOnce(pageA, host.url, file, false);
      saves.push(save);
      options.log(
        `  save ${n}: ${save.run.ms.toFixed(0)} ms, ${tasksSaid(save)}; ${describeLongest(save.run.longFrames)}`,
      );
    }
    const savedCollected = await saveOnce(pageA, host.url, file, true);
    const saved = await tally(pageA);
    const fileBytes = (await stat(file)).size;

    const opens: Opened[] = [];
    for (let n = 1; n <= options.runs; n++) {
      const opened = await openOnce(browser, host.url, file, false);
      sameAsSaved(opened.taken, saved);
      opens.push(opened);
      const frames = [...opened.read.run.longFrames, ...opened.take.run.longFrames];
      options.log(
        `  open ${n}: read ${opened.read.run.ms.toFixed(0)} ms, ${tasksSaid(opened.read)}; take ${opened.take.run.ms.toFixed(0)} ms, ${tasksSaid(opened.take)}; ${describeLongest(frames)}`,
      );
    }
    const openCollected = await openOnce(browser, host.url, file, true);
    sameAsSaved(openCollected.taken, saved);
    return {
      page: pageNote(options.rendererDir),
      desk: DESK_A,
      animals: options.animals,
      record: seeded.record,
      photoBytes: seeded.photoBytes,
      fileBytes,
      runs: options.runs,
      heapMethod: HEAP_SAMPLING,
      baselineMB: {
        save: summarize(saves.map((m) => m.baseline.usedMB)),
        open: summarize(opens.map((o) => o.read.baseline.usedMB)),
      },
      save: stepResult(saves, savedCollected),
      read: stepResult(
        opens.map((o) => o.read),
        openCollected.read,
      ),
      take: stepResult(
        opens.map((o) => o.take),
        openCollected.take,
      ),
      taken: {
        records: openCollected.taken.records,
        photos: openCollected.taken.photos,
        photoBytes: openCollected.taken.photoBytes,
      },
    };
  } finally {
    await deskA.close();
    await host.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The figures are of a real open only if desk B holds what desk A saved. */
function sameAsSaved(taken: Tally, saved: Tally): void {
  if (
    taken.records !== saved.records ||
    taken.photos !== saved.photos ||
    taken.photoBytes !== saved.photoBytes
  ) {
    throw new Error(
      `desk B holds ${taken.records} records and ${taken.photos} photos (${taken.photoBytes} bytes) where desk A saved ${saved.records} and ${saved.photos} (${saved.photoBytes} bytes)`,
    );
  }
}
