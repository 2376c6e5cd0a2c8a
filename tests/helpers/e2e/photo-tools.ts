import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/**
 * Test photos drawn in the app's own page, and what a test reads of an image
 * there, through `photo-tools-script.js`: added as an init script before the app is
 * opened ({@link addPhotoTools}), it is the test's, not the app's. Plain
 * JavaScript so the benchmark, whose TypeScript runner adds helpers of its own
 * to a function handed to the page, can use it too.
 */
const PHOTO_TOOLS_PATH = fileURLToPath(new URL('./photo-tools-script.js', import.meta.url));

/** A test photo to draw: its size, its seed, and how to encode it (quality 0.92). */
export interface DrawnPhoto {
  width: number;
  height: number;
  seed: number;
  type: 'image/jpeg' | 'image/png' | 'image/webp';
  /** How strong the grain is, 0–255; 24 unless given. */
  grain?: number;
  /** Leaves the left half transparent (PNG and WebP only). */
  transparentLeft?: boolean;
}

/** An image as the browser decodes it: its size and one pixel's colour, [r, g, b, a]. */
interface Decoded {
  width: number;
  height: number;
  rgba: number[];
}

interface PhotoTools {
  draw(photo: DrawnPhoto): Promise<string>;
  inspect(base64: string, x: number, y: number): Promise<Decoded>;
  loads(url: string): Promise<boolean>;
}

// Only read inside functions that run in the page.
declare const window: { __kennelPhotoTools: PhotoTools };

/** Gives every page `page` opens from now on the photo tools; call before opening the app. */
export async function addPhotoTools(page: Page): Promise<void> {
  await page.addInitScript({ path: PHOTO_TOOLS_PATH });
}

/** A photo drawn in the page and encoded there as a file's bytes. */
export async function drawPhoto(page: Page, photo: DrawnPhoto): Promise<Buffer> {
  const base64 = await page.evaluate((drawn) => window.__kennelPhotoTools.draw(drawn), photo);
  return Buffer.from(base64, 'base64');
}

/** `bytes` decoded in the page: the image's size and the colour of the pixel at (`x`, `y`). */
export function decodeInPage(page: Page, bytes: Buffer, x = 0, y = 0): Promise<Decoded> {
  return page.evaluate(([base64, px, py]) => window.__kennelPhotoTools.inspect(base64, px, py), [
    bytes.toString('base64'),
    x,
    y,
  ] as const);
}

/** Whether an image still loads from `url` in the page: false once its object URL was let go. */
export function stillLoads(page: Page, url: string): Promise<boolean> {
  return page.evaluate((src) => window.__kennelPhotoTools.loads(src), url);
}
