import type { BridgeResult } from '../../contract/bridge';

/**
 * The part of the Kennel core a transport needs: a dispatcher that validates
 * the method name and arguments itself and never throws, and a way to close.
 * Both the IPC transport and the browser-mode web host depend only on this.
 */
export interface BridgeDispatcher {
  dispatch(method: string, rawArgs: unknown): Promise<BridgeResult<unknown>>;
  close(): Promise<void> | void;
}
