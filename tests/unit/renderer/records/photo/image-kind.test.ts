import { describe, expect, it } from 'vitest';
import { IMAGE_KIND_BYTES, imageKind } from '../../../../../src/records/photo/image-kind';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

/** An ISO base media file's first box: size, `ftyp`, then the major brand. */
const ftyp = (brand: string): Uint8Array => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0]);

describe('what a file’s first bytes say it is', () => {
  it('knows the formats Kennel takes, whatever the file is called', () => {
    expect(imageKind(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('jpeg');
    expect(imageKind(bytes([0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34], 'Exif'))).toBe('jpeg');
    expect(imageKind(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe('png');
    expect(imageKind(bytes('RIFF', [0x24, 0x10, 0, 0], 'WEBPVP8 '))).toBe('webp');
    for (const brand of ['heic', 'heix', 'mif1', 'msf1']) {
      expect(imageKind(ftyp(brand)), brand).toBe('heif');
    }
  });

  it('tells other images from no image at all', () => {
    expect(imageKind(bytes('GIF89a', [1, 0, 1, 0]))).toBe('other-image');
    expect(imageKind(bytes('BM', [0x36, 0, 0, 0]))).toBe('other-image');
    expect(imageKind(bytes([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0]))).toBe('other-image');
    expect(imageKind(ftyp('avif'))).toBe('other-image');
    // A video in the same container is not an image.
    expect(imageKind(ftyp('isom'))).toBeNull();
    expect(imageKind(bytes('Name,Category\nRex,Dogs\n'))).toBeNull();
    expect(imageKind(bytes('%PDF-1.7'))).toBeNull();
    expect(imageKind(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(imageKind(new Uint8Array())).toBeNull();
  });

  it('needs no more than the bytes it asks for', () => {
    const png = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]);
    expect(IMAGE_KIND_BYTES).toBeGreaterThanOrEqual(12);
    expect(imageKind(png.subarray(0, 7))).toBeNull();
    expect(imageKind(ftyp('heic').subarray(0, IMAGE_KIND_BYTES))).toBe('heif');
  });
});
