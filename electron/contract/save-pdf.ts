/**
 * Kennel cards saved as a PDF (Electron only; in a browser the system's print
 * dialog offers it). The renderer lays the cards out for print, then asks the
 * main process to print its own page to a PDF where the user chooses. Only a
 * file name is sent: where it goes is the user's choice in the save dialog.
 */
export const SAVE_PDF_CHANNEL = 'kennel-cards:save-pdf';

/** What became of a "Save as PDF". */
export type SavePdfOutcome = 'saved' | 'cancelled' | 'failed';

/** Longest suggested file name accepted. */
export const PDF_NAME_MAX = 120;
