import type { KennelApi } from '../../electron/contract/bridge';
import { buildApi, createHttpApi } from './http-transport';
import { createIpcApi, isKennelApi } from './ipc-transport';
import { transportFailure } from './result-shape';
import { takeBridgeToken, type TokenEnvironment } from './token';

/** What transport selection looks at. */
export interface TransportEnvironment extends TokenEnvironment {
  /** `window.kennel`, set by the Electron preload; absent in browser mode. */
  preload: unknown;
  fetch: typeof globalThis.fetch;
}

/** The chosen transport and its name, for the about box and for tests. */
export interface SelectedTransport {
  /** `none` outside a page (e.g. a worker or a test run in Node): every call fails cleanly. */
  mode: 'ipc' | 'http' | 'none';
  api: KennelApi;
}

/**
 * Picks the transport: the preload's API inside Electron, else HTTP to the web
 * host that served this page. In browser mode the token is taken from the URL
 * fragment once, here, when the app loads.
 */
export function selectTransport(env: TransportEnvironment): SelectedTransport {
  if (isKennelApi(env.preload)) return { mode: 'ipc', api: createIpcApi(env.preload) };
  const token = takeBridgeToken(env);
  return { mode: 'http', api: createHttpApi({ fetch: env.fetch, token: () => token }) };
}

/** The transport where there is no page to talk from: every call answers an internal error. */
export function noTransport(): SelectedTransport {
  return {
    mode: 'none',
    api: buildApi(async () =>
      transportFailure('internal', 'Kennel’s bridge is not available in this environment.'),
    ),
  };
}
