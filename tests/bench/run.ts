/**
 * `npm run bench`: measures the list in real Chromium, and the outbox drain
 * and several desks sharing one key against the reference service; prints the
 * figures next to their targets and writes `bench-results/latest.json` and
 * `latest.md`.
 *
 * Figures are reported, never asserted: a missed target prints MISS and the
 * run still exits 0. It exits 1 only when a part of the benchmark could not run.
 *
 *   --quick        smaller sizes and fewer runs, printed only (for trying changes)
 *   --only=render  or --only=drain or --only=desks: one part, printed only
 */
import type { Browser } from '@playwright/test';
import { runDesksBench, type DesksBenchOptions } from './desks/desks-bench';
import { runDrainBench, type DrainBenchOptions } from './drain/drain-bench';
import { launchChromium } from './lib/chromium';
import { machineInfo } from './lib/machine';
import { formatText, writeResults } from './lib/report';
import {
  isNotRun,
  type BenchResults,
  type DesksResult,
  type DrainResult,
  type NotRun,
  type RenderResult,
} from './lib/results';
import { evaluateTargets } from './lib/targets';
import { runRenderBench, type RenderBenchOptions } from './render/render-bench';

const RESULTS_DIR = 'bench-results';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? null;
const PARTS = ['render', 'drain', 'desks'];
if (only !== null && !PARTS.includes(only)) {
  console.error(`Unknown part "${only}"; use --only=render, --only=drain or --only=desks.`);
  process.exit(2);
}
const log = (line: string): void => console.log(line);

const renderOptions: RenderBenchOptions = {
  sizes: quick ? [1_000, 10_000] : [1_000, 10_000, 100_000],
  rounds: quick ? 1 : 3,
  loadsPerRound: quick ? 3 : 5,
  warmups: 2,
  rendererDir: 'out/renderer',
  log,
};

// 120 requests per 10 s window; 600 animals fill five windows.
const drainOptions: DrainBenchOptions = {
  plan: { limit: 120, perDay: 100_000, windowMs: 10_000 },
  animals: quick ? 240 : 600,
  log,
};

// Three desks on one key, 20 requests per 3 s window: 90 animals need at least
// four resets, and no desk alone sees why its window runs out.
const desksOptions: DesksBenchOptions = {
  plan: { limit: 20, perDay: 100_000, windowMs: 3_000 },
  desks: 3,
  animalsPerDesk: 30,
  log,
};

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

async function renderPart(): Promise<{ render: RenderResult | NotRun; chromium: string | null }> {
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    return { render: { error: `Chromium did not start: ${message(error)}` }, chromium: null };
  }
  const chromium = browser.version();
  try {
    log(`List rendering in Chromium ${chromium}`);
    return { render: await runRenderBench(browser, renderOptions), chromium };
  } catch (error) {
    return { render: { error: message(error) }, chromium };
  } finally {
    await browser.close();
  }
}

async function drainPart(): Promise<DrainResult | NotRun> {
  try {
    log('Outbox drain against the reference service');
    return await runDrainBench(drainOptions);
  } catch (error) {
    return { error: message(error) };
  }
}

async function desksPart(): Promise<DesksResult | NotRun> {
  try {
    log('Several desks on one key against the reference service');
    return await runDesksBench(desksOptions);
  } catch (error) {
    return { error: message(error) };
  }
}

async function main(): Promise<number> {
  const skipped: NotRun = { error: 'skipped (--only)' };
  const runs = (part: string): boolean => only === null || only === part;
  const { render, chromium } = runs('render')
    ? await renderPart()
    : { render: skipped, chromium: null };
  const drain = runs('drain') ? await drainPart() : skipped;
  const desks = runs('desks') ? await desksPart() : skipped;

  const partial = { machine: machineInfo(chromium), render, drain, desks };
  const results: BenchResults = { ...partial, targets: evaluateTargets(partial) };
  console.log(`\n${formatText(results)}\n`);

  if (quick || only !== null) {
    console.log('Partial run: results not written.');
  } else {
    const files = await writeResults(RESULTS_DIR, results);
    console.log(`Written: ${files.join(', ')}`);
  }

  const parts: (object | NotRun)[] = [render, drain, desks];
  if (!isNotRun(render)) parts.push(render.heap);
  if (!isNotRun(drain)) parts.push(drain.engine, drain.naive);
  const failed = parts.filter((p): p is NotRun => isNotRun(p) && p !== skipped);
  for (const part of failed) console.error(`Could not run: ${part.error}`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The benchmark could not run: ${message(error)}`);
    process.exit(1);
  },
);
