import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { addPhotoTools, drawPhoto } from '../../helpers/e2e/photo-tools';
import { eventually } from '../../helpers/eventually';
import { PROFILE_DB, startOfflineHost } from '../lib/offline-host';
import type { PhotoResult } from '../lib/results';
import { summarize } from '../lib/stats';

/** How much to measure; the defaults are what `npm run bench` uses. */
export interface PhotoBenchOptions {
  /** The photo taken in: a phone's 12 megapixels, 4000 × 3000. */
  width: number;
  height: number;
  /** Timed shrinks, one animal after another on one page. */
  runs: number;
  /** Untimed shrinks first, so no figure includes fetching the worker's script. */
  warmups: number;
  /** The drawn photo's seed: the same photo every run of the benchmark. */
  seed: number;
  rendererDir: string;
  log: (line: string) => void;
}

/** Path of the script injected before the app's own (see `photo-probe.js`). */
const PHOTO_PROBE_PATH = fileURLToPath(new URL('./photo-probe.js', import.meta.url));

/** A long task as the page reported it, ms since navigation start. */
interface LongTask {
  start: number;
  duration: number;
}

/** What the page measured of one photo chosen. */
interface ShrinkRun {
  /** The file input's `change` to the frame showing the photo ready. */
  ms: number;
  longTasks: LongTask[];
  status: string;
  /** The picker's refusal, if it refused the file. */
  refusal: string;
}

interface StoredPhoto {
  key: string;
  width: number;
  height: number;
  bytes: number;
}

interface PhotoProbe {
  arm(timeoutMs: number): void;
  armed: Promise<ShrinkRun> | null;
  quiet(quietMs: number, maxMs: number): Promise<number>;
  storedPhotos(dbName: string): Promise<StoredPhoto[]>;
}

// Only read inside functions that run in the page.
declare const window: { __kennelPhotoBench?: PhotoProbe };

const LOAD_TIMEOUT_MS = 60_000;
const SHRINK_TIMEOUT_MS = 60_000;
// Start-up work and the last animal's saving are over once no long task has run for this long.
const QUIET_MS = 500;
const QUIET_MAX_MS = 5_000;

/** How the page was made, for the results file. */
const pageNote = (rendererDir: string): string =>
  `the built renderer (${rendererDir}) served by the web host, the Local profile offline; the photo is chosen with Choose a photo… in the add form's More about this animal, as staff choose one, and the animal added (untimed) after each; the photo is drawn in the page (gradients, shapes and grain) and encoded as a JPEG at quality 0.92`;

/** Opens the add form's record fields, where the photo picker is. */
async function openRecordFields(page: Page): Promise<void> {
  const form = page.getByRole('region', { name: 'Add an animal' });
  await form.waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
  const more = form.getByRole('button', { name: 'More about this animal' });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await form.getByRole('button', { name: 'Choose a photo…' }).waitFor({ state: 'visible' });
}

/**
 * One photo chosen as staff choose it, timed in the page from the file
 * input's `change` to the frame showing it ready, after the page has been
 * quiet. A path, not a buffer: Chromium attaches the file as its file dialog
 * would, and no file is built in the page's own JavaScript.
 */
async function chooseTimed(page: Page, path: string): Promise<ShrinkRun> {
  await page.evaluate(([quiet, max]) => window.__kennelPhotoBench?.quiet(quiet, max), [
    QUIET_MS,
    QUIET_MAX_MS,
  ] as const);
  await page.evaluate((timeout) => window.__kennelPhotoBench?.arm(timeout), SHRINK_TIMEOUT_MS);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a photo…' }).click();
  await (await chooser).setFiles(path);
  const run = await page.evaluate(() => window.__kennelPhotoBench?.armed ?? null);
  if (run === null) throw new Error('photo probe missing');
  if (run.refusal !== '') throw new Error(`the photo was refused: ${run.refusal}`);
  return run;
}

function storedPhotos(page: Page): Promise<StoredPhoto[]> {
  return page.evaluate(
    (db) => window.__kennelPhotoBench?.storedPhotos(db) ?? Promise.resolve([]),
    PROFILE_DB,
  );
}

/** Adds the animal with the photo the picker holds; the photo this computer kept. */
async function addAnimal(page: Page, name: string, before: number): Promise<StoredPhoto> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add animal' }).click();
  let kept: StoredPhoto | undefined;
  await eventually(
    async () => {
      const photos = await storedPhotos(page);
      kept = photos[before];
      return photos.length === before + 1 && kept !== undefined;
    },
    `the photo of ${name} kept`,
    { timeoutMs: 10_000, intervalMs: 50 },
  );
  if (kept === undefined) throw new Error(`no photo of ${name} kept`);
  return kept;
}

/**
 * Times the record photo's shrink in real Chromium, in the built app: a
 * 12-megapixel JPEG, as a phone takes it, chosen `runs` times in the add
 * form's photo picker (read, decoded, drawn at 800 px and encoded in the
 * photo's worker), each from the choice to the frame showing it ready, with
 * every long task of the window's thread meanwhile: the window must stay
 * responsive while a photo is prepared. Each animal is then added, untimed,
 * and the photo it kept read back from the app's database.
 */
export async function runPhotoBench(
  browser: Browser,
  options: PhotoBenchOptions,
): Promise<PhotoResult> {
  const dir = await mkdtemp(join(tmpdir(), 'kennel-bench-photo-'));
  const host = await startOfflineHost(options.rendererDir);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await addPhotoTools(page);
    await page.addInitScript({ path: PHOTO_PROBE_PATH });
    await page.goto(host.url);
    await openRecordFields(page);
    const photo = { width: options.width, height: options.height, seed: options.seed };
    const jpeg = await drawPhoto(page, { ...photo, type: 'image/jpeg' });
    const path = join(dir, 'phone-photo.jpg');
    await writeFile(path, jpeg);
    options.log(
      `  a ${options.width} × ${options.height} JPEG of ${(jpeg.length / 1e6).toFixed(1)} MB, chosen ${options.runs} times`,
    );

    const timed: (ShrinkRun & { kept: StoredPhoto })[] = [];
    for (let n = 0; n < options.warmups + options.runs; n++) {
      const run = await chooseTimed(page, path);
      const kept = await addAnimal(page, `Photo bench ${n + 1}`, n);
      if (n >= options.warmups) timed.push({ ...run, kept });
    }
    const longTasks = timed.flatMap((run) => run.longTasks);
    const longest = Math.max(0, ...longTasks.map((task) => task.duration));
    return {
      page: pageNote(options.rendererDir),
      input: { ...photo, bytes: jpeg.length },
      warmups: options.warmups,
      ms: summarize(timed.map((run) => run.ms)),
      outputBytes: timed.map((run) => run.kept.bytes),
      outputSizes: [...new Set(timed.map((run) => `${run.kept.width} × ${run.kept.height}`))],
      longestMainThreadTaskMs: Math.round(longest * 10) / 10,
      longTasks: longTasks.length,
    };
  } finally {
    await context.close();
    await host.close();
    await rm(dir, { recursive: true, force: true });
  }
}
