import type { Browser } from '@playwright/test';
import { startPhotoPage } from '../../helpers/photo-page';
import type { PhotoPageApi, ShrinkTimes } from '../../pages/photo/page-api';
import type { PhotoResult } from '../lib/results';
import { summarize } from '../lib/stats';

/** How much to measure; the defaults are what `npm run bench` uses. */
export interface PhotoBenchOptions {
  /** The photo taken in: a phone's 12 megapixels, 4000 × 3000. */
  width: number;
  height: number;
  /** Timed shrinks, one after another on one page. */
  runs: number;
  /** Untimed shrinks first, so no figure includes fetching the worker's script. */
  warmups: number;
  /** The drawn photo's seed: the same photo every run of the benchmark. */
  seed: number;
  log: (line: string) => void;
}

// Only read inside functions that run in the page.
declare const window: { photoPage: PhotoPageApi };
declare const document: { body: { dataset: Record<string, string | undefined> } };

/** How the page was made, for the results file. */
const PAGE =
  "the photo's test page (tests/pages/photo/), built with the renderer's Vite config and served by the web host under the app's Content Security Policy; the photo is drawn in the page (gradients, shapes and grain) and encoded as a JPEG at quality 0.92";

/**
 * Times the record photo's shrink in real Chromium: a 12-megapixel JPEG, as
 * a phone takes it, shrunk `runs` times as the photo picker shrinks a chosen
 * file (decoded, drawn at 800 px and encoded in the photo's worker), each
 * from the call to the photo, with every long task of the window's thread
 * meanwhile: the window must stay responsive while a photo is prepared.
 */
export async function runPhotoBench(
  browser: Browser,
  options: PhotoBenchOptions,
): Promise<PhotoResult> {
  const host = await startPhotoPage();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(host.url);
    await page.waitForFunction(() => document.body.dataset['ready'] === 'true');
    const photo = { width: options.width, height: options.height, seed: options.seed };
    const bytes = await page.evaluate(
      (drawn) => window.photoPage.draw('photo', { ...drawn, type: 'image/jpeg' }),
      photo,
    );
    options.log(
      `  a ${options.width} × ${options.height} JPEG of ${(bytes / 1e6).toFixed(1)} MB, shrunk ${options.runs} times`,
    );
    const shrink = (runs: number): Promise<ShrinkTimes> =>
      page.evaluate(([key, n]) => window.photoPage.timeShrinks(key, n), ['photo', runs] as const);
    if (options.warmups > 0) await shrink(options.warmups);
    const timed = await shrink(options.runs);
    const refused = timed.runs.filter((run) => !run.ok).length;
    if (refused > 0) throw new Error(`${refused} of ${timed.runs.length} shrinks were refused`);
    const longest = Math.max(0, ...timed.longTasks.map((task) => task.duration));
    return {
      page: PAGE,
      input: { ...photo, bytes },
      warmups: options.warmups,
      ms: summarize(timed.runs.map((run) => run.ms)),
      outputBytes: timed.runs.map((run) => run.bytes),
      outputSizes: [...new Set(timed.runs.map((run) => `${run.width} × ${run.height}`))],
      longestMainThreadTaskMs: Math.round(longest * 10) / 10,
      longTasks: timed.longTasks.length,
    };
  } finally {
    await context.close();
    await host.close();
  }
}
