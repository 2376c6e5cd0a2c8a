/**
 * Printing kennel cards straight to a printer this computer remembers,
 * without the print dialog: the desktop app only (Electron's
 * `webContents.print({ silent: true, deviceName })`). The window asks for the
 * printers to choose from and for a print of its own print layout; the main
 * process checks the printer is still there and prints. Browser mode has
 * none of it and always prints through the dialog.
 */

/** IPC channels of the silent print. */
export const PRINT_CHANNELS = {
  /** Window → main: the printers this computer has. */
  printers: 'kennel-print:printers',
  /** Window → main: print the window's print layout to one of them (`SilentPrintRequest`). */
  print: 'kennel-print:silent',
} as const;

/** A printer as Settings lists it. */
export interface PrinterChoice {
  /** The name the system knows it by: what a print is sent to. */
  name: string;
  /** The name people know it by. */
  displayName: string;
}

/** The longest printer name taken across the bridge. */
export const PRINTER_NAME_MAX = 256;

/** A print of the window's layout, on paper of the card's size. */
export interface SilentPrintRequest {
  /** The system's name of the printer. */
  deviceName: string;
  /** The page, in micrometres, as Electron takes it; the label's own size. */
  widthMicrons: number;
  heightMicrons: number;
}

/**
 * What became of a silent print: sent to the printer, the printer is not on
 * this computer any more (the window then prints through the dialog), or the
 * system refused the job.
 */
export type SilentPrintOutcome = 'printed' | 'printer-missing' | 'failed';

/** What the window finds as `window.kennelPrint` in the desktop app. */
export interface SilentPrintApi {
  printers(): Promise<PrinterChoice[]>;
  print(request: SilentPrintRequest): Promise<SilentPrintOutcome>;
}
