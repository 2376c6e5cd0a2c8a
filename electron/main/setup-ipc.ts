import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { BRIDGE_METHODS, ipcChannel } from '../contract/bridge';
import type { BridgeDispatcher } from '../core/bridge/bridge-dispatcher';
import { isTrustedSender, type SenderFacts } from './sender-check';
import { UntrustedSenderError } from './untrusted-sender-error';

/** Who may call the bridge right now: the app's own windows and the app URL. */
export interface TrustedSenders {
  webContentsIds: readonly number[];
  appUrl: string;
}

/**
 * Registers one `ipcMain.handle` per bridge method. Each call is checked to come
 * from the app's own window before the core sees it; the core validates the
 * method's arguments and answers a `BridgeResult`, never throwing.
 */
export function setupIpc(core: BridgeDispatcher, trusted: () => TrustedSenders): void {
  for (const method of BRIDGE_METHODS) {
    const channel = ipcChannel(method);
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isTrustedSender(senderFacts(event), trusted())) {
        throw new UntrustedSenderError(channel);
      }
      return core.dispatch(method, args);
    });
  }
}

/** Reduces an IPC event to the facts the sender check needs. */
export function senderFacts(event: IpcMainInvokeEvent): SenderFacts {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame === null ? null : frame.url,
    isMainFrame: frame !== null && frame.parent === null,
  };
}
