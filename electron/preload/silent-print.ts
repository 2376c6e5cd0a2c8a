/**
 * The object the preload exposes as `window.kennelPrint`: the printers to
 * choose from, and a print straight to one. Only plain values cross: the
 * request is rebuilt from its three fields whatever the page passed. Pure
 * over `ipcRenderer.invoke`, so it is unit-tested in Node.
 */
import {
  PRINT_CHANNELS,
  type PrinterChoice,
  type SilentPrintApi,
  type SilentPrintOutcome,
  type SilentPrintRequest,
} from '../contract/silent-print';

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/** Builds `window.kennelPrint` over `invoke`. */
export function createSilentPrintApi(invoke: Invoke): SilentPrintApi {
  return Object.freeze({
    printers: () => invoke(PRINT_CHANNELS.printers) as Promise<PrinterChoice[]>,
    print: (request: SilentPrintRequest) =>
      invoke(PRINT_CHANNELS.print, {
        deviceName: String(request.deviceName),
        widthMicrons: Number(request.widthMicrons),
        heightMicrons: Number(request.heightMicrons),
      }) as Promise<SilentPrintOutcome>,
  });
}
