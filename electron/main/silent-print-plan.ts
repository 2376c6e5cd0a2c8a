import type { PrinterInfo, WebContentsPrintOptions } from 'electron';
import {
  PRINTER_NAME_MAX,
  type PrinterChoice,
  type SilentPrintRequest,
} from '../contract/silent-print';

/**
 * The decisions of a silent print, apart from Electron so they are tested in
 * Node: what a window may ask for, and what is sent to which printer.
 */

/** The smallest and largest page taken, in micrometres: 1 cm to 1 m a side. */
const PAGE_MICRONS = { min: 10_000, max: 1_000_000 } as const;

const isFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPageSide = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= PAGE_MICRONS.min &&
  value <= PAGE_MICRONS.max;

/**
 * The print a window asked for, if it is one: a printer name of plain text
 * and a page of whole micrometres within reason. Anything else is refused,
 * not mended, since only Kennel's own code sends here.
 */
export function parsePrintRequest(value: unknown): SilentPrintRequest | null {
  if (!isFields(value)) return null;
  if (Object.keys(value).sort().join() !== 'deviceName,heightMicrons,widthMicrons') return null;
  const { deviceName, widthMicrons, heightMicrons } = value;
  if (typeof deviceName !== 'string' || deviceName.trim() === '') return null;
  if (deviceName.length > PRINTER_NAME_MAX) return null;
  if ([...deviceName].some((char) => char.charCodeAt(0) < 0x20)) return null;
  if (!isPageSide(widthMicrons) || !isPageSide(heightMicrons)) return null;
  return { deviceName, widthMicrons, heightMicrons };
}

/** The printers as the window lists them: names only, sorted as people read them. */
export function printerChoices(printers: readonly PrinterInfo[]): PrinterChoice[] {
  return printers
    .filter((printer) => printer.name !== '' && printer.name.length <= PRINTER_NAME_MAX)
    .map((printer) => ({
      name: printer.name,
      displayName: printer.displayName === '' ? printer.name : printer.displayName,
    }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/** What to do with a silent print: send it, or say the printer is gone. */
export type SilentPrintPlan =
  { kind: 'print'; options: WebContentsPrintOptions } | { kind: 'printer-missing' };

/**
 * The print for `request` on this computer's `printers`. Sent only to a
 * printer the system still has: a label printer unplugged or renamed must
 * not take the job to the system's default printer, which is what Chromium
 * does with a name it does not know. The page is the label's own size with no
 * margins, the layout's `@page`, so the driver feeds one label per card.
 */
export function silentPrintPlan(
  request: SilentPrintRequest,
  printers: readonly PrinterInfo[],
): SilentPrintPlan {
  if (!printers.some((printer) => printer.name === request.deviceName)) {
    return { kind: 'printer-missing' };
  }
  return {
    kind: 'print',
    options: {
      silent: true,
      deviceName: request.deviceName,
      printBackground: true,
      color: false,
      copies: 1,
      margins: { marginType: 'none' },
      pageSize: { width: request.widthMicrons, height: request.heightMicrons },
      // A landscape label is fed as its own page size, never rotated onto another.
      landscape: false,
    },
  };
}
