import { describe, expect, it } from 'vitest';
import {
  FIRST_PHOTO_QUALITY,
  FLOOR_PHOTO_QUALITY,
  PHOTO_TARGET_BYTES,
} from '../../../../../src/records/photo/photo-limits';
import { encodeWithinTarget } from '../../../../../src/records/photo/quality-steps';

/**
 * An encoder standing in for `convertToBlob`: its output is `bytesAt(quality)`
 * long, and every quality it was asked for is kept.
 */
function fakeEncoder(bytesAt: (quality: number) => number) {
  const asked: number[] = [];
  const encode = (quality: number): Promise<Blob> => {
    asked.push(quality);
    return Promise.resolve(new Blob([new Uint8Array(bytesAt(quality))], { type: 'image/jpeg' }));
  };
  return { asked, encode };
}

describe('the JPEG qualities tried', () => {
  it('go down a step at a time from the first to the floor, both included', async () => {
    // Nothing fits: every quality is tried.
    const { asked, encode } = fakeEncoder(() => PHOTO_TARGET_BYTES + 1);
    await encodeWithinTarget(encode);
    expect(asked).toEqual([0.85, 0.75, 0.65, 0.55, 0.45]);
    expect(asked[0]).toBe(FIRST_PHOTO_QUALITY);
    expect(asked.at(-1)).toBe(FLOOR_PHOTO_QUALITY);
  });
});

describe('encoding within the target', () => {
  it('keeps the first quality that fits, and tries no lower', async () => {
    expect(PHOTO_TARGET_BYTES).toBe(110 * 1024);
    // About 100 KB at 0.65: the first two tries are too large.
    const { asked, encode } = fakeEncoder((q) => Math.round(q * 155_000));
    const kept = await encodeWithinTarget(encode);
    expect(asked).toEqual([0.85, 0.75, 0.65]);
    expect(kept.quality).toBe(0.65);
    expect(kept.blob.size).toBe(100_750);
    expect(kept.blob.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
  });

  it('takes the first try when it already fits', async () => {
    const { asked, encode } = fakeEncoder(() => 40_000);
    const kept = await encodeWithinTarget(encode);
    expect(asked).toEqual([0.85]);
    expect(kept.blob.size).toBe(40_000);
  });

  it('counts a photo of exactly the target as fitting', async () => {
    const { asked, encode } = fakeEncoder((q) => (q === 0.75 ? PHOTO_TARGET_BYTES : 200_000));
    expect((await encodeWithinTarget(encode)).quality).toBe(0.75);
    expect(asked).toEqual([0.85, 0.75]);
  });

  it('stops at the floor and keeps that when nothing fits', async () => {
    const { asked, encode } = fakeEncoder((q) => Math.round(q * 400_000));
    const kept = await encodeWithinTarget(encode);
    expect(asked).toEqual([0.85, 0.75, 0.65, 0.55, 0.45]);
    expect(kept.quality).toBe(0.45);
    expect(kept.blob.size).toBe(180_000);
  });
});
