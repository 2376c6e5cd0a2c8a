import { cp, mkdtemp, rm } from 'node:fs/promises';
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
 */

/** Long enough to outlast both kills and both restarts on a busy machine. */
const HOLD_SECONDS = 45;
const ANIMALS = 3;
const CHIP = '985141000999001';

test('host and browser killed during the hold: nothing lost, nothing early, nothing twice', async ({
  service,
  dataDir,
}) => {
  test.setTimeout(180_000);
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

    await Promise.all([host.kill(), browser.kill()]);
    host = await HostProcess.start(hostOptions);
    app = new KennelApp(await browser.launch(), host.url);
    await app.open();

    // Back, and the animals are still on this computer, each with the deadline
    // it had: the kills neither lost one nor shortened a hold. (The hold
    // outlasts the restarts, so none may have been sent meanwhile.)
    const after = await readOutboxEntries(app.page);
    const deadlines = (entries: typeof held) => entries.map((e) => [e.name, e.heldUntil]);
    expect(deadlines(after)).toEqual(deadlines(held));
    const kept = (await readStoredRecords(app.page)).records;
    expect(kept.map((r) => [r.key.startsWith('local:'), r.chip, r.kennel])).toEqual([
      [true, CHIP, 'Crash B1'],
    ]);

    await expectEachOnService(service, names, 120_000);
    await app.expectWaiting(0, 60_000);
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
      expect(creates[0]?.at, `${entry.name} arrived before its hold ended`).toBeGreaterThanOrEqual(
        entry.heldUntil ?? Infinity,
      );
    }
  } finally {
    await browser.close().catch(() => undefined);
    await host.stop();
    await rm(work, { recursive: true, force: true, maxRetries: 5 });
  }
});
