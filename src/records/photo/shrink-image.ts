/**
 * Shrinks one image file to a record's photo: decoded (turned as its EXIF
 * orientation says), drawn at most 800 px on the long side on a white ground
 * (a PNG's transparency would turn black in a JPEG), and encoded as a JPEG
 * small enough to keep. Only the pixels are drawn, so nothing of the file's
 * metadata (EXIF, location, camera) reaches the photo. Runs in the photo's
 * worker (`shrink-worker.ts`), or on the window's thread where none starts.
 */
import { fitWithin } from './fit-within';
import { IMAGE_KIND_BYTES, imageKind } from './image-kind';
import { MAX_PHOTO_SIDE_PX } from './photo-limits';
import type { ShrinkResult } from './photo-result';
import { encodeWithinTarget } from './quality-steps';

async function decode(blob: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch {
    // HEIC where the browser has no decoder, a damaged file, or one too large to decode.
    return null;
  }
}

async function drawAndEncode(source: ImageBitmap): Promise<ShrinkResult> {
  const { width, height } = fitWithin(source.width, source.height, MAX_PHOTO_SIDE_PX);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (context === null) return { ok: false, problem: 'unreadable' };
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  const { blob } = await encodeWithinTarget((quality) =>
    canvas.convertToBlob({ type: 'image/jpeg', quality }),
  );
  return { ok: true, photo: { blob, width, height } };
}

/** The photo `blob` makes, or why it makes none; its size is checked by the caller. */
export async function shrinkImage(blob: Blob): Promise<ShrinkResult> {
  const head = new Uint8Array(await blob.slice(0, IMAGE_KIND_BYTES).arrayBuffer());
  const kind = imageKind(head);
  if (kind === null) return { ok: false, problem: 'not-an-image' };
  if (kind === 'other-image') return { ok: false, problem: 'unreadable' };
  const source = await decode(blob);
  if (source === null) return { ok: false, problem: 'unreadable' };
  try {
    return await drawAndEncode(source);
  } finally {
    // A 12-megapixel photo decoded holds 48 MB until this.
    source.close();
  }
}
