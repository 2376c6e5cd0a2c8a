import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { loadUntilIndexed } from '../search/search-page';

/** Path of the script injected after `page-probe.js` (see `import-probe.js`). */
export const IMPORT_PROBE_PATH = fileURLToPath(new URL('./import-probe.js', import.meta.url));

/** A long task as the page reported it, ms since navigation start. */
interface LongTask {
  start: number;
  duration: number;
}

/** What one import of a file measured, in the page. */
export interface ImportRun {
  /** The file input's `change` to the frame showing "N ready to add.". */
  previewMs: number;
  /** The same to the frame showing the rows checked against the cache. */
  checkedMs: number;
  /** When the import ended, ms since navigation start. */
  endAt: number;
  /** Long tasks on the window's thread between the choice and {@link checkedMs}. */
  longTasks: LongTask[];
  /** Keystroke to character drawn, for each key typed meanwhile (typing runs only). */
  keystrokes: number[];
}

interface ImportProbe {
  arm(expected: { preview: string; checked: string }, timeoutMs: number): void;
  armed: Promise<ImportRun> | null;
  quiet(quietMs: number, maxMs: number): Promise<number>;
}

// Only read inside functions that run in the page.
declare const window: { __kennelImport?: ImportProbe };

const IMPORT_TIMEOUT_MS = 120_000;
// Start-up work (the side pane, the search index's last chunks, the import
// view's chunk) is over once no long task has run for this long.
const QUIET_MS = 500;
// Bounded well below the sync engine's cache audit (10 s after start-up).
const QUIET_MAX_MS = 3_000;
// A key every 50 ms, faster than most people type, so a long task (50 ms or
// more) is likely to hold some key up.
const KEY_GAP_MS = 50;

const FILE_LABEL = 'Spreadsheet file (CSV or TSV)';
const PASTE_LABEL = 'Or paste cells copied from a spreadsheet';

/**
 * Loads the app afresh (waiting for its search index, as a user who just
 * opened it would), opens the Import view as a user does and waits until the
 * page is quiet.
 */
export async function openImportView(page: Page, url: string): Promise<void> {
  await loadUntilIndexed(page, url);
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Import', exact: true })
    .click();
  await page.getByLabel(FILE_LABEL).waitFor({ state: 'visible' });
  await page.evaluate(
    ([quiet, max]) => {
      const probe = window.__kennelImport;
      if (!probe) throw new Error('import probe missing');
      return probe.quiet(quiet, max);
    },
    [QUIET_MS, QUIET_MAX_MS] as const,
  );
}

/**
 * Chooses the file at `path` on the file input and returns what the page
 * measured until the summary read `expected.checked`. With `typing`, keys are
 * typed into the paste box the whole time, one every {@link KEY_GAP_MS}.
 *
 * A path, not a buffer: Playwright hands a buffer to the page as base64 and
 * builds the File in the page's own JavaScript, a long task of its own (about
 * 100 ms for 10,000 rows here) in the very task that chooses the file. A path
 * goes to Chromium, which attaches the file as a file dialog would.
 */
export async function timeImport(
  page: Page,
  path: string,
  expected: { preview: string; checked: string },
  typing: boolean,
): Promise<ImportRun> {
  const pasteBox = page.getByLabel(PASTE_LABEL);
  if (typing) await pasteBox.focus();
  await page.evaluate(
    ([want, timeout]) => {
      const probe = window.__kennelImport;
      if (!probe) throw new Error('import probe missing');
      probe.arm(want, timeout);
    },
    [expected, IMPORT_TIMEOUT_MS] as const,
  );
  await page.getByLabel(FILE_LABEL).setInputFiles(path);
  let finished = false;
  const result = page
    .evaluate(() => window.__kennelImport?.armed ?? null)
    .finally(() => (finished = true));
  // Keys go on regardless of what the page is doing, so some are sent while a
  // long task runs and wait for it, as a person's would.
  while (typing && !finished) {
    await page.keyboard.press('x');
    await page.waitForTimeout(KEY_GAP_MS);
  }
  const run = await result;
  if (run === null) throw new Error('import probe missing');
  return run;
}
