/**
 * Shared pieces of the reference-service tests: services on random ports that
 * are closed after each test, and a request function that validates every
 * answer against `openapi.yaml`.
 */
import { afterEach, expect } from 'vitest';
import {
  startReferenceService,
  type ReferenceService,
  type ServiceOptions,
} from '../../../server/index';
import { checkResponse, type CheckedResponse } from '../../helpers/openapi-validator';

export const FREE_KEY = 'kennel-demo-free';
export const PRO_KEY = 'kennel-demo-pro';

/** Registers teardown and returns a starter for services closed after each test. */
export function useServices(): (options?: ServiceOptions) => Promise<ReferenceService> {
  const running: ReferenceService[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((service) => service.close()));
  });
  return async (options = {}) => {
    const service = await startReferenceService({ port: 0, ...options });
    running.push(service);
    return service;
  };
}

/** A clock the test moves by hand, for {@link ServiceOptions.now}. */
export interface ManualClock {
  /** The current time, epoch ms; pass as `now`. */
  now: () => number;
  /** Moves time on by `ms`. */
  advance(ms: number): void;
}

/**
 * A clock standing still at `start` (a whole second, so `Date` and `Reset` values are
 * exact) until the test advances it: windows, bans and retention end when the test
 * says, not after real waiting.
 */
export function manualClock(start = Date.UTC(2030, 0, 1, 12)): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
  };
}

/** The document's path template for a concrete path under `/v1`. */
function templateOf(path: string): string {
  const bare = path.split('?')[0] ?? path;
  return /^\/pets\/[^/]+$/.test(bare) ? '/pets/{petId}' : bare;
}

export interface CallOptions {
  /** API key; `null` sends no Authorization header. Default: the Free demo key. */
  key?: string | null;
  /** A JSON value (sent as application/json) or raw text (sent as given). */
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  /** Skip the `openapi.yaml` check (for paths the document does not have). */
  validate?: boolean;
}

/** One request; the answer is checked against `openapi.yaml` unless told otherwise. */
export async function call(
  service: ReferenceService,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CheckedResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? FREE_KEY : options.key;
  if (key !== null) headers['authorization'] = `Bearer ${key}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = body;
  const response = await fetch(`${service.url}${path}`, init);
  const checked = await checkResponse(method, templateOf(path), response);
  if (options.validate !== false) expect(checked.problems).toEqual([]);
  return checked;
}

/** Parsed JSON of an answer (for small values; int64 tests compare raw text instead). */
export function json<T = unknown>(response: CheckedResponse): T {
  return JSON.parse(response.text) as T;
}

/** Resolves once `condition` holds, checking after each turn of the event loop. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * A `POST /pets` as a plain `fetch`, for answers that may never come (dropped or
 * held): the promise is the client's view, the service's state the other side.
 */
export function postPet(
  service: ReferenceService,
  body: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  const init: RequestInit = {
    method: 'POST',
    headers: {
      authorization: `Bearer ${FREE_KEY}`,
      'content-type': 'application/json',
      ...options.headers,
    },
    body: JSON.stringify(body),
  };
  if (options.signal) init.signal = options.signal;
  return fetch(`${service.url}/pets`, init);
}
