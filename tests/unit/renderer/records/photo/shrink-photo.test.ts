import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_FILE_BYTES } from '../../../../../src/records/photo/photo-limits';
import { shrinkPhoto } from '../../../../../src/records/photo/shrink-photo';

/**
 * A file of `size` bytes that fails the test if anything reads it: a file
 * over the limit must be refused on its size alone.
 */
function unreadableFile(size: number): { file: Blob; reads: string[] } {
  const reads: string[] = [];
  const read = (how: string) => () => {
    reads.push(how);
    throw new Error(`the file was read (${how})`);
  };
  const file = {
    size,
    type: 'image/jpeg',
    slice: read('slice'),
    arrayBuffer: read('arrayBuffer'),
    stream: read('stream'),
    text: read('text'),
    bytes: read('bytes'),
  } as unknown as Blob;
  return { file, reads };
}

afterEach(() => vi.unstubAllGlobals());

describe('a file over the size limit', () => {
  it('is refused as too large without a byte of it read', async () => {
    expect(MAX_PHOTO_FILE_BYTES).toBe(20 * 1024 * 1024);
    const worker = vi.fn();
    vi.stubGlobal('Worker', worker);
    const { file, reads } = unreadableFile(MAX_PHOTO_FILE_BYTES + 1);
    await expect(shrinkPhoto(file)).resolves.toEqual({ ok: false, problem: 'too-large' });
    expect(reads).toEqual([]);
    expect(worker).not.toHaveBeenCalled();
  });

  it('is read when it is exactly at the limit', async () => {
    const text = new Blob([new Uint8Array(MAX_PHOTO_FILE_BYTES).fill(0x41)], {
      type: 'image/jpeg',
    });
    expect(text.size).toBe(MAX_PHOTO_FILE_BYTES);
    await expect(shrinkPhoto(text)).resolves.toEqual({ ok: false, problem: 'not-an-image' });
  });
});

// No worker starts in Node: these run the shrink on this thread, as the app does when none starts.
describe('a file that is not a photo Kennel takes', () => {
  it('is not an image when its bytes are text, whatever it claims to be', async () => {
    const renamed = new Blob(['Name,Category,Status\nRex,Dogs,available\n'], {
      type: 'image/jpeg',
    });
    await expect(shrinkPhoto(renamed)).resolves.toEqual({ ok: false, problem: 'not-an-image' });
    await expect(shrinkPhoto(new Blob([]))).resolves.toEqual({
      ok: false,
      problem: 'not-an-image',
    });
  });

  it('is unreadable when it is an image of another format, never handed to a decoder', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const gif = new Blob([new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')], {
      type: 'image/gif',
    });
    await expect(shrinkPhoto(gif)).resolves.toEqual({ ok: false, problem: 'unreadable' });
    expect(decode).not.toHaveBeenCalled();
  });

  it('is unreadable when the decoder refuses it (a HEIC photo where there is no HEIC decoder)', async () => {
    vi.stubGlobal('createImageBitmap', () =>
      Promise.reject(
        new DOMException('The source image could not be decoded.', 'InvalidStateError'),
      ),
    );
    const heic = new Blob([
      Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0, 0, 0, 0]),
    ]);
    await expect(shrinkPhoto(heic)).resolves.toEqual({ ok: false, problem: 'unreadable' });
  });
});
