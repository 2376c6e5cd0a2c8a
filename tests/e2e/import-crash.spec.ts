import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CrashableBrowser } from '../helpers/e2e/crashable-browser';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { chooseCsvFile, openImport } from '../helpers/e2e/import-view';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { TransactionStop, type StopPoint } from '../helpers/e2e/transaction-stop';

/** Rows per file: enough that the transaction has a middle to be stopped in. */
const ROWS = 400;
/** How long the page may take from the click to the point it is stopped at. */
const STOP_TIMEOUT_MS = 60_000;

/**
 * Each round stops the page at a point of the transaction that queues the
 * file, kills the browser there, and says what the queue must then hold.
 */
const ROUNDS: readonly { point: StopPoint; rows: number; queued: 'none' | 'all' }[] = [
  // Past the middle: a file written in two halves has its first half committed here.
  { point: 'mid', rows: ROWS / 2 + 1, queued: 'none' },
  { point: 'before-commit', rows: ROWS, queued: 'none' },
  { point: 'after-commit', rows: ROWS, queued: 'all' },
];

/** Launches the browser, ready to be stopped inside a transaction, and opens the app. */
async function launch(browser: CrashableBrowser, url: string) {
  const page: Page = await browser.launch();
  const stop = await TransactionStop.install(page);
  const app = new KennelApp(page, url);
  await app.open();
  return { app, stop };
}

/**
 * A laptop that dies while an import is being queued: Chromium is killed
 * (SIGKILL, no unload) with the page stopped inside the transaction that
 * writes the file's animals to the outbox: halfway through the rows, then
 * with every row written and the commit still to come, then just after the
 * commit. The page is stopped there from the test's side (IndexedDB's own
 * methods wrapped in the page, see `transaction-stop.ts`), so each kill lands
 * where it is meant to, on any machine. After each restart the queue holds
 * none of the file while it was uncommitted and all of it once committed.
 */
test('the browser killed inside the import’s transaction: each file is queued whole or not at all', async ({
  webHost,
  service,
}) => {
  test.setTimeout(180_000);
  // Nothing is sent, so the queue on this computer is the whole story.
  await service.stop();
  const userDataDir = await mkdtemp(join(tmpdir(), 'kennel-import-crash-'));
  const browser = new CrashableBrowser(userDataDir);
  try {
    let { app, stop } = await launch(browser, webHost.url);
    await app.enterKey(KEYS.pro);
    let queued = 0;
    for (const [round, { point, rows, queued: expected }] of ROUNDS.entries()) {
      const names = uniqueNames(`Crash ${round}`, ROWS);
      const view = await openImport(app.page);
      await chooseCsvFile(view, `crash-${round}.csv`, [
        'name,category',
        ...names.map((name) => `${name},2`),
      ]);
      const add = view.getByRole('button', { name: `Add ${ROWS.toLocaleString('en')} animals` });
      await expect(add).toBeEnabled();
      await stop.arm(point, rows);
      await add.click();
      const stopped = await stop.stopped(STOP_TIMEOUT_MS);
      await browser.kill();
      const ended = stop.endOf(stopped.tx);

      ({ app, stop } = await launch(browser, webHost.url));
      const inQueue = await app.outboxNames();
      const fromThisFile = inQueue.filter((name) => names.includes(name)).length;
      expect(fromThisFile, `rows of the file queued after a kill ${point}`).toBe(
        expected === 'none' ? 0 : ROWS,
      );
      queued += fromThisFile;
      expect(inQueue).toHaveLength(queued);
      // Where the kill landed, as the page saw it before it died.
      if (point === 'after-commit') {
        expect({ committed: stopped.committed, ended }).toEqual({
          committed: true,
          ended: 'complete',
        });
      } else {
        // Open, part or all of the rows written in it, never committed nor aborted.
        expect({ adds: stopped.outboxAdds, committed: stopped.committed, ended }).toEqual({
          adds: rows,
          committed: false,
          ended: null,
        });
      }
    }
  } finally {
    await browser.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
});
