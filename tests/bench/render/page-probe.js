/* global window, document, console, performance, MutationObserver, requestAnimationFrame, MessageChannel, HTMLSelectElement, Event, setTimeout, clearTimeout */
// Injected into the page before any of the app's scripts run. Timings are taken
// inside the page, relative to navigation start (performance.timeOrigin), so the
// cost of the remote-control protocol never ends up in a figure.
(() => {
  const STATUSES = ['available', 'pending', 'sold'];
  // Told on the console once the first rows are timed (see FIRST_ROWS_SIGNAL in page-probe.ts).
  const FIRST_ROWS_SIGNAL = 'kennel-bench: first rows timed';

  /** The element a label, aria-label or aria-labelledby names. */
  const accessibleName = (el) => {
    const label = el.getAttribute('aria-label');
    if (label) return label.trim();
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      return by
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
    }
    if (el.labels && el.labels.length > 0) return (el.labels[0].textContent ?? '').trim();
    const caption = el.querySelector('caption');
    return caption ? (caption.textContent ?? '').trim() : '';
  };

  const animalsTable = () =>
    [...document.querySelectorAll('[role="table"], table')].find(
      (el) => accessibleName(el) === 'Animals',
    ) ?? null;

  /** Body rows: every row of the table except the header row(s). */
  const bodyRows = () => {
    const table = animalsTable();
    if (!table) return [];
    return [...table.querySelectorAll('[role="row"]')].filter(
      (row) => !row.querySelector('[role="columnheader"]'),
    );
  };

  // A data row has a cell per column; a placeholder ("Loading…") has one.
  const isDataRow = (row) =>
    row.querySelectorAll('[role="cell"], [role="gridcell"], td').length > 1;

  /** True when rows are on screen and none of them is still a placeholder. */
  const rowsDrawn = () => {
    const rows = bodyRows();
    return rows.length > 0 && rows.every(isDataRow);
  };

  const statusSelect = () =>
    [...document.querySelectorAll('select')].find((el) => accessibleName(el) === 'Status filter') ??
    null;

  /** Resolves after the frame that shows the current DOM has been produced. */
  const afterNextPaint = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });

  /** Resolves with the time `predicate` became true and the next frame was drawn. */
  const whenDrawn = (predicate, timeoutMs) =>
    new Promise((resolve, reject) => {
      let done = false;
      const finish = () => {
        if (done || !predicate()) return;
        done = true;
        observer.disconnect();
        clearTimeout(timer);
        afterNextPaint().then(resolve);
      };
      const observer = new MutationObserver(finish);
      observer.observe(document, { childList: true, subtree: true, characterData: true });
      const timer = setTimeout(() => {
        if (done) return;
        done = true;
        observer.disconnect();
        reject(new Error(`rows not drawn within ${timeoutMs} ms`));
      }, timeoutMs);
      finish();
    });

  // The filter's values are the service's statuses; rows say them in shelter words (English UI).
  const STATUS_WORDS = { available: 'available', pending: 'adoption pending', sold: 'adopted' };
  const rowShows = (row, status) => {
    const text = (row.textContent ?? '').toLowerCase();
    return (
      text.includes(STATUS_WORDS[status]) &&
      STATUSES.every((s) => s === status || !text.includes(STATUS_WORDS[s]))
    );
  };

  const probe = {
    /** performance.now() when the first data rows were on screen, or an error. */
    firstRows: null,
    firstRowsError: null,
    /** performance.now() when the (possibly still empty) Animals table was first on screen. */
    shell: null,
    rowCount: () => bodyRows().filter(isDataRow).length,
    statusOptions: () => {
      const select = statusSelect();
      return select ? [...select.options].map((o) => o.value) : [];
    },
    currentStatus: () => statusSelect()?.value ?? null,
    /** Helpers `search-probe.js` (injected after this script) builds on. */
    lib: { animalsTable, bodyRows, isDataRow, whenDrawn },
    /** Sets the status filter and resolves with ms from the change event to filtered rows drawn. */
    switchFilter: async (status, timeoutMs) => {
      const select = statusSelect();
      if (!(select instanceof HTMLSelectElement)) throw new Error('no "Status filter" select');
      select.value = status;
      if (select.value !== status) throw new Error(`"Status filter" has no option ${status}`);
      const start = performance.now();
      const drawn = whenDrawn(
        () => rowsDrawn() && bodyRows().every((row) => rowShows(row, status)),
        timeoutMs,
      );
      select.dispatchEvent(new Event('input', { bubbles: true }));
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return (await drawn) - start;
    },
  };
  window.__kennelBench = probe;

  const start = () => {
    whenDrawn(() => animalsTable() !== null, 60_000).then(
      (t) => (probe.shell = t),
      () => undefined,
    );
    return whenDrawn(rowsDrawn, 60_000)
      .then(
        (t) => (probe.firstRows = t),
        (e) => (probe.firstRowsError = String(e)),
      )
      .then(() => console.debug(FIRST_ROWS_SIGNAL));
  };
  // Observing the document itself works before <html> exists.
  start();
})();
