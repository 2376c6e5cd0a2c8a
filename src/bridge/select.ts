import type { KennelApi } from '../../electron/contract';
import { createHttpApi } from './http-transport';
import { createIpcApi, isKennelApi } from './ipc-transport';
import { takeBridgeToken, type TokenEnvironment } from './token';

/** What transport selection looks at. */
export interface TransportEnvironment extends TokenEnvironment {
  /** `window.kennel`, set by the Electron preload; absent in browser mode. */
  preload: unknown;
  fetch: typeof globalThis.fetch;
}

/** The chosen transport and its name, for the about box and for tests. */
export interface SelectedTransport {
  mode: 'ipc' | 'http';
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
