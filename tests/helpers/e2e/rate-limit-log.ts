import { DEMO_KEYS, keyIdFor } from '../../../server/plans';
import type { Plan, RequestRecord } from '../../../server/types';

/**
 * How the reference service names `key` in its request log (`<plan>:<hash>`),
 * so a test can tell one key's requests from another's without the log ever
 * holding a key. `plan` defaults to the demo key's own.
 */
export function logKeyId(key: string, plan: Plan | undefined = DEMO_KEYS[key]): string {
  if (plan === undefined) throw new Error('A key that is not a demo key needs its plan.');
  return keyIdFor(key, plan);
}

/** One request the service logged inside the Retry-After it had just sent the same key. */
export interface EarlyRequest {
  /** The 429 that told the key to wait. */
  told: RequestRecord;
  /** The request that came before the wait was over. */
  came: RequestRecord;
}

/**
 * Every request of `keyId` that arrived after one of its 429s and before that
 * 429's `Retry-After` had passed, by the service's own clock: what a client
 * that honours `Retry-After` never sends. Empty when the key always waited.
 */
export function requestsInsideRetryAfter(
  requests: readonly RequestRecord[],
  keyId: string,
  retryAfterMs: number,
): EarlyRequest[] {
  const own = requests.filter((r) => r.keyId === keyId);
  const early: EarlyRequest[] = [];
  for (const told of own) {
    if (told.status !== 429) continue;
    for (const came of own) {
      if (came !== told && came.at >= told.at && came.at < told.at + retryAfterMs) {
        early.push({ told, came });
      }
    }
  }
  return early;
}

/** What the service answered one request sent straight to it. */
export interface DirectAnswer {
  status: number;
  /** `Retry-After` in milliseconds when the answer carried it in seconds; null otherwise. */
  retryAfterMs: number | null;
  /** The `code` of an `Error` body, when there is one. */
  code: string | null;
}

/**
 * Asks the service for one animal (`GET /pets?limit=1`) with `key`, behind the
 * app's back: as another computer using the key would, or to read the
 * `Retry-After` the service sends while it answers 429.
 */
export async function askDirectly(baseUrl: string, key: string): Promise<DirectAnswer> {
  const response = await fetch(`${baseUrl}/pets?limit=1`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const text = await response.text();
  const seconds = response.headers.get('retry-after');
  let code: string | null = null;
  try {
    const body = JSON.parse(text) as { code?: unknown };
    if (typeof body.code === 'string') code = body.code;
  } catch {
    // A body that is not JSON has no code.
  }
  return {
    status: response.status,
    retryAfterMs: seconds !== null && /^\d+$/.test(seconds) ? Number(seconds) * 1000 : null,
    code,
  };
}
