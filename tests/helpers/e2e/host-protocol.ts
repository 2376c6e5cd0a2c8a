/** What `host-process.ts` and `host-entry.ts` agree on. */

/** The environment variable carrying {@link HostEntryOptions} as JSON. */
export const HOST_OPTIONS_ENV = 'KENNEL_TEST_HOST_OPTIONS';

/** The line the host prints once it listens, followed by its origin. */
export const READY_PREFIX = 'kennel-web-host listening ';

/** Options of the web host run as a separate process. */
export interface HostEntryOptions {
  port: number;
  token: string;
  rendererDir: string;
  dataDir: string;
  /** What the core reads its profile URLs (and keys) from, e.g. `KENNEL_LOCAL_URL`; nothing else. */
  env: Record<string, string>;
}
