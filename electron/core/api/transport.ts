import ky, { type KyInstance } from 'ky';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
import { KennelError } from '../errors/kennel-error';
import { ANSWER_TOO_LARGE_CODE } from '../../contract/errors';
import { MalformedResponseError } from '../errors/malformed-response-error';
import { NetworkError } from '../errors/network-error';
import { TimeoutError } from '../errors/timeout-error';
import type { Timing } from '../governor/timing';
import type { HttpAnswer } from '../http/answer';
import { ANSWER_LIMITS } from './answer-limits';
import { readBodyWithin } from './read-body';

/** How a profile's transport is built. */
export interface TransportOptions {
  /** Normalised base URL, ending in `/v1`. */
  baseUrl: string;
  userAgent: string;
  timing: Timing;
  /** Replaces the global `fetch` (tests, proxies). */
  fetch?: typeof fetch;
}

/** One attempt of one request. */
export interface AttemptRequest {
  method: 'GET' | 'POST';
  /** Relative to the base URL, without a leading slash: `pets`, `pets/42`. */
  path: string;
  searchParams?: Record<string, string> | URLSearchParams;
  /** Already serialised JSON. */
  body?: string;
  key: string;
  idempotencyKey?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * The most bytes of a success's body that are read (see `answer-limits.ts`);
   * by default as much as one record takes. An error's body has its own limit.
   */
  maxBytes?: number;
}

/** Sends single attempts to one profile's origin, and nowhere else. */
export interface Transport {
  readonly origin: string;
  send(request: AttemptRequest): Promise<HttpAnswer>;
}

// Errors that happen before a byte reaches the service: the request cannot have taken effect.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function causeCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps what fetch threw to a typed error whose message names the host, never the key. */
function classifyFailure(
  err: unknown,
  origin: string,
  timedOut: boolean,
  cancelled: boolean,
): KennelError {
  if (err instanceof KennelError) return err;
  if (cancelled) {
    return new NetworkError(`The request to ${origin} was cancelled.`, {
      cause: err,
      outcomeUnknown: true,
    });
  }
  if (timedOut) {
    return new TimeoutError(`No answer from ${origin} in time.`, {
      cause: err,
      outcomeUnknown: true,
    });
  }
  const code = causeCode(err);
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  const how = notSent ? 'could not connect' : 'the connection failed before an answer came';
  return new NetworkError(`${origin}: ${how}${code === undefined ? '' : ` (${code})`}.`, {
    cause: err,
    outcomeUnknown: !notSent,
  });
}

/**
 * Builds the one ky instance of a profile. ky's own retries are off (the
 * governor owns retries), HTTP errors are answers (the governor classifies
 * them), redirects are not followed, and every request is checked to go to the
 * profile's own origin and base path before it leaves.
 */
export function createTransport(options: TransportOptions): Transport {
  const base = new URL(options.baseUrl);
  const origin = base.origin;
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;

  const client: KyInstance = ky.create({
    prefixUrl: `${origin}${basePath}`,
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    redirect: 'manual',
    headers: { Accept: 'application/json', 'User-Agent': options.userAgent },
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    hooks: {
      beforeRequest: [
        (request) => {
          const url = new URL(request.url);
          if (url.origin !== origin || !url.pathname.startsWith(basePath)) {
            throw new InvalidArgumentError(
              `Refused to send a request outside ${origin}${basePath}.`,
              { field: 'url' },
            );
          }
        },
      ],
    },
  });

  return {
    origin,
    async send(request) {
      const timeout = AbortSignal.timeout(Math.max(1, Math.floor(request.timeoutMs)));
      const signal =
        request.signal === undefined ? timeout : AbortSignal.any([timeout, request.signal]);
      const headers: Record<string, string> = { Authorization: `Bearer ${request.key}` };
      if (request.body !== undefined) headers['Content-Type'] = 'application/json';
      if (request.idempotencyKey !== undefined) headers['Idempotency-Key'] = request.idempotencyKey;

      const sentAt = options.timing.now();
      try {
        const response = await client(request.path, {
          method: request.method,
          headers,
          signal,
          ...(request.searchParams === undefined ? {} : { searchParams: request.searchParams }),
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        const success = response.status >= 200 && response.status <= 299;
        const maxBytes = success ? (request.maxBytes ?? ANSWER_LIMITS.record) : ANSWER_LIMITS.error;
        // fetch ties `signal` to the body as well as to the headers: a body
        // that starts and never ends fails the read when the attempt's time
        // is up, as a timeout whose outcome is unknown.
        const body = await readBodyWithin(response, maxBytes);
        if (body === null && success) {
          throw new MalformedResponseError(
            `${origin} sent an answer larger than ${maxBytes} bytes; Kennel stopped reading it.`,
            { status: response.status, code: ANSWER_TOO_LARGE_CODE },
          );
        }
        return {
          status: response.status,
          headers: response.headers,
          // An error's status and headers say what happened (a pause, a retry);
          // only its words are lost when they are too long to read.
          body: body ?? '',
          sentAt,
          receivedAt: options.timing.now(),
          url: response.url,
        };
      } catch (err) {
        throw classifyFailure(err, origin, timeout.aborted, request.signal?.aborted === true);
      }
    },
  };
}
