import { describe, expect, it } from 'vitest';
import { pageWindow, windowCovers } from '../../../../src/data/page-window';

describe('pageWindow', () => {
  it('loads from the top with a chunk of margin below', () => {
    expect(pageWindow(0, 15, 50)).toEqual({ offset: 0, limit: 100 });
  });

  it('keeps a chunk of margin on both sides deep in the list', () => {
    const w = pageWindow(99_980, 99_995, 50);
    expect(w.offset).toBeLessThanOrEqual(99_980 - 30);
    expect(w.offset + w.limit).toBeGreaterThan(99_995 + 5);
    expect(windowCovers(w, 99_980, 99_995)).toBe(true);
  });

  it('never reads more than a few chunks, however long the list', () => {
    expect(pageWindow(50_000, 50_020, 50).limit).toBeLessThanOrEqual(200);
  });

  it('gives the same window for small scrolls inside a chunk, so nothing is re-read', () => {
    expect(pageWindow(110, 125, 50)).toEqual(pageWindow(112, 127, 50));
  });

  it('copes with reversed bounds', () => {
    expect(pageWindow(20, 5, 50)).toEqual(pageWindow(5, 20, 50));
  });
});

describe('windowCovers', () => {
  it('is false once the rows on screen leave the window', () => {
    const w = pageWindow(0, 15, 50);
    expect(windowCovers(w, 0, 15)).toBe(true);
    expect(windowCovers(w, 90, 105)).toBe(false);
  });
});
