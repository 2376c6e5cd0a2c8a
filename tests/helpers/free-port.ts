import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Ports handed to each test worker, so two workers never hand out the same one. */
const PORTS_PER_WORKER = 400;
/** Linux's default first port for `listen(0)`, when the kernel's setting cannot be read. */
const DEFAULT_EPHEMERAL_FIRST = 32_768;
/**
 * Above the last port that fetch (Node's, which the API client uses) and
 * Chromium refuse to connect to as unsafe (10080): a service on one of those
 * would look unreachable.
 */
const LOWEST = 11_000;

/**
 * The first port the kernel hands out to `listen(0)`. Ports below it are never
 * given to anyone who asks for "any port", so one of them stays free while a
 * test has released it: a stopped service's port is not taken by another
 * worker's web host and answered from there.
 */
function ephemeralFirst(): number {
  try {
    const first = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return Number.isInteger(first) && first >= LOWEST + PORTS_PER_WORKER
      ? first
      : DEFAULT_EPHEMERAL_FIRST;
  } catch {
    return DEFAULT_EPHEMERAL_FIRST;
  }
}

/** This worker's slot: Playwright's and Vitest's worker numbers, else 0. */
function workerSlot(): number {
  const raw = process.env.TEST_PARALLEL_INDEX ?? process.env.VITEST_POOL_ID ?? '0';
  const slot = Number(raw);
  return Number.isInteger(slot) && slot >= 0 ? slot : 0;
}

/** The first port of this worker's block: worked out once, by the first call. */
function blockStart(): number {
  const blocks = Math.floor((ephemeralFirst() - LOWEST) / PORTS_PER_WORKER);
  return LOWEST + (workerSlot() % blocks) * PORTS_PER_WORKER;
}

let base: number | undefined;
let handedOut = 0;

function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A loopback port free a moment ago, from this worker's own block below the
 * range the kernel hands out, and not handed out before by this worker while
 * its block lasts: nothing else takes it while it is released, so a service
 * stopped on it refuses connections until it starts there again.
 */
export async function freePort(): Promise<number> {
  base ??= blockStart();
  for (let tries = 0; tries < PORTS_PER_WORKER; tries += 1) {
    const port = base + (handedOut % PORTS_PER_WORKER);
    handedOut += 1;
    // Another program on this computer may hold it: go on to the next one.
    if (await canListen(port)) return port;
  }
  throw new Error(`No free loopback port between ${base} and ${base + PORTS_PER_WORKER - 1}.`);
}
