import { toSVG } from 'bwip-js/browser';

/** A card's two codes as SVG markup: vector, so they print sharp at any size. */
export interface CardCodes {
  /** Code 128: what the desk's USB scanners read. */
  barcode: string;
  /** QR: what a phone or a 2D scanner reads, from any angle. */
  qr: string;
}

/**
 * Draws an animal's ID as a Code 128 barcode and a QR code with bwip-js
 * (loaded only when cards are printed). Both hold the ID's digits and nothing
 * else, so a scan types exactly what "Find by ID" takes. `id` is a service ID
 * as stored: decimal digits only.
 */
export function cardCodes(id: string): CardCodes {
  if (!/^[0-9]+$/.test(id)) throw new Error('an animal ID is digits only');
  return {
    barcode: toSVG({ bcid: 'code128', text: id, height: 12, includetext: false }),
    qr: toSVG({ bcid: 'qrcode', text: id }),
  };
}
