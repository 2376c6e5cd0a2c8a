import {
  BRIDGE_METHODS,
  BRIDGE_TOKEN_HEADER,
  bridgePath,
  type BridgeArgs,
  type BridgeMethod,
  type BridgeResult,
  type BridgeReturn,
  type KennelApi,
} from '../../electron/contract/bridge';
import type { BridgeError } from '../../electron/contract/errors';
import { isBridgeResult, transportFailure } from './result-shape';
import { publishRate } from './rate-feed';

/** What the HTTP transport needs from its surroundings. */
export interface HttpTransportOptions {
  /** The fetch to use; the page's own in the app. */
  fetch: typeof globalThis.fetch;
  /** The per-launch token, read on each call so a late token is still picked up. */
  token: () => string | null;
  /** Origin of the web host; empty means same origin (the app). */
  origin?: string;
  /** How long a call may take before it is given up (default {@link BRIDGE_CALL_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/**
 * Longest wait for the web host's answer. The host gives every service call
 * a 30 s deadline, so a call still unanswered well after that is one the
 * host lost (a restart mid-call, a stuck socket): waiting on it for ever
 * stalled the sync engine, with the queue never sent. A call given up this
 * way is a timeout: for a create, the animal may exist, and the queue looks
 * it up before sending it again.
 */
const BRIDGE_CALL_TIMEOUT_MS = 45_000;

/**
 * The browser-mode transport: `POST /bridge/<method>` with `{ args }` to the web
 * host that served the page. Whatever goes wrong on the way (host gone, a proxy
 * page, a non-JSON answer) comes back as a failed {@link BridgeResult}, never as
 * an exception, so callers handle one shape only.
 */
export function createHttpApi(options: HttpTransportOptions): KennelApi {
  const call = async <M extends BridgeMethod>(
    method: M,
    args: BridgeArgs<M>,
  ): Promise<BridgeResult<BridgeReturn<M>>> => {
    const token = options.token();
    const deadline = AbortSignal.timeout(options.timeoutMs ?? BRIDGE_CALL_TIMEOUT_MS);
    let response: Response;
    try {
      response = await options.fetch(`${options.origin ?? ''}${bridgePath(method)}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === null ? {} : { [BRIDGE_TOKEN_HEADER]: token }),
        },
        body: JSON.stringify({ args }),
        cache: 'no-store',
        credentials: 'same-origin',
        signal: deadline,
      });
    } catch {
      if (deadline.aborted) return lateAnswer();
      return transportFailure(
        'network',
        'Kennel’s local service is not reachable. Check that Kennel is still running, then reload.',
      );
    }

    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch {
      if (deadline.aborted) return lateAnswer();
      return transportFailure(
        'internal',
        `Kennel’s local service gave an answer that is not JSON (HTTP ${response.status}).`,
      );
    }
    if (isBridgeResult(body)) return body as BridgeResult<BridgeReturn<M>>;
    if (response.status === 401 || response.status === 403) {
      return transportFailure(
        'internal',
        'Kennel’s local service refused this page. Open Kennel again from the address it printed.',
      );
    }
    return transportFailure(
      'internal',
      `Kennel’s local service gave an unexpected answer (HTTP ${response.status}).`,
    );
  };

  return buildApi(call);
}

function lateAnswer(): { ok: false; error: BridgeError } {
  return transportFailure(
    'timeout',
    'Kennel’s local service did not answer in time. Kennel will try again.',
  );
}

/**
 * Builds a {@link KennelApi} whose every method goes through `call`. The
 * governor's view an answer carries is handed on (`rate-feed.ts`) before the
 * caller sees the answer.
 */
export function buildApi(
  call: <M extends BridgeMethod>(
    method: M,
    args: BridgeArgs<M>,
  ) => Promise<BridgeResult<BridgeReturn<M>>>,
): KennelApi {
  const api: Partial<Record<BridgeMethod, unknown>> = {};
  for (const method of BRIDGE_METHODS) {
    api[method] = async (...args: BridgeArgs<typeof method>) => {
      const result = await call(method, args);
      if (result.rate !== undefined) publishRate(result.rate);
      return result;
    };
  }
  return api as KennelApi;
}
