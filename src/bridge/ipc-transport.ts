import {
  BRIDGE_METHODS,
  type BridgeArgs,
  type BridgeMethod,
  type BridgeResult,
  type BridgeReturn,
  type KennelApi,
} from '../../electron/contract/bridge';
import { buildApi } from './http-transport';
import { isBridgeResult, transportFailure } from './result-shape';

/** True when `value` looks like the preload's API: a function for every bridge method. */
export function isKennelApi(value: unknown): value is KennelApi {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<BridgeMethod, unknown>>;
  return BRIDGE_METHODS.every((method) => typeof candidate[method] === 'function');
}

/**
 * The Electron transport: the preload's named functions. They already answer
 * {@link BridgeResult}s; this wrapper only turns a rejected IPC call (main
 * process crashed, handler missing) into one, so no caller ever sees a throw.
 */
export function createIpcApi(preload: KennelApi): KennelApi {
  const call = async <M extends BridgeMethod>(
    method: M,
    args: BridgeArgs<M>,
  ): Promise<BridgeResult<BridgeReturn<M>>> => {
    try {
      const fn = preload[method] as (...a: BridgeArgs<M>) => Promise<BridgeResult<BridgeReturn<M>>>;
      const result: unknown = await fn(...args);
      if (isBridgeResult(result)) return result as BridgeResult<BridgeReturn<M>>;
      return transportFailure(
        'internal',
        `Kennel’s main process gave an unexpected answer to ${method}.`,
      );
    } catch {
      return transportFailure('internal', `Kennel’s main process did not answer ${method}.`);
    }
  };
  return buildApi(call);
}
