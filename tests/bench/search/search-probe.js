/* global window, document, performance, PerformanceObserver */
// Injected after `../render/page-probe.js` (whose helpers it uses) and before
// any of the app's scripts. Timings are taken in the page with
// performance.now(), so the remote-control protocol is in none of them.
(() => {
  const bench = window.__kennelBench;
  if (!bench) throw new Error('search-probe.js needs page-probe.js injected before it');
  const { animalsTable, bodyRows, isDataRow, whenDrawn } = bench.lib;

  // The count line under the toolbar: "100,000 animals on this computer" once
  // the catalogue index is built, "Showing 12 of 100,000 …" while searching.
  const HELD = /^([\d.,\s\u00a0\u202f]+) animals? on this computer$/;
  const SHOWING = /^Showing ([\d.,\s\u00a0\u202f]+) of /;

  /** The number of rows the count line gives, or null while it gives none. */
  const listed = () => {
    const line = document.querySelector('[data-testid="list-counts"]');
    const text = (line?.textContent ?? '').trim();
    const match = SHOWING.exec(text) ?? HELD.exec(text);
    return match ? Number(match[1].replace(/\D/g, '')) : null;
  };

  const idColumn = () =>
    [...(animalsTable()?.querySelectorAll('[role="columnheader"]') ?? [])].findIndex((h) =>
      /^ID\b/.test((h.textContent ?? '').trim()),
    );

  /** The ID shown in the list's first row (ARIA row 2; row 1 is the header). */
  const firstId = (rows) => {
    const first = rows.find((row) => row.getAttribute('aria-rowindex') === '2');
    const cell = first?.querySelectorAll('[role="cell"]')[idColumn()];
    return cell ? (cell.textContent ?? '').trim() : null;
  };

  /** True when the count line and the first row are those of `expected` ({ count, firstId }). */
  const shows = (expected) => {
    if (listed() !== expected.count) return false;
    const rows = bodyRows();
    if (expected.count === 0) return rows.length === 0;
    return rows.length > 0 && rows.every(isDataRow) && firstId(rows) === expected.firstId;
  };

  // Every long task of the window's thread from the first script on, so the
  // tasks of the index's build, which starts after the first rows, are seen.
  const longTasks = [];
  const keepTasks = (entries) => {
    for (const e of entries) longTasks.push({ start: e.startTime, duration: e.duration });
  };
  const taskObserver = new PerformanceObserver((list) => keepTasks(list.getEntries()));
  taskObserver.observe({ type: 'longtask', buffered: true });

  const probe = {
    /**
     * The longest task (ms) of the window's thread overlapping `from`..`to`,
     * 0 when none took 50 ms or more (the shortest the browser reports).
     */
    longestTask: (from, to) => {
      // Entries of tasks that already ended may still wait for the callback.
      keepTasks(taskObserver.takeRecords());
      let longest = 0;
      for (const t of longTasks) {
        if (t.start + t.duration > from && t.start < to) longest = Math.max(longest, t.duration);
      }
      return longest;
    },
    /** performance.now() when the count line was first drawn (the index is built), or an error. */
    indexReady: null,
    indexReadyError: null,
    /** Resolves after the frame that shows `expected`; for setting a query up, not a timing. */
    show: (expected, timeoutMs) => whenDrawn(() => shows(expected), timeoutMs),
    /**
     * Starts timing the next keystroke: from its `keydown` (capturing, before
     * the app sees it) to the frame after the list shows `expected`. The
     * result is `armed`, a promise of milliseconds.
     */
    arm: (expected, timeoutMs) => {
      let typedAt = null;
      const onKey = () => {
        if (typedAt === null) typedAt = performance.now();
      };
      window.addEventListener('keydown', onKey, { capture: true });
      const timing = whenDrawn(() => typedAt !== null && shows(expected), timeoutMs)
        .then((drawnAt) => drawnAt - typedAt)
        .finally(() => window.removeEventListener('keydown', onKey, { capture: true }));
      // Read later by `armed`; a rejection is reported there, not as unhandled.
      timing.catch(() => undefined);
      probe.armed = timing;
    },
    armed: null,
  };
  window.__kennelSearch = probe;

  whenDrawn(() => listed() !== null, 120_000).then(
    (t) => (probe.indexReady = t),
    (e) => (probe.indexReadyError = String(e)),
  );
})();
