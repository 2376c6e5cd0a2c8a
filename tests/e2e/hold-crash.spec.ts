import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import type { RequestRecord } from '../../server/types';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrashableBrowser } from '../helpers/e2e/crashable-browser';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { freePort, HostProcess, newToken } from '../helpers/e2e/host-process';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { readOutboxEntries } from '../helpers/e2e/outbox-entries';
import { takeInWithRecord } from '../helpers/e2e/record-form';
import { readStoredRecords } from '../helpers/e2e/stored-records';
import { RENDERER_DIR } from '../helpers/e2e/renderer-dir';

/**
 * The web host and the browser both killed (SIGKILL: no unload, no flush)
 * while animals wait out their hold, then started again on the same port,
 * data folder and browser profile. Each animal must still be there, held,
 * with its intake record, and reach the service exactly once, never before
 * its hold ended; the record then follows it to its ID.
 *
 * The hold is decided by the page's clock (the deadline stored on each
 * outbox entry, against `Date.now()` in the window), so the restarted page
 * is given Playwright's clock, set to the moment of the kill: the restart
 * costs the hold nothing however long it takes, and the test moves the clock
 * past the hold's end instead of waiting for it.
 */

/** The longest hold Settings offers: the page's clock runs on between the test's steps. */
const HOLD_SECONDS = 120;
const ANIMALS = 3;
const CHIP = '985141000999001';

const isCreate = (r: RequestRecord): boolean => r.method === 'POST' && r.path.endsWith('/pets');

function heldList(app: KennelApp): Locator {
  return app.page.getByRole('region', { name: 'Waiting to be sent' });
}

test('host and browser killed during the hold: nothing lost, nothing early, nothing twice', async ({
  service,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const work = await mkdtemp(join(tmpdir(), 'kennel-hold-crash-'));
  const rendererDir = join(work, 'renderer');
  await cp(RENDERER_DIR, rendererDir, { recursive: true });
  const hostOptions = {
    port: await freePort(),
    token: newToken(),
    rendererDir,
    dataDir,
    env: { KENNEL_LOCAL_URL: service.url },
  };
  const browser = new CrashableBrowser(join(work, 'chromium'));
  let host = await HostProcess.start(hostOptions);
  try {
    let app = new KennelApp(await browser.launch(), host.url);
    app.holdSeconds = HOLD_SECONDS;
    await app.openWithKey(KEYS.pro);
    const names = uniqueNames('HeldCrash', ANIMALS);
    const [withRecord = '', ...others] = names;
    // The first comes with an intake record: it must survive the kills as the animal does.
    await takeInWithRecord(
      app,
      { name: withRecord, categoryId: '7' },
      { chip: CHIP, kennel: 'Crash B1', intakeType: 'Stray' },
    );
    await app.enterAnimals(others.map((name) => ({ name, categoryId: '7' })));
    await expect.poll(async () => (await readOutboxEntries(app.page)).length).toBe(ANIMALS);
    const held = await readOutboxEntries(app.page);
    // The page's time at the kill: the restarted page's clock starts there.
    const killedAt = await app.page.evaluate(() => Date.now());
    expect(service.state.requests.filter(isCreate)).toEqual([]);

    await Promise.all([host.kill(), browser.kill()]);
    host = await HostProcess.start(hostOptions);
    const page = await browser.launch();
    await page.clock.install({ time: killedAt });
    app = new KennelApp(page, host.url);
    await app.open();

    // Back, and the animals are still on this computer, each with the deadline
    // it had: the kills neither lost one nor shortened a hold.
    const after = await readOutboxEntries(app.page);
    const deadlines = (entries: typeof held) => entries.map((e) => [e.name, e.heldUntil]);
    expect(deadlines(after)).toEqual(deadlines(held));
    const kept = (await readStoredRecords(app.page)).records;
    expect(kept.map((r) => [r.key.startsWith('local:'), r.chip, r.kennel])).toEqual([
      [true, CHIP, 'Crash B1'],
    ]);
    // The app shows every animal still held, and nothing has been sent.
    await expect(heldList(app).getByRole('listitem')).toHaveCount(ANIMALS);
    await app.expectWaiting(ANIMALS);
    expect(service.state.requests.filter(isCreate)).toEqual([]);

    // The hold ends, by the page's clock: only now may anything go.
    const holdEnded = Date.now();
    const lastDeadline = Math.max(...held.map((e) => e.heldUntil ?? 0));
    const pageNow = await app.page.evaluate(() => Date.now());
    await app.page.clock.fastForward(lastDeadline - pageNow + 1_000);
    await expectEachOnService(service, names);
    await app.expectWaiting(0);
    const counts = countByName(service.state.pets().map((p) => p.name));
    // Sent, the record is under the ID the service gave its animal.
    const id = service.state
      .pets()
      .find((p) => p.name === withRecord)
      ?.id.toString();
    await expect
      .poll(async () => (await readStoredRecords(app.page)).records.map((r) => [r.key, r.chip]))
      .toEqual([[id, CHIP]]);
    expect(names.map((name) => counts.get(name))).toEqual(Array(ANIMALS).fill(1));
    for (const entry of held) {
      const creates = service.state.requests.filter(
        (r) => r.method === 'POST' && r.idempotencyKey === entry.idempotencyKey,
      );
      expect(creates, `creates of ${entry.name}`).toHaveLength(1);
      // By the service's clock: the create came after the test ended the hold.
      expect(creates[0]?.at, `${entry.name} sent before its hold ended`).toBeGreaterThanOrEqual(
        holdEnded,
      );
    }
  } finally {
    await browser.close().catch(() => undefined);
    await host.stop();
    await rm(work, { recursive: true, force: true, maxRetries: 5 });
  }
});
