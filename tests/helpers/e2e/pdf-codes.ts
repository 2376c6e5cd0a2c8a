import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BrowserContext } from '@playwright/test';

/**
 * Reads a printed PDF back as a person with a scanner would: each page is
 * rendered by pdf.js to pixels, and ZXing looks for a Code 128 barcode and a
 * QR code in them. Both run in a page of the test's own browser, fed from
 * `node_modules` through routes, so nothing is fetched from a network.
 *
 * "No code on this page" is only ever the reader's answer after it looked:
 * before each PDF it must read back a barcode and a QR code that bwip-js
 * draws, and any failure other than ZXing's "not found" throws, so a broken
 * reader fails the test instead of passing a check for a page without codes.
 */

/** What one page of the PDF holds. */
export interface PdfPage {
  /** The page's size in points (72 to the inch). */
  widthPt: number;
  heightPt: number;
  /** Its text, as pdf.js extracts it. */
  text: string;
  /** The digits of the Code 128 barcode found on it, or null when the reader found none. */
  code128: string | null;
  /** The text of the QR code found on it, or null when the reader found none. */
  qr: string | null;
  /** The digits of every Code 128 barcode on it, top to bottom (a sheet of several). */
  code128s: string[];
}

const require = createRequire(import.meta.url);
const ORIGIN = 'http://pdf-reader.invalid';

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

const FILES: Record<string, string> = {
  '/pdf.mjs': join(packageDir('pdfjs-dist'), 'build', 'pdf.min.mjs'),
  '/pdf.worker.mjs': join(packageDir('pdfjs-dist'), 'build', 'pdf.worker.min.mjs'),
  '/zxing.js': join(packageDir('@zxing/library'), 'umd', 'index.min.js'),
  // bwip-js exports no package.json; its browser script sits beside its Node entry.
  '/bwip-js.js': join(dirname(require.resolve('bwip-js')), 'bwip-js-min.js'),
};

const READER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PDF reader</title>
<script src="/zxing.js"></script>
<script src="/bwip-js.js"></script>
<script type="module">
import * as pdfjs from '/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
// ZXing says "no barcode of this format here" with a NotFoundException: that
// alone is an answer of "none". Anything else (a code it found but could not
// read, a reader that failed) fails the read, so a page "without a code" is
// one the decoder looked at and found nothing on, never one it broke on.
function read(canvas, format) {
  const hints = new Map([
    [ZXing.DecodeHintType.POSSIBLE_FORMATS, [format]],
    [ZXing.DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new ZXing.MultiFormatReader();
  reader.setHints(hints);
  const source = new ZXing.HTMLCanvasElementLuminanceSource(canvas);
  try {
    return reader.decodeWithState(new ZXing.BinaryBitmap(new ZXing.HybridBinarizer(source)));
  } catch (err) {
    if (err instanceof ZXing.NotFoundException) return null;
    throw new Error('The barcode reader failed (' + ZXing.BarcodeFormat[format] + '): ' + err, { cause: err });
  }
}
function decode(canvas, format) {
  return read(canvas, format)?.getText() ?? null;
}
// Every barcode of a format on the page: each one found is painted over
// (its width, and as far up and down as its bars go) and the page read again.
function decodeAll(canvas, format) {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const found = [];
  for (let n = 0; n < 40; n += 1) {
    const result = read(canvas, format);
    if (result === null) break;
    const points = result.getResultPoints();
    const xs = points.map((p) => p.getX());
    const ys = points.map((p) => p.getY());
    const x0 = Math.max(0, Math.floor(Math.min(...xs)) - 8);
    const x1 = Math.min(canvas.width, Math.ceil(Math.max(...xs)) + 8);
    const y = Math.round(ys.reduce((a, b) => a + b, 0) / ys.length);
    const width = x1 - x0;
    const pixels = context.getImageData(x0, 0, width, canvas.height).data;
    const dark = (row) => {
      for (let x = 0; x < width; x += 1) if (pixels[(row * width + x) * 4] < 128) return true;
      return false;
    };
    let top = y;
    while (top > 0 && dark(top - 1)) top -= 1;
    let bottom = y;
    while (bottom < canvas.height - 1 && dark(bottom + 1)) bottom += 1;
    context.fillStyle = '#fff';
    context.fillRect(x0, top, width, bottom - top + 1);
    found.push({ text: result.getText(), y });
  }
  return found.sort((a, b) => a.y - b.y).map((code) => code.text);
}
// ZXing turns whatever goes wrong inside its readers into "not found" too:
// so before a page may be said to hold no code, the reader reads back codes
// drawn here, as the cards draw theirs (with bwip-js), holding an ID above 2^53.
const CONTROL_ID = '9007199254740993';
function checkReader() {
  const controls = [
    ['code128', ZXing.BarcodeFormat.CODE_128],
    ['qrcode', ZXing.BarcodeFormat.QR_CODE],
  ];
  for (const [bcid, format] of controls) {
    const canvas = document.createElement('canvas');
    bwipjs.toCanvas(canvas, {
      bcid, text: CONTROL_ID, scale: 4, height: 12, padding: 10, backgroundcolor: 'ffffff',
    });
    const text = decode(canvas, format);
    if (text !== CONTROL_ID) {
      throw new Error('The barcode reader is broken: it read ' + text + ' from a ' + bcid + ' of ' + CONTROL_ID + '.');
    }
  }
}
window.readPdf = async (base64) => {
  checkReader();
  const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const doc = await pdfjs.getDocument({ data }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 4 });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context, canvas, viewport }).promise;
    const content = await page.getTextContent();
    pages.push({
      widthPt: page.view[2] - page.view[0],
      heightPt: page.view[3] - page.view[1],
      text: content.items.map((item) => item.str ?? '').join(' ').replace(/\\s+/g, ' ').trim(),
      code128: decode(canvas, ZXing.BarcodeFormat.CODE_128),
      qr: decode(canvas, ZXing.BarcodeFormat.QR_CODE),
      // Last: it paints over each barcode it reads.
      code128s: decodeAll(canvas, ZXing.BarcodeFormat.CODE_128),
    });
  }
  return pages;
};
window.readerReady = true;
</script></head><body></body></html>`;

/**
 * Renders every page of `pdf` and reads its text and codes, in a page of
 * `context`. Throws when the reader fails rather than finds no code.
 */
export async function readPdfPages(context: BrowserContext, pdf: Buffer): Promise<PdfPage[]> {
  const page = await context.newPage();
  try {
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') {
        await route.fulfill({ contentType: 'text/html', body: READER_PAGE });
        return;
      }
      const file = FILES[path];
      if (file === undefined) {
        await route.fulfill({ status: 404, body: '' });
        return;
      }
      await route.fulfill({ contentType: 'text/javascript', body: await readFile(file) });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(
      () => (globalThis as { readerReady?: boolean }).readerReady === true,
    );
    return await page.evaluate(
      (base64) =>
        (globalThis as unknown as { readPdf: (b: string) => Promise<PdfPage[]> }).readPdf(base64),
      pdf.toString('base64'),
    );
  } finally {
    await page.close();
  }
}

/** Whether the PDF draws any raster image: the cards' codes must be vector paths. */
export function hasRasterImages(pdf: Buffer): boolean {
  return /\/Subtype\s*\/Image\b/.test(pdf.toString('latin1'));
}
