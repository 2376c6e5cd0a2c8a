/** What `npm start` will do: open the Electron window, or serve browser mode and say why. */
export type LaunchPlan = { kind: 'electron'; binary: string } | { kind: 'browser'; reason: string };

/** The one line printed when there is no Electron binary. */
export const NO_ELECTRON_LINE =
  'Electron is not available on this machine (its binary could not be downloaded); serving Kennel in browser mode instead.';

/** The one line printed when there is no display to show a window on. */
export const NO_DISPLAY_LINE =
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
 * The environment Electron is started with: the caller's, the local profile's
 * service URL when there is one, and never `ELECTRON_RUN_AS_NODE` (which would turn the app into
 * a plain Node process).
 */
export function electronEnv(
  env: Record<string, string | undefined>,
  localUrl: string,
): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = { ...env };
  if (localUrl !== '') result['KENNEL_LOCAL_URL'] = localUrl;
  delete result['ELECTRON_RUN_AS_NODE'];
  return result;
}
