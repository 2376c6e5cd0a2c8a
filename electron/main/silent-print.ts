import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import {
  PRINT_CHANNELS,
  type PrinterChoice,
  type SilentPrintOutcome,
} from '../contract/silent-print';
import { isTrustedSender } from './sender-check';
import { senderFacts, type TrustedSenders } from './setup-ipc';
import { parsePrintRequest, printerChoices, silentPrintPlan } from './silent-print-plan';
import { UntrustedSenderError } from './untrusted-sender-error';

/**
 * Kennel cards printed straight to a remembered printer: lists this
 * computer's printers, and prints the calling window's print layout to one
 * of them without the dialog (`silent-print-plan.ts` decides). Only the app's
 * own window may ask, as for every bridge call.
 */
export function setupSilentPrint(trusted: () => TrustedSenders): void {
  const checked = (channel: string, event: IpcMainInvokeEvent): void => {
    if (!isTrustedSender(senderFacts(event), trusted())) throw new UntrustedSenderError(channel);
  };
  ipcMain.handle(
    PRINT_CHANNELS.printers,
    async (event: IpcMainInvokeEvent): Promise<PrinterChoice[]> => {
      checked(PRINT_CHANNELS.printers, event);
      try {
        return printerChoices(await event.sender.getPrintersAsync());
      } catch {
        // No print system to ask (no CUPS, say): none to choose, the dialog stays.
        return [];
      }
    },
  );
  ipcMain.handle(
    PRINT_CHANNELS.print,
    async (event: IpcMainInvokeEvent, value: unknown): Promise<SilentPrintOutcome> => {
      checked(PRINT_CHANNELS.print, event);
      const request = parsePrintRequest(value);
      if (request === null) return 'failed';
      let plan;
      try {
        plan = silentPrintPlan(request, await event.sender.getPrintersAsync());
      } catch {
        return 'failed';
      }
      if (plan.kind === 'printer-missing') return 'printer-missing';
      const { options } = plan;
      return new Promise((resolve) => {
        event.sender.print(options, (success) => resolve(success ? 'printed' : 'failed'));
      });
    },
  );
}
