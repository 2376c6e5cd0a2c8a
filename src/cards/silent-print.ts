import type { SilentPrintApi, SilentPrintRequest } from '../../electron/contract/silent-print';
import type { CardSize } from '../data/card-size';
import { CARD_PAGES } from './card-size';

/** The preload's `kennelPrint`: the desktop app only (browser mode prints through the dialog). */
export function silentPrintApi(): SilentPrintApi | undefined {
  return (globalThis as { kennelPrint?: SilentPrintApi }).kennelPrint;
}

/** A print of cards of `size` to `deviceName`: the page is the card's own, in micrometres. */
export function silentPrintRequest(size: CardSize, deviceName: string): SilentPrintRequest {
  const page = CARD_PAGES[size];
  return {
    deviceName,
    widthMicrons: Math.round(page.widthMm * 1000),
    heightMicrons: Math.round(page.heightMm * 1000),
  };
}
