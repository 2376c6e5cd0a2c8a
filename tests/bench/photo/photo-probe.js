/* global window, document, performance, PerformanceObserver, MutationObserver, MessageChannel, requestAnimationFrame, HTMLInputElement, indexedDB, setTimeout, clearTimeout */
// Injected before any of the app's scripts (see `photo-bench.ts`). Every time
// is taken in the page with performance.now(), so the remote-control protocol
// is in none of the figures. Reads the app's page and its database; never
// writes either.
(() => {
  /** The add form's photo picker, and what it shows. */
  const picker = () => document.querySelector('.add-form .photo-picker');
  const preview = () => picker()?.querySelector('img') ?? null;
  const statusText = () => (picker()?.querySelector('[role="status"]')?.textContent ?? '').trim();
  const refusal = () => (picker()?.querySelector('[role="alert"]')?.textContent ?? '').trim();

  /** Resolves after the frame that shows the current DOM. */
  const afterNextPaint = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });

  /** Resolves with the time `predicate` held and the next frame was drawn. */
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
      observer.observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
      const timer = setTimeout(() => {
        if (done) return;
        done = true;
        observer.disconnect();
        reject(new Error(`no photo ready within ${timeoutMs} ms`));
      }, timeoutMs);
      finish();
    });

  /**
   * Records long tasks (50 ms or more on this thread) from now on. Workers'
   * tasks are not reported: only what keeps the window from answering counts.
   */
  const watchLongTasks = () => {
    const tasks = [];
    const keep = (entries) => {
      for (const e of entries) tasks.push({ start: e.startTime, duration: e.duration });
    };
    const observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: 'longtask' });
    return {
      tasks,
      stop: () => {
        // Entries of tasks that already ended may still wait for the callback.
        keep(observer.takeRecords());
        observer.disconnect();
      },
    };
  };

  const probe = {
    /**
     * Starts watching before a file is chosen: the file input's `change` (the
     * moment the page learns of the choice), then the frame that shows the
     * photo ready (its preview and "Photo ready…") or a refusal, and every
     * long task in between. The result is `armed`, a promise.
     */
    arm: (timeoutMs) => {
      const longTasks = watchLongTasks();
      let chosenAt = null;
      const onChange = (event) => {
        const input = event.target;
        if (chosenAt === null && input instanceof HTMLInputElement && input.type === 'file') {
          chosenAt = performance.now();
        }
      };
      window.addEventListener('change', onChange, { capture: true });
      const settled = () =>
        chosenAt !== null &&
        ((preview() !== null && statusText().startsWith('Photo ready')) || refusal() !== '');
      const result = whenDrawn(settled, timeoutMs)
        .then((shownAt) => ({
          ms: shownAt - chosenAt,
          // A task counts when it overlaps the shrink's time at all.
          longTasks: longTasks.tasks.filter(
            (t) => t.start + t.duration > chosenAt && t.start < shownAt,
          ),
          status: statusText(),
          refusal: refusal(),
        }))
        .finally(() => {
          longTasks.stop();
          window.removeEventListener('change', onChange, { capture: true });
        });
      // Read later through `armed`; a rejection is reported there, not as unhandled.
      result.catch(() => undefined);
      probe.armed = result;
    },
    armed: null,
    /**
     * Resolves once no long task has run for `quietMs` (or after `maxMs`), so
     * start-up work and the last animal's saving are not in the next figure.
     */
    quiet: (quietMs, maxMs) =>
      new Promise((resolve) => {
        const started = performance.now();
        let lastEnd = started;
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lastEnd = Math.max(lastEnd, e.startTime + e.duration);
        });
        observer.observe({ type: 'longtask', buffered: true });
        const check = () => {
          const now = performance.now();
          if (now - lastEnd >= quietMs || now - started >= maxMs) {
            observer.disconnect();
            resolve(now - started);
          } else setTimeout(check, 50);
        };
        check();
      }),
    /** The photos kept in `dbName`, read only: each one's key, size in pixels and JPEG bytes. */
    storedPhotos: (dbName) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(dbName);
        // A look never creates the database: that is the app's to do.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => reject(new Error(`cannot open ${dbName}: ${String(open.error)}`));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('photos')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction(['photos'], 'readonly').objectStore('photos').getAll();
          all.onerror = () => {
            db.close();
            reject(new Error(String(all.error)));
          };
          all.onsuccess = () => {
            db.close();
            resolve(
              all.result.map((row) => {
                const body = String(row.dataUrl).split(',')[1] ?? '';
                const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
                return {
                  key: row.key,
                  width: row.width,
                  height: row.height,
                  bytes: Math.floor((body.length * 3) / 4) - padding,
                };
              }),
            );
          };
        };
      }),
  };
  window.__kennelPhotoBench = probe;
})();
