import { LOCAL_URL_SET_BY, SET_BY_LAUNCHER } from '../electron/core/profiles/profiles';

/** What `npm start` will do: open the Electron window, or serve browser mode and say why. */
export type LaunchPlan = { kind: 'electron'; binary: string } | { kind: 'browser'; reason: string };

/** The one line printed when there is no Electron binary. */
const NO_ELECTRON_LINE =
  'Electron is not available on this machine (its binary could not be downloaded); serving Kennel in browser mode instead.';

/** The one line printed when there is no display to show a window on. */
const NO_DISPLAY_LINE =
  'No display is available for the Kennel window; serving Kennel in browser mode instead.';

/** The one line printed when Electron started but ended with an error. */
export function electronFailedLine(code: number | null, signal: string | null): string {
  const how = signal !== null ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
  return `Electron could not start (${how}); serving Kennel in browser mode instead.`;
}

/** Decides how to launch, from the binary found and the environment. Pure. */
export function planLaunch(facts: {
  binary: string | null;
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
}): LaunchPlan {
  if (facts.binary === null) return { kind: 'browser', reason: NO_ELECTRON_LINE };
  const hasDisplay = Boolean(facts.env['DISPLAY']) || Boolean(facts.env['WAYLAND_DISPLAY']);
  if (facts.platform === 'linux' && !hasDisplay)
    return { kind: 'browser', reason: NO_DISPLAY_LINE };
  return { kind: 'electron', binary: facts.binary };
}

/**
 * `env` with the local profile pointed at `localUrl` (when there is one), marked
 * as the reference service the launcher started when `bundledService` is true;
 * a mark inherited from elsewhere is dropped, so only a launcher can set it.
 */
export function localServiceEnv(
  env: Record<string, string | undefined>,
  localUrl: string,
  bundledService: boolean,
): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = { ...env };
  delete result[LOCAL_URL_SET_BY];
  if (localUrl === '') return result;
  result['KENNEL_LOCAL_URL'] = localUrl;
  if (bundledService) result[LOCAL_URL_SET_BY] = SET_BY_LAUNCHER;
  return result;
}

/**
 * The environment Electron is started with: the caller's, the local profile's
 * service URL when there is one, and never `ELECTRON_RUN_AS_NODE` (which would turn the app into
 * a plain Node process) nor `ELECTRON_RENDERER_URL` (a dev-server address meant for `npm run dev`,
 * never for the built app). `bundledService` marks the URL as that of the reference service the
 * launcher started, so Settings says so instead of naming an environment variable.
 */
export function electronEnv(
  env: Record<string, string | undefined>,
  localUrl: string,
  bundledService = false,
): Record<string, string | undefined> {
  const result = localServiceEnv(env, localUrl, bundledService);
  delete result['ELECTRON_RUN_AS_NODE'];
  delete result['ELECTRON_RENDERER_URL'];
  return result;
}
