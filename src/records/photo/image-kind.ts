/**
 * What a file's first bytes say it is, whatever its name or declared type: a
 * photo renamed from `.heic` to `.jpg`, or a text file renamed `.jpg`, is told
 * apart before any decoder sees it.
 */

/** The formats Kennel takes, HEIC among them where the browser can decode it. */
type PhotoKind = 'jpeg' | 'png' | 'webp' | 'heif';

/** A taken format, another image format (GIF, BMP, TIFF, AVIF…), or no image at all. */
export type ImageKind = PhotoKind | 'other-image' | null;

/** How many leading bytes {@link imageKind} needs. */
export const IMAGE_KIND_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** ISO base media brands of HEIC and HEIF stills (and their sequences). */
const HEIF_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'];
/** Brands of other images in the same container: AVIF. */
const OTHER_FTYP_IMAGE_BRANDS = ['avif', 'avis'];

function ftypBrand(bytes: Uint8Array): string | null {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return null;
  return String.fromCharCode(...bytes.subarray(8, 12));
}

/** The kind of image `bytes` (the file's first {@link IMAGE_KIND_BYTES} or more) start, if any. */
export function imageKind(bytes: Uint8Array): ImageKind {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  const brand = ftypBrand(bytes);
  if (brand !== null && HEIF_BRANDS.includes(brand)) return 'heif';
  if (brand !== null && OTHER_FTYP_IMAGE_BRANDS.includes(brand)) return 'other-image';
  const others = [
    ascii('GIF87a'),
    ascii('GIF89a'),
    ascii('BM'),
    [0x49, 0x49, 0x2a, 0x00], // TIFF, little-endian
    [0x4d, 0x4d, 0x00, 0x2a], // TIFF, big-endian
    [0x00, 0x00, 0x01, 0x00], // ICO
  ];
  return others.some((signature) => startsWith(bytes, signature)) ? 'other-image' : null;
}
