import {
  BRIDGE_METHODS,
  type BridgeMethod,
  type BridgeResult,
  type KennelApi,
} from '../../../electron/contract/bridge';

/** The dispatcher half of the Kennel core. */
export interface Dispatcher {
  dispatch(method: string, rawArgs: unknown): Promise<BridgeResult<unknown>>;
}

/**
 * The renderer's view of the bridge ({@link KennelApi}) wired straight to the
 * core's dispatcher: the same calls the web host would make for each
 * `POST /bridge/<method>`, without the loopback HTTP hop in between.
 */
export function apiOverCore(core: Dispatcher): KennelApi {
  const api: Partial<Record<BridgeMethod, (...args: unknown[]) => Promise<BridgeResult<unknown>>>> =
    {};
  for (const method of BRIDGE_METHODS) {
    api[method] = (...args: unknown[]) => core.dispatch(method, args);
  }
  // The dispatcher validates every argument list and result shape itself;
  // the table above is complete because it is built from BRIDGE_METHODS.
  return api as KennelApi;
}
