import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CrashableBrowser } from '../helpers/e2e/crashable-browser';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';

/** Rows per file: enough that queuing them one by one would take far longer than a kill's delay. */
const ROWS = 2_000;
/** How long after the click each round's kill comes; the last round waits for the confirmation. */
const KILL_DELAYS_MS = [0, 150, 400, 800, 1_500, null] as const;

/**
 * A laptop that dies the moment "Add" is pressed: Chromium is killed (SIGKILL,
 * no unload) a few milliseconds after the click, again and again. The import
 * is one transaction, so after every restart the queue holds all of a file's
 * animals or none of them, never part of a file.
 */
test('the browser killed just after Add: each file is queued whole or not at all', async ({
  webHost,
  service,
}) => {
  test.setTimeout(300_000);
  // Nothing is sent, so the queue on this computer is the whole story.
  await service.stop();
  const userDataDir = await mkdtemp(join(tmpdir(), 'kennel-import-crash-'));
  const browser = new CrashableBrowser(userDataDir);
  try {
    let app = new KennelApp(await browser.launch(), webHost.url);
    await app.open();
    await app.enterKey(KEYS.pro);
    let queued = 0;
    const outcomes: string[] = [];
    for (const [round, delay] of KILL_DELAYS_MS.entries()) {
      const names = uniqueNames(`Crash ${round}`, ROWS);
      const csv = ['name,category', ...names.map((name) => `${name},2`)].join('\n');
      await app.page
        .getByRole('navigation', { name: 'Views' })
        .getByRole('button', { name: 'Import' })
        .click();
      await app.page.getByLabel('Spreadsheet file (CSV or TSV)').setInputFiles({
        name: `crash-${round}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'utf8'),
      });
      await app.page
        .getByRole('button', { name: `Add ${ROWS.toLocaleString('en')} animals` })
        .click();
      if (delay === null) {
        await expect(app.page.getByText('Queued 2,000 animals.', { exact: false })).toBeVisible();
      } else {
        await sleep(delay);
      }
      await browser.kill();

      app = new KennelApp(await browser.launch(), webHost.url);
      await app.open();
      const inQueue = await app.outboxNames();
      const fromThisFile = inQueue.filter((name) => names.includes(name)).length;
      expect([0, ROWS]).toContain(fromThisFile);
      queued += fromThisFile;
      expect(inQueue).toHaveLength(queued);
      outcomes.push(`${delay ?? 'confirmed'}: ${fromThisFile === 0 ? 'none' : 'all'}`);
    }
    // Which kills came before the commit and which after differs by machine; both must hold.
    console.log(`import crash rounds (ms after Add: queued): ${outcomes.join(', ')}`);
    expect(outcomes.at(-1)).toBe('confirmed: all');
  } finally {
    await browser.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
});
