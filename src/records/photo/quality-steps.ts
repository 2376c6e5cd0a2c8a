import {
  FIRST_PHOTO_QUALITY,
  FLOOR_PHOTO_QUALITY,
  PHOTO_QUALITY_STEP,
  PHOTO_TARGET_BYTES,
} from './photo-limits';

/** Encodes the drawn photo at a JPEG quality between 0 and 1. */
export type EncodeAt = (quality: number) => Promise<Blob>;

/** The qualities to try, highest first, from the first down to the floor. */
function photoQualities(): number[] {
  const [first, step, floor] = [FIRST_PHOTO_QUALITY, PHOTO_QUALITY_STEP, FLOOR_PHOTO_QUALITY];
  const qualities: number[] = [];
  // Counted in whole steps, so 0.85 − 4 × 0.1 is 0.45 and not 0.44999….
  for (let n = 0; ; n++) {
    const quality = Math.round((first - n * step) * 1000) / 1000;
    if (quality < floor) break;
    qualities.push(quality);
  }
  if (qualities[qualities.length - 1] !== floor) qualities.push(floor);
  return qualities;
}

/**
 * Encodes at each quality in turn until one is at most `targetBytes`: the
 * first that fits is kept, so the photo is as good as the target allows. When
 * none fits, the last (the floor) is kept: the photo's size in pixels already
 * bounds it, and a photo refused for its detail would help nobody.
 */
export async function encodeWithinTarget(
  encode: EncodeAt,
  qualities: readonly number[] = photoQualities(),
  targetBytes = PHOTO_TARGET_BYTES,
): Promise<{ blob: Blob; quality: number }> {
  let last: { blob: Blob; quality: number } | null = null;
  for (const quality of qualities) {
    last = { blob: await encode(quality), quality };
    if (last.blob.size <= targetBytes) return last;
  }
  if (last === null) throw new Error('no JPEG quality to try');
  return last;
}
