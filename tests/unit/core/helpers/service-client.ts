import {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
} from '../../../../electron/core/api/client';
import {
  createGovernorRegistry,
  type GovernorRegistry,
} from '../../../../electron/core/governor/registry';
import type { GovernorOptions } from '../../../../electron/core/governor/governor';
import type { VirtualTiming } from './virtual-timing';

/** A client for `baseUrl` with short timings suited to tests, and its governor registry. */
export function testClient(
  baseUrl: string,
  key: string,
  options: Partial<ApiClientOptions> & { governor?: GovernorOptions } = {},
): { client: ApiClient; governors: GovernorRegistry } {
  const governors = options.governors ?? createGovernorRegistry();
  const client = createApiClient({
    baseUrl,
    getKey: async () => key,
    governors,
    userAgent: 'Kennel/0.0.0-test (test)',
    attemptTimeoutMs: 2_000,
    deadlineMs: 8_000,
    governorOptions: {
      jitterMs: 50,
      retryBackoff: { baseMs: 50, capMs: 400 },
      rateLimitBackoff: { baseMs: 200, capMs: 1000 },
      ...options.governor,
    },
    ...options,
  });
  return { client, governors };
}

/**
 * Options that put a {@link testClient} on the virtual clock `t` (its governor
 * too), its requests going through `wire` (see `countedFetch`), so that
 * `t.drive(promise, { busy: wire.busy })` can run it. Give the service the
 * same clock (`now: t.now`).
 */
export function onVirtualClock(
  t: VirtualTiming,
  wire: { fetch: typeof fetch },
): Pick<ApiClientOptions, 'timing' | 'fetch'> & { governor: GovernorOptions } {
  return { timing: t, governor: { timing: t }, fetch: wire.fetch };
}
