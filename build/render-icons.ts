/**
 * Renders `build/icon.svg` into the PNG set electron-builder and the Linux
 * desktop entry use, and packs the Windows `.ico` and macOS `.icns` from those
 * PNGs (both formats may carry PNG data as is). Run by hand after changing the
 * SVG: `npx tsx build/render-icons.ts`. Needs Chromium (system or Playwright's).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const BUILD = new URL('./', import.meta.url);
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

async function render(): Promise<Map<number, Buffer>> {
  const svg = await readFile(new URL('icon.svg', BUILD), 'utf8');
  const browser = await chromium.launch({
    ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const pngs = new Map<number, Buffer>();
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg.replace(
          '<svg ',
          `<svg style="display:block;width:${size}px;height:${size}px" `,
        )}</body></html>`,
      );
      pngs.set(size, await page.screenshot({ omitBackground: true, type: 'png' }));
    }
  } finally {
    await browser.close();
  }
  return pngs;
}

/** ICO with PNG entries (Windows Vista and later read them). */
function ico(pngs: Map<number, Buffer>, sizes: readonly number[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  const entries: Buffer[] = [];
  const images: Buffer[] = [];
  let offset = 6 + 16 * sizes.length;
  for (const size of sizes) {
    const png = pngs.get(size);
    if (png === undefined) throw new Error(`No ${size}px rendering for the .ico.`);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
    images.push(png);
  }
  return Buffer.concat([header, ...entries, ...images]);
}

/** ICNS with PNG payloads, one chunk per type Apple defines for PNG data. */
function icns(pngs: Map<number, Buffer>): Buffer {
  const types: [string, number][] = [
    ['icp4', 16],
    ['icp5', 32],
    ['icp6', 64],
    ['ic07', 128],
    ['ic08', 256],
    ['ic09', 512],
    ['ic10', 1024],
    ['ic11', 32],
    ['ic12', 64],
    ['ic13', 256],
    ['ic14', 512],
  ];
  const chunks = types.map(([type, size]) => {
    const png = pngs.get(size);
    if (png === undefined) throw new Error(`No ${size}px rendering for the .icns.`);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

const pngs = await render();
await mkdir(new URL('icons/', BUILD), { recursive: true });
for (const [size, png] of pngs) {
  await writeFile(new URL(`icons/${size}x${size}.png`, BUILD), png);
}
const largest = pngs.get(1024);
if (largest === undefined) throw new Error('No 1024px rendering.');
await writeFile(new URL('icon.png', BUILD), largest);
await writeFile(new URL('icon.ico', BUILD), ico(pngs, [16, 24, 32, 48, 64, 128, 256]));
await writeFile(new URL('icon.icns', BUILD), icns(pngs));
console.log(`Wrote ${pngs.size} PNGs, icon.png, icon.ico and icon.icns.`);
