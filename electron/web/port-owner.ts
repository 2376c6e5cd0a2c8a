import { request } from 'node:http';
import {
  CHALLENGE_HEADER,
  createInstanceRandom,
  INSTANCE_PATH,
  proofMatches,
  readInstanceSecret,
} from './instance-proof';

/**
 * Who holds a taken page port: `'this-kennel'` when the program there proved
 * it is the Kennel of this data folder, `'other'` for anything else (another
 * program, a Kennel on another data folder, silence, a wrong answer).
 */
export type PortHolder = 'this-kennel' | 'other';

/** How long the program on the port has to answer; silence is `'other'`. */
const PROBE_TIMEOUT_MS = 3_000;
/** The proof is a few dozen bytes; a longer answer is not Kennel's. */
const MAX_ANSWER_BYTES = 1024;

/**
 * Asks the program on `127.0.0.1:<port>` to prove it is this data folder's
 * Kennel. Without a secret in the data folder nothing could prove it, so the
 * port is not even probed.
 */
export async function whoHoldsPort(
  port: number,
  dataDir: string,
  timeoutMs: number = PROBE_TIMEOUT_MS,
): Promise<PortHolder> {
  if ((await readInstanceSecret(dataDir, port)) === null) return 'other';
  const challenge = createInstanceRandom();
  const answer = await askForProof(port, challenge, timeoutMs);
  // Read after the answer: a Kennel that has just bound the port writes its secret right after.
  const secret = await readInstanceSecret(dataDir, port);
  if (answer === null || secret === null) return 'other';
  return proofMatches(secret, challenge, proofIn(answer)) ? 'this-kennel' : 'other';
}

/** The body of a 200 answer to the challenge, or null for anything else. */
function askForProof(port: number, challenge: string, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'GET',
        path: INSTANCE_PATH,
        headers: { host: `127.0.0.1:${port}`, [CHALLENGE_HEADER]: challenge },
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          finish(null);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) finish(null);
          else chunks.push(chunk);
        });
        res.on('end', () => finish(Buffer.concat(chunks).toString('utf8')));
        res.on('error', () => finish(null));
      },
    );
    // The socket timeout only covers idle gaps: this bounds the whole exchange.
    const timer = setTimeout(() => finish(null), timeoutMs);
    let done = false;
    function finish(body: string | null): void {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(body);
    }
    req.on('timeout', () => finish(null));
    req.on('error', () => finish(null));
    req.end();
  });
}

function proofIn(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as { proof?: unknown }).proof
      : undefined;
  } catch {
    return undefined;
  }
}
