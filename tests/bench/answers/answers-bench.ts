import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeResult } from '../../../electron/contract/bridge';
import { ANSWER_LIMITS } from '../../../electron/core/api/answer-limits';
import { parseJsonLossless } from '../../../electron/core/http/json';
import { createKennelCore } from '../../../electron/core/index';
import type { AnswersResult, ParseResult } from '../lib/results';
import { summarize } from '../lib/stats';
import { startFloodServer, type FloodServer } from './flood-server';
import { forcedGc, rssMB, type Collector } from './memory';
import { pagesAtLimit } from './page-at-limit';
import { createFileKeyStore } from '../../helpers/file-key-store';

type KennelCore = ReturnType<typeof createKennelCore>;

export interface AnswersBenchOptions {
  /** Size of the oversized list page, in MiB. */
  answerMiB: number;
  runs: number;
  warmups: number;
  /** Timed parses of each page at the limit. */
  parseRuns: number;
  log: (line: string) => void;
}

/** A key of the Pro plan, so the plan's limits are nowhere near one request. */
const KEY = 'kennel-demo-pro';
/** A client that has not closed the connection by then is reported as having kept it. */
const CLOSE_WAIT_MS = 15_000;
/** Time left to the process after the connection closed, before memory is read. */
const SETTLE_MS = 500;
/** The same without a forced GC, to give the collector a chance of its own. */
const SETTLE_NO_GC_MS = 2_000;

/** What one dispatch of the oversized list page came to. */
interface Run {
  ms: number;
  outcome: string;
  connection: string;
  written: number;
  rss: { before: number; failed: number; after: number };
}

const outcomeOf = (result: BridgeResult<unknown>): string =>
  result.ok ? 'succeeded' : `${result.error.kind} / ${result.error.code ?? 'no code'}`;

/** Lets the process settle, forcing a full collection when it can. */
async function settle(collector: Collector | null): Promise<void> {
  if (collector === null) {
    await sleep(SETTLE_NO_GC_MS);
    return;
  }
  await sleep(SETTLE_MS);
  // Twice: the first pass can leave what only finalizers it ran let go.
  collector.collect();
  collector.collect();
}

async function oneAnswer(
  core: KennelCore,
  server: FloodServer,
  collector: Collector | null,
): Promise<Run> {
  await settle(collector);
  const before = rssMB();
  const started = performance.now();
  const result = await core.dispatch('listPets', ['local', { limit: 100 }]);
  const ms = performance.now() - started;
  const failed = rssMB();
  const answer = server.answers[server.answers.length - 1];
  if (answer === undefined)
    throw new Error(`The service saw no list request (${outcomeOf(result)}).`);
  const closed = await Promise.race([
    answer.closed.then(() => true),
    sleep(CLOSE_WAIT_MS).then(() => false),
  ]);
  const connection = !closed
    ? `still open after ${CLOSE_WAIT_MS / 1000} s`
    : answer.finished
      ? 'answer sent whole'
      : 'closed by the client';
  const written = answer.written;
  await settle(collector);
  return {
    ms,
    outcome: outcomeOf(result),
    connection,
    written,
    rss: { before, failed, after: rssMB() },
  };
}

/** How many times each value occurs. */
function tally(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/** The lossless parser on pages of exactly the limit; no warm-up, so the first run is a cold one. */
function parseAtLimit(runs: number, collector: Collector | null): ParseResult[] {
  const bytes = ANSWER_LIMITS.petsPage;
  return pagesAtLimit(bytes).map(({ shape, text }) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      collector?.collect();
      const started = performance.now();
      parseJsonLossless(text);
      times.push(performance.now() - started);
    }
    return { shape, bytes, ms: summarize(times) };
  });
}

/**
 * A service answering a list page far larger than the specification allows:
 * how soon Kennel's core gives up on it, how much of it the service got to
 * write, and what it cost the process's memory. For contrast, the parse of the
 * largest page the client does read.
 */
export async function runAnswersBench(options: AnswersBenchOptions): Promise<AnswersResult> {
  const collector = forcedGc();
  const memory =
    collector === null
      ? `no forced GC: read after a ${SETTLE_NO_GC_MS / 1000} s settle`
      : `${collector.method}, ${SETTLE_MS} ms after the connection closed`;
  const server = await startFloodServer(options.answerMiB);
  const dataDir = await mkdtemp(join(tmpdir(), 'kennel-bench-answers-'));
  const core = createKennelCore({
    dataDir,
    keyStore: createFileKeyStore(dataDir),
    mode: 'browser',
    appVersion: 'bench',
    env: { KENNEL_LOCAL_URL: server.url, KENNEL_LOCAL_KEY: KEY },
  });
  try {
    options.log(
      `  ${options.answerMiB} MiB list page, chunked: ${options.warmups} warm-up, ${options.runs} timed; memory: ${memory}`,
    );
    const runs: Run[] = [];
    for (let i = 0; i < options.warmups + options.runs; i += 1) {
      const run = await oneAnswer(core, server, collector);
      if (i >= options.warmups) runs.push(run);
    }
    options.log(
      `  parsing pages of ${ANSWER_LIMITS.petsPage} bytes, ${options.parseRuns} runs each`,
    );
    const parse = parseAtLimit(options.parseRuns, collector);
    const pick = (f: (r: Run) => number): ReturnType<typeof summarize> => summarize(runs.map(f));
    return {
      answerBytes: server.bodyBytes,
      limitBytes: ANSWER_LIMITS.petsPage,
      warmups: options.warmups,
      outcomes: tally(runs.map((r) => r.outcome)),
      connections: tally(runs.map((r) => r.connection)),
      failMs: pick((r) => r.ms),
      writtenBytes: pick((r) => r.written),
      requests: server.answers.length,
      dispatches: options.warmups + options.runs,
      unexpected: server.unexpected,
      rssMB: {
        before: pick((r) => r.rss.before),
        failed: pick((r) => r.rss.failed),
        after: pick((r) => r.rss.after),
      },
      memory,
      parse,
    };
  } finally {
    await core.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
