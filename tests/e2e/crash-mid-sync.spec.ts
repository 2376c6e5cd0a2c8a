import { cp, mkdtemp, rm } from 'node:fs/promises';
import { RENDERER_DIR } from '../helpers/e2e/renderer-dir';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestRecord } from '../../server/types';
import { CrashableBrowser } from '../helpers/e2e/crashable-browser';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { seededRandom } from '../helpers/seed';
import {
  freePort,
  HostProcess,
  newToken,
  type HostProcessOptions,
} from '../helpers/e2e/host-process';
import { KennelApp } from '../helpers/e2e/kennel-app';
import { countByName, uniqueNames } from '../helpers/e2e/names';
import { readOutboxEntries, type StoredOutboxEntry } from '../helpers/e2e/outbox-entries';
import type { ServiceControl } from '../helpers/e2e/service-control';

/**
 * Crashes in the middle of a long drain: the web host (SIGKILL of its Node
 * process) and the browser (SIGKILL of Chromium) die at random moments, over
 * and over, and are started again on the same port, data folder and browser
 * profile. Whatever the crashes, every animal must end on the service exactly
 * once, whether the service honours `Idempotency-Key` or ignores it.
 *
 * Each kill is set off by the drain's progress, not by a clock: kill n waits
 * until n steps of the 40 animals are on the service and a create is out, so
 * a fast machine meets every kill as a slow one does. The order of targets
 * comes from the test's seed (see `tests/helpers/seed.ts`).
 */

/** Animals queued before the drain starts. */
const ANIMALS = 40;
/** Kills per run, by target. */
const PLANNED_KILLS = { host: 2, browser: 2, both: 2 } as const;
const KILLS = PLANNED_KILLS.host + PLANNED_KILLS.browser + PLANNED_KILLS.both;
/** Kill n comes once n × this many of the run's animals are on the service (the last at 30 of 40). */
const ANIMALS_PER_KILL = Math.floor(ANIMALS / (KILLS + 1));
/**
 * Every request, creates included, takes 300 ms, so most kills land while a
 * create is in flight: sent and not yet answered. The odd 429 makes the host
 * hold a create while it waits out `Retry-After`, so a kill may land then.
 */
const FAULTS = { latencyMs: 300, rate429: 0.02 } as const;
/** Few seeded animals: every list Kennel reads to reconcile holds the whole store. */
const SEEDED_ANIMALS = 20;
/** How long the app may take to send anything again after a restart. */
const RESUME_TIMEOUT_MS = 90_000;

type Target = 'host' | 'browser' | 'both';

interface Kill {
  n: number;
  target: Target;
  /** Epoch ms of the kill. */
  at: number;
  /** Creates the service had received and not yet answered at that moment. */
  createsInFlight: number;
  /** List reads (probes, reconciliation, refreshes) in flight at that moment. */
  readsInFlight: number;
  /** Animals on the service that were queued by this run, at that moment. */
  createdSoFar: number;
}

/** The kill targets in a seeded random order. */
function killSchedule(random: () => number): Target[] {
  const targets: Target[] = [];
  for (const [target, count] of Object.entries(PLANNED_KILLS) as [Target, number][]) {
    for (let i = 0; i < count; i += 1) targets.push(target);
  }
  for (let i = targets.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [targets[i], targets[j]] = [targets[j] as Target, targets[i] as Target];
  }
  return targets;
}

const isCreate = (r: RequestRecord): boolean => r.method === 'POST' && r.path.endsWith('/pets');

/** Polls `check` until it gives a value other than null, or fails after `timeoutMs`. */
async function until<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | null>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await sleep(20);
  }
}

/** What a run saw, for the figures it prints and the report of a failure. */
interface RunRecord {
  mode: string;
  seed: number;
  names: string[];
  /** Each animal's `Idempotency-Key`, read from the outbox before the drain. */
  nameByKey: Map<string, string>;
  kills: Kill[];
}

