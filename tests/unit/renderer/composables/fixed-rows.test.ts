import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ref } from 'vue';
import { useFixedRows, type RowRange } from '../../../../src/composables/fixed-rows';

const ROW = 40;
const MANY = 100_000;

// The browser's part: the scrolling element and its resize observer, which
// reports the element's height after layout.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: () => void) {}
      observe(): void {
        this.report();
      }
      disconnect(): void {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A list of `count` rows in a viewport of `height` px, scrolled to `scrollTop`. */
function scrolledList(scrollTop: number, height: number, count: number, overscan: number) {
  let onScroll = (): void => {};
  const el = {
    scrollTop: 0,
    clientHeight: height,
    addEventListener: (_type: string, listener: () => void) => void (onScroll = listener),
    removeEventListener: () => {},
  };
  const rows = useFixedRows({
    count: () => count,
    rowHeight: ROW,
    overscan,
    scroller: ref(el as unknown as HTMLElement),
    initialViewport: () => height,
  });
  el.scrollTop = scrollTop;
  onScroll();
  return { el, rows };
}

/** The rows drawn: their first and last index, `last < first` when there are none. */
function visibleRows(scrollTop: number, height: number, count: number, overscan: number): RowRange {
  const indexes = scrolledList(scrollTop, height, count, overscan).rows.items.value.map(
    (row) => row.index,
  );
  return indexes.length === 0
    ? { first: 0, last: -1 }
    : { first: indexes[0]!, last: indexes[indexes.length - 1]! };
}

/** Where the list is scrolled to after asking it to show row `index`. */
function scrollTopToShow(index: number, scrollTop: number, height: number) {
  const { el, rows } = scrolledList(scrollTop, height, MANY, 0);
  rows.scrollToIndex(index);
  return el.scrollTop;
}

describe('visibleRows', () => {
  it('draws the rows on screen at the top of a long list, and overscan only below', () => {
    // 400 px shows rows 0–9; there is nothing above row 0 to overscan.
    expect(visibleRows(0, 400, MANY, 8)).toEqual({ first: 0, last: 17 });
  });

  it('draws overscan either side of the rows on screen in the middle', () => {
    // 50,000 rows down: rows 50,000–50,009 are on screen.
    expect(visibleRows(50_000 * ROW, 400, MANY, 8)).toEqual({ first: 49_992, last: 50_017 });
  });

  it('counts a row cut by either edge of the viewport as on screen', () => {
    // 20 px into row 10: rows 10 (its lower half) to 20 (its upper half).
    expect(visibleRows(10 * ROW + 20, 400, MANY, 0)).toEqual({ first: 10, last: 20 });
    // Scrolled by a fraction of a pixel, as on a scaled display.
    expect(visibleRows(ROW - 0.5, 400, MANY, 0)).toEqual({ first: 0, last: 10 });
  });

  it('ends at the last row at the bottom of a long list, with overscan only above', () => {
    const bottom = MANY * ROW - 400;
    expect(visibleRows(bottom, 400, MANY, 8)).toEqual({ first: 99_982, last: 99_999 });
  });

  it('is empty for an empty list', () => {
    const range = visibleRows(0, 400, 0, 8);
    expect(range.last).toBeLessThan(range.first);
    expect(visibleRows(1234, 400, 0, 8)).toEqual(range);
  });

  it('draws every row of a list shorter than the viewport, and no more', () => {
    expect(visibleRows(0, 400, 3, 8)).toEqual({ first: 0, last: 2 });
    expect(visibleRows(0, 400, 1, 8)).toEqual({ first: 0, last: 0 });
  });

  it('clamps overscan to the list near either end', () => {
    // Rows 3–12 on screen: overscan would start at -5.
    expect(visibleRows(3 * ROW, 400, MANY, 8)).toEqual({ first: 0, last: 20 });
    // 35 rows scrolled to row 20: rows 20–29 on screen, overscan would reach 37.
    expect(visibleRows(20 * ROW, 400, 35, 8)).toEqual({ first: 12, last: 34 });
  });

  it('still names rows that exist when the list shrank below the scroll position', () => {
    // Scrolled to row 90,000, then a search leaves 50 rows: the last screenful of them.
    expect(visibleRows(90_000 * ROW, 400, 50, 8)).toEqual({ first: 32, last: 49 });
    expect(visibleRows(90_000 * ROW, 400, 5, 8)).toEqual({ first: 0, last: 4 });
  });

  it('treats an elastic overscroll above the top as the top', () => {
    // Taken as it is, -50 px would end the screen inside row 8.
    expect(visibleRows(-50, 400, MANY, 0)).toEqual({ first: 0, last: 9 });
  });

  it('still draws the first row and its overscan before the viewport has any height', () => {
    expect(visibleRows(0, 0, MANY, 8)).toEqual({ first: 0, last: 8 });
  });
});

describe('scrollTopToShow', () => {
  // Viewport of 400 px scrolled to 4,000: rows 100–109 are fully on screen.
  const top = 100 * ROW;

  it('leaves the scroll alone for a row fully on screen', () => {
    expect(scrollTopToShow(100, top, 400)).toBe(top);
    expect(scrollTopToShow(105, top, 400)).toBe(top);
    expect(scrollTopToShow(109, top, 400)).toBe(top);
  });

  it('leaves a fractional scroll alone while the row is fully on screen', () => {
    // Scaled displays scroll by fractions of a pixel; the edges must not be rounded.
    expect(scrollTopToShow(100, top - 0.5, 400)).toBe(top - 0.5);
    expect(scrollTopToShow(109, top + 0.5, 400)).toBe(top + 0.5);
  });

  it('brings a row above the viewport to its top', () => {
    expect(scrollTopToShow(99, top, 400)).toBe(99 * ROW);
    expect(scrollTopToShow(0, top, 400)).toBe(0);
  });

  it('brings a row below the viewport to its bottom', () => {
    expect(scrollTopToShow(110, top, 400)).toBe(111 * ROW - 400);
    expect(scrollTopToShow(MANY - 1, top, 400)).toBe(MANY * ROW - 400);
  });

  it('shows all of a row cut by the top edge by aligning its top', () => {
    expect(scrollTopToShow(100, top + 10, 400)).toBe(top);
  });

  it('shows all of a row cut by the bottom edge by aligning its bottom', () => {
    expect(scrollTopToShow(110, top + 10, 400)).toBe(top + ROW);
  });

  it('never returns a negative scroll', () => {
    // A viewport taller than the list: the last row "below" it still needs no scroll.
    expect(scrollTopToShow(2, 0, 400)).toBe(0);
    expect(scrollTopToShow(3, 0, 100)).toBe(60);
    expect(scrollTopToShow(0, -25, 400)).toBe(0);
  });
});
