// Not @tanstack/vue-virtual: a documented exception to preferring libraries, as its ~9 kB gzip broke the start-up budget.
import { computed, ref, watch, type Ref } from 'vue';

/** Inclusive indexes of the rows to draw; `last < first` when there are none. */
export type RowRange = { first: number; last: number };
export type FixedRow = { index: number; start: number };

function visibleRows(
  scrollTop: number,
  viewportHeight: number,
  count: number,
  rowHeight: number,
  overscan: number,
): RowRange {
  if (count <= 0) return { first: 0, last: -1 };
  // A list that has just shrunk is still scrolled past its end until the browser clamps it.
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, count * rowHeight - viewportHeight));
  const firstSeen = Math.floor(top / rowHeight);
  const lastSeen = Math.max(firstSeen, Math.ceil((top + viewportHeight) / rowHeight) - 1);
  return {
    first: Math.max(0, firstSeen - overscan),
    last: Math.min(count - 1, lastSeen + overscan),
  };
}

/** The scrollTop that shows a row with the least movement (align 'auto'). */
function scrollTopToShow(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number {
  const top = index * rowHeight;
  if (top < scrollTop) return Math.max(0, top);
  const bottom = top + rowHeight;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return Math.max(0, scrollTop);
}

export function useFixedRows(options: {
  count: () => number;
  rowHeight: number;
  overscan: number;
  scroller: Ref<HTMLElement | null>;
  /** The viewport's height until it is measured, so the first frame already has its rows. */
  initialViewport: () => number;
}) {
  const { rowHeight, overscan, scroller } = options;
  const scrollTop = ref(0);
  const measured = ref<number | null>(null);

  watch(
    scroller,
    (el, _previous, onCleanup) => {
      scrollTop.value = 0;
      measured.value = null;
      if (el === null) return;
      const onScroll = (): void => void (scrollTop.value = el.scrollTop);
      // Read in the observer's callback, after layout, so measuring never forces one.
      const observer = new ResizeObserver(() => {
        measured.value = el.clientHeight;
        scrollTop.value = el.scrollTop;
      });
      el.addEventListener('scroll', onScroll, { passive: true });
      observer.observe(el);
      onCleanup(() => {
        el.removeEventListener('scroll', onScroll);
        observer.disconnect();
      });
    },
    { immediate: true },
  );

  // Same range, same object: scrolling within a row re-renders nothing and asks for no rows.
  const range = computed<RowRange>((previous) => {
    const viewport = measured.value ?? options.initialViewport();
    const next = visibleRows(scrollTop.value, viewport, options.count(), rowHeight, overscan);
    return previous?.first === next.first && previous.last === next.last ? previous : next;
  });
  const items = computed(() => {
    const { first, last } = range.value;
    return Array.from({ length: last - first + 1 }, (_, k): FixedRow => {
      return { index: first + k, start: (first + k) * rowHeight };
    });
  });
  const totalSize = computed(() => options.count() * rowHeight);

  function scrollToIndex(index: number): void {
    const el = scroller.value;
    if (el === null) return;
    el.scrollTop = scrollTopToShow(index, el.scrollTop, el.clientHeight, rowHeight);
    // Not waiting for the scroll event, so the row exists by the caller's next tick.
    scrollTop.value = el.scrollTop;
  }

  return { items, totalSize, scrollToIndex };
}
