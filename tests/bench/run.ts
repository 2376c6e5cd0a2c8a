/**
 * `npm run bench`: measures the list in real Chromium and the outbox drain
 * against the reference service, prints the figures next to their targets and
 * writes `bench-results/latest.json` and `latest.md`.
 *
 * Figures are reported, never asserted: a missed target prints MISS and the
 * run still exits 0. It exits 1 only when a part of the benchmark could not run.
 *
 *   --quick        smaller sizes and fewer runs, printed only (for trying changes)
 *   --only=render  or --only=drain: one part, printed only
 */
import type { Browser } from '@playwright/test';
import { runDrainBench, type DrainBenchOptions } from './drain/drain-bench';
import { launchChromium } from './lib/chromium';
import { machineInfo } from './lib/machine';
import { formatText, writeResults } from './lib/report';
import {
  isNotRun,
  type BenchResults,
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
if (only !== null && only !== 'render' && only !== 'drain') {
  console.error(`Unknown part "${only}"; use --only=render or --only=drain.`);
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

async function main(): Promise<number> {
  const skipped: NotRun = { error: 'skipped (--only)' };
  const { render, chromium } =
    only === 'drain' ? { render: skipped, chromium: null } : await renderPart();
  const drain = only === 'render' ? skipped : await drainPart();

  const partial = { machine: machineInfo(chromium), render, drain };
  const results: BenchResults = { ...partial, targets: evaluateTargets(partial) };
  console.log(`\n${formatText(results)}\n`);

  if (quick || only !== null) {
    console.log('Partial run: results not written.');
  } else {
    const files = await writeResults(RESULTS_DIR, results);
    console.log(`Written: ${files.join(', ')}`);
  }

  const parts: (object | NotRun)[] = [render, drain];
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
