import { writeFile } from 'node:fs/promises';
import { BrowserWindow, dialog, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { PDF_NAME_MAX, SAVE_PDF_CHANNEL, type SavePdfOutcome } from '../contract/save-pdf';
import { isTrustedSender } from './sender-check';
import { senderFacts, type TrustedSenders } from './setup-ipc';
import { UntrustedSenderError } from './untrusted-sender-error';

/**
 * The file name a renderer suggested, if it is one: plain text ending in
 * `.pdf`, with no folder in it (the user picks the folder in the dialog).
 */
function parsePdfName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.length > PDF_NAME_MAX || !/\.pdf$/i.test(value)) return null;
  if (/[/\\:]/.test(value) || value.startsWith('.')) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  return value;
}

/**
 * "Save as PDF" for kennel cards: asks where, then prints the calling page
 * with its print layout (the page's `@page` sizes, so a 4×6 in label stays
 * one). Only the app's own window may ask, as for every bridge call.
 */
export function setupSavePdf(trusted: () => TrustedSenders): void {
  ipcMain.handle(
    SAVE_PDF_CHANNEL,
    async (event: IpcMainInvokeEvent, value: unknown): Promise<SavePdfOutcome> => {
      if (!isTrustedSender(senderFacts(event), trusted())) {
        throw new UntrustedSenderError(SAVE_PDF_CHANNEL);
      }
      const name = parsePdfName(value);
      if (name === null) return 'failed';
      const owner = BrowserWindow.fromWebContents(event.sender);
      const options = { defaultPath: name, filters: [{ name: 'PDF', extensions: ['pdf'] }] };
      const chosen =
        owner === null
          ? await dialog.showSaveDialog(options)
          : await dialog.showSaveDialog(owner, options);
      if (chosen.canceled || chosen.filePath === undefined || chosen.filePath === '') {
        return 'cancelled';
      }
      try {
        const pdf = await event.sender.printToPDF({
          preferCSSPageSize: true,
          printBackground: true,
        });
        // A file the user asked for, where they asked: readable as any document they save.
        await writeFile(chosen.filePath, pdf);
        return 'saved';
      } catch {
        return 'failed';
      }
    },
  );
}
