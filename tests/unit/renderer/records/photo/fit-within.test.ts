import { describe, expect, it } from 'vitest';
import { fitWithin } from '../../../../../src/records/photo/fit-within';
import { MAX_PHOTO_SIDE_PX } from '../../../../../src/records/photo/photo-limits';

describe('a photo drawn to fit', () => {
  it('brings the long side down to the limit, keeping the proportions', () => {
    expect(MAX_PHOTO_SIDE_PX).toBe(800);
    expect(fitWithin(4000, 3000, 800)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(3000, 4000, 800)).toEqual({ width: 600, height: 800 });
    expect(fitWithin(4032, 2268, 800)).toEqual({ width: 800, height: 450 });
    expect(fitWithin(801, 801, 800)).toEqual({ width: 800, height: 800 });
  });

  it('leaves a photo already small enough as it is, never enlarging it', () => {
    expect(fitWithin(800, 600, 800)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(320, 240, 800)).toEqual({ width: 320, height: 240 });
  });

  it('keeps at least one pixel on the short side of a very long strip', () => {
    expect(fitWithin(100_000, 10, 800)).toEqual({ width: 800, height: 1 });
    expect(fitWithin(10, 100_000, 800)).toEqual({ width: 1, height: 800 });
  });
});
