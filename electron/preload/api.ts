/**
 * The object the preload exposes as `window.kennel`: one named function per
 * bridge method and nothing else — no generic invoke, no `ipcRenderer`. Pure,
 * so it is unit-tested with any `invoke` and type-checked with the renderer.
 */
import { BRIDGE_METHODS, ipcChannel, type BridgeMethod, type KennelApi } from '../contract/bridge';

/** Sends one bridge call over a channel; in Electron this is `ipcRenderer.invoke`. */
export type BridgeInvoke = (
  channel: ReturnType<typeof ipcChannel>,
  ...args: unknown[]
) => Promise<unknown>;

/** Builds the frozen `window.kennel` object over `invoke`. */
export function createKennelApi(invoke: BridgeInvoke): KennelApi {
  const api: Partial<Record<BridgeMethod, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const method of BRIDGE_METHODS) {
    const channel = ipcChannel(method);
    api[method] = (...args: unknown[]) => invoke(channel, ...args);
  }
  // Every method is filled in above from the complete BRIDGE_METHODS list.
  return Object.freeze(api) as KennelApi;
}

/** The type of `window.kennel`, derived from the preload object rather than copied. */
type KennelWindowApi = ReturnType<typeof createKennelApi>;

declare global {
  interface Window {
    /** Present in Electron (set by the preload); absent in browser mode. */
    kennel?: KennelWindowApi;
  }
}