async function crashMidSync(
  service: ServiceControl,
  dataDir: string,
  mode: string,
  seed: number,
): Promise<void> {
  const random = seededRandom(seed);
  const run: RunRecord = {
    mode,
    seed,
    names: uniqueNames('Crash', ANIMALS),
    nameByKey: new Map(),
    kills: [],
  };

  const work = await mkdtemp(join(tmpdir(), 'kennel-crash-'));
  // The run reloads the app a dozen times over minutes; its own copy of the
  // renderer keeps a build running alongside from swapping files under it.
  const rendererDir = join(work, 'renderer');
  await cp(RENDERER_DIR, rendererDir, { recursive: true });
  const hostOptions: HostProcessOptions = {
    // One port and one token for every start: same origin (same IndexedDB), same URL.
    port: await freePort(),
    token: newToken(),
    rendererDir,
    dataDir,
    env: { KENNEL_LOCAL_URL: service.url },
  };
  const browser = new CrashableBrowser(join(work, 'chromium'));
  let host = await HostProcess.start(hostOptions);
  let app: KennelApp | null = null;
  let summarised = false;

  try {
    app = new KennelApp(await browser.launch(), host.url);
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    await app.enterAnimals(run.names.map((name) => ({ name, categoryId: '7' })));
    await app.expectWaiting(ANIMALS);
    for (const entry of await readOutboxEntries(app.page)) {
      run.nameByKey.set(entry.idempotencyKey, entry.name);
    }
    expect(run.nameByKey.size).toBe(ANIMALS);

    await service.start();
    // As a user would once the service is back, rather than wait out the
    // probe backoff that grew while it was down.
    await app.page.getByRole('button', { name: 'Sync now' }).click();
    await until('the first create', RESUME_TIMEOUT_MS, () =>
      Promise.resolve(service.state.requests.some(isCreate) ? true : null),
    );

    const ours = new Set(run.names);
    const createdSoFar = (): number => service.state.pets().filter((p) => ours.has(p.name)).length;
    let resumedAt = Date.now();
    for (const [i, target] of killSchedule(random).entries()) {
      // The drain has come this far and this life of the app has a create out right now.
      await until('the drain to reach the next kill', RESUME_TIMEOUT_MS, () =>
        Promise.resolve(
          createdSoFar() >= (i + 1) * ANIMALS_PER_KILL &&
            service.state.requests.some((r) => isCreate(r) && r.status === 0 && r.at >= resumedAt)
            ? true
            : null,
        ),
      );
      const requests = service.state.requests;
      run.kills.push({
        n: run.kills.length + 1,
        target,
        at: Date.now(),
        createsInFlight: requests.filter((r) => isCreate(r) && r.status === 0).length,
        readsInFlight: requests.filter((r) => r.method === 'GET' && r.status === 0).length,
        createdSoFar: createdSoFar(),
      });
      await Promise.all([
        target === 'browser' ? null : host.kill(),
        target === 'host' ? null : browser.kill(),
      ]);
      if (target !== 'browser') host = await HostProcess.start(hostOptions);
      if (target !== 'host') {
        app = new KennelApp(await browser.launch(), host.url);
        await app.open();
      }
      resumedAt = Date.now();
    }

    await app.expectWaiting(0, 120_000);
    const outcome = await summarise(run, service, app);
    summarised = true;

    expect({ lost: outcome.lost, duplicated: outcome.duplicated }).toEqual({
      lost: [],
      duplicated: [],
    });
    // With the whole store within one list page, reconciling always settles an
    // entry (found or absent); a "may already exist" entry could only come from
    // two candidates, which is a duplicate. So nothing may be left for the user.
    expect(outcome.left).toEqual([]);
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (0)');
    // Every kill came while a create was out, before the drain was over.
    expect(run.kills.map((k) => k.createsInFlight > 0)).toEqual(Array(KILLS).fill(true));
    expect(Math.max(...run.kills.map((k) => k.createdSoFar))).toBeLessThan(ANIMALS);
    expect(service.state.stats.bans).toBe(0);
  } catch (error) {
    // A stall or a crash of the run itself: what happened up to here.
    if (!summarised) await summarise(run, service, app).catch(() => undefined);
    await recordDesk(app, browser).catch(() => undefined);
    throw error;
  } finally {
    await browser.close().catch(() => undefined);
    await host.stop();
    await rm(work, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Console lines of the desk printed with a failure. */
const DESK_CONSOLE_LINES = 60;

/**
 * What the desk showed and said at the end of a failed run, across its
 * crashes: the last of its console, its words on screen, and a picture.
 */
async function recordDesk(app: KennelApp | null, browser: CrashableBrowser): Promise<void> {
  const lines = browser.consoleLines.slice(-DESK_CONSOLE_LINES).join('\n');
  console.log(`the desk's console, last ${DESK_CONSOLE_LINES} lines:\n${lines}`);
  if (app === null || !browser.isRunning) return;
  console.log(`the desk showed:\n${(await app.page.locator('body').innerText()).slice(0, 2_000)}`);
  await test.info().attach('the desk at the end', {
    body: await app.page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
}

/** How the run ended, by name. */
interface Outcome {
  lost: string[];
  duplicated: string[];
  left: StoredOutboxEntry[];
}

/** Prints the run's figures, and a report of every animal at issue; returns them. */
async function summarise(
  run: RunRecord,
  service: ServiceControl,
  app: KennelApp | null,
): Promise<Outcome> {
  const { requests, stats } = service.state;
  const counts = countByName(service.state.pets().map((p) => p.name));
  const lost = run.names.filter((name) => (counts.get(name) ?? 0) === 0);
  const duplicated = run.names.filter((name) => (counts.get(name) ?? 0) > 1);
  const left = app === null ? [] : await readOutboxEntries(app.page).catch(() => []);
  const creates = requests.filter(isCreate);
  const kills = (target: Target): number => run.kills.filter((k) => k.target === target).length;
  console.log(
    `[crash-mid-sync ${run.mode}] seed ${run.seed}: kills ${run.kills.length} ` +
      `(host ${kills('host')}, browser ${kills('browser')}, both ${kills('both')}; ` +
      `${run.kills.filter((k) => k.createsInFlight > 0).length} with a create in flight, ` +
      `${run.kills.filter((k) => k.readsInFlight > 0).length} with a list read in flight), ` +
      `N ${run.names.length}, lost ${lost.length}, duplicated ${duplicated.length}, ` +
      `creates sent ${creates.length} (201: ${creates.filter((r) => r.status === 201).length}), ` +
      `animals created ${stats.created}, ` +
      `list reads ${requests.filter((r) => r.method === 'GET').length}, ` +
      `429s ${stats.rateLimited}, bans ${stats.bans}, left in outbox ${left.length}`,
  );
  const atIssue = new Set([...lost, ...duplicated, ...left.map((e) => e.name)]);
  if (atIssue.size > 0) console.log(report(run, requests, atIssue, left));
  return { lost, duplicated, left };
}

/** Requests this close to a create at issue are printed with it. */
const AROUND_MS = 3_000;

/**
 * The kills, then for each animal at issue its creates and the request log
 * around them (times relative to the first request; creates named by their
 * `Idempotency-Key`), then what is left in the outbox.
 */
function report(
  run: RunRecord,
  requests: readonly RequestRecord[],
  atIssue: ReadonlySet<string>,
  left: readonly StoredOutboxEntry[],
): string {
  const t0 = requests[0]?.at ?? 0;
  const rel = (at: number): string => `+${((at - t0) / 1000).toFixed(3)}s`;
  const line = (r: RequestRecord): string => {
    const name = r.idempotencyKey === undefined ? '' : (run.nameByKey.get(r.idempotencyKey) ?? '?');
    return `${rel(r.at)} ${r.method} ${r.path} -> ${r.status} ${name}`.trimEnd();
  };
  const lines = ['kills:'];
  for (const k of run.kills) {
    lines.push(
      `  #${k.n} ${k.target} at ${rel(k.at)}; in flight: ${k.createsInFlight} creates, ` +
        `${k.readsInFlight} reads; ours on the service: ${k.createdSoFar}`,
    );
  }
  const keyOf = new Map([...run.nameByKey].map(([key, name]) => [name, key]));
  for (const name of atIssue) {
    const key = keyOf.get(name);
    const posts = requests.filter((r) => isCreate(r) && r.idempotencyKey === key);
    lines.push(`${name} (Idempotency-Key ${key ?? '?'}), ${posts.length} creates:`);
    for (const post of posts) {
      lines.push(`  create at ${rel(post.at)} -> ${post.status}; around it:`);
      const kills = run.kills.filter((k) => Math.abs(k.at - post.at) <= AROUND_MS);
      for (const k of kills) lines.push(`    kill #${k.n} (${k.target}) at ${rel(k.at)}`);
      for (const r of requests.filter((q) => Math.abs(q.at - post.at) <= AROUND_MS)) {
        lines.push(`    ${line(r)}`);
      }
    }
  }
  for (const e of left) {
    lines.push(
      `left: ${e.name} ${e.state}, attempts ${e.attempts}, candidates ${e.candidates}: ` +
        `${e.lastError ?? ''}`,
    );
  }
  return lines.join('\n');
}

test.describe('crashes mid-sync', () => {
  test.describe('service ignoring Idempotency-Key', () => {
    test.use({ serviceOptions: { seed: SEEDED_ANIMALS, faults: FAULTS } });

    test('host and browser killed during the drain: every animal once', async ({
      service,
      dataDir,
      seed,
    }) => {
      test.setTimeout(420_000);
      await crashMidSync(service, dataDir, 'key ignored', seed);
    });
  });

  test.describe('service honouring Idempotency-Key', () => {
    test.use({
      serviceOptions: {
        seed: SEEDED_ANIMALS,
        idempotency: true,
        faults: FAULTS,
      },
    });

    test('host and browser killed during the drain: every animal once', async ({
      service,
      dataDir,
      seed,
    }) => {
      test.setTimeout(420_000);
      await crashMidSync(service, dataDir, 'key honoured', seed);
    });
  });
});
