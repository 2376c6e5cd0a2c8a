import { toSVG } from 'bwip-js/browser';

/** A card's two codes as SVG markup: vector, so they print sharp at any size. */
export interface CardCodes {
  /** Code 128: what the desk's USB scanners read. */
  barcode: string;
  /**
   * How many modules (narrowest bar widths) the barcode is wide, quiet zones
   * aside: a cage label sizes the barcode by it, so each module prints at a
   * width scanners read whatever the length of the ID.
   */
  modules: number;
  /** QR: what a phone or a 2D scanner reads, from any angle. */
  qr: string;
}

/** bwip-js draws each module this many SVG units wide. */
const BARCODE_SCALE = 2;

/**
 * Draws an animal's ID as a Code 128 barcode and a QR code with bwip-js
 * (loaded only when cards are printed). Both hold the ID's digits and nothing
 * else, so a scan types exactly what "Find by ID" takes. `id` is a service ID
 * as stored: decimal digits only.
 */
export function cardCodes(id: string): CardCodes {
  if (!/^[0-9]+$/.test(id)) throw new Error('an animal ID is digits only');
  const barcode = toSVG({
    bcid: 'code128',
    text: id,
    height: 12,
    scale: BARCODE_SCALE,
    includetext: false,
  });
  return { barcode, modules: barcodeModules(barcode), qr: toSVG({ bcid: 'qrcode', text: id }) };
}

/** The barcode's width in modules, from the width of the SVG's view box. */
function barcodeModules(svg: string): number {
  const width = /viewBox="0 0 ([0-9.]+) /.exec(svg)?.[1];
  if (width === undefined) throw new Error('bwip-js drew a barcode without a view box');
  return Math.round(Number(width) / BARCODE_SCALE);
}
