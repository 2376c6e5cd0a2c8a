/* global window, document, performance, PerformanceObserver, MessageChannel, requestAnimationFrame, HTMLInputElement, HTMLTextAreaElement, setTimeout */
// Injected after `../render/page-probe.js` (whose helpers it uses) and before
// any of the app's scripts. Every time is taken in the page with
// performance.now() or an event's own time stamp, so the remote-control
// protocol is in none of the figures.
(() => {
  const bench = window.__kennelBench;
  if (!bench) throw new Error('import-probe.js needs page-probe.js injected before it');
  const { whenDrawn } = bench.lib;

  const summaryText = () => (document.querySelector('.import-summary')?.textContent ?? '').trim();

  const isFileInput = (el) => el instanceof HTMLInputElement && el.type === 'file';

  /** Resolves after the frame that shows the current DOM (see page-probe.js). */
  const afterNextPaint = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
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

  /**
   * Keystrokes into a text field while the import works: from the key's own
   * time stamp (when the browser received it, so time spent waiting for a
   * busy thread counts) to the frame after the field shows the character.
   */
  const watchTyping = () => {
    const delays = [];
    const pending = [];
    const onKey = (event) => pending.push(event.timeStamp);
    const onInput = (event) => {
      if (!(event.target instanceof HTMLTextAreaElement)) return;
      const typedAt = pending.shift();
      if (typedAt === undefined) return;
      afterNextPaint().then((drawnAt) => delays.push(drawnAt - typedAt));
    };
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('input', onInput, { capture: true });
    return {
      delays,
      stop: () => {
        window.removeEventListener('keydown', onKey, { capture: true });
        window.removeEventListener('input', onInput, { capture: true });
      },
    };
  };

  const probe = {
    /**
     * Starts watching before a file is chosen: the file input's `change`
     * (the moment the page learns of the choice), the summary line reading
     * `expected.preview` (rows shown) and then `expected.checked` (rows
     * checked against the cache), and every long task in between. The result
     * is `armed`, a promise.
     */
    arm: (expected, timeoutMs) => {
      const longTasks = watchLongTasks();
      const typing = watchTyping();
      let chosenAt = null;
      const onChange = (event) => {
        if (chosenAt === null && isFileInput(event.target)) chosenAt = performance.now();
      };
      window.addEventListener('change', onChange, { capture: true });
      const shows = (text) => () => chosenAt !== null && summaryText() === text;
      const preview = whenDrawn(shows(expected.preview), timeoutMs);
      const checked = whenDrawn(shows(expected.checked), timeoutMs);
      const result = Promise.all([preview, checked])
        .then(async ([previewAt, checkedAt]) => {
          // One more frame, so every keystroke typed before the end is drawn.
          await afterNextPaint();
          return {
            chosenAt,
            previewMs: previewAt - chosenAt,
            checkedMs: checkedAt - chosenAt,
            endAt: checkedAt,
            // A task counts when it overlaps the import's time at all.
            longTasks: longTasks.tasks.filter(
              (t) => t.start + t.duration > chosenAt && t.start < checkedAt,
            ),
            keystrokes: [...typing.delays],
          };
        })
        .finally(() => {
          longTasks.stop();
          typing.stop();
          window.removeEventListener('change', onChange, { capture: true });
        });
      // Read later through `armed`; a rejection is reported there, not as unhandled.
      result.catch(() => undefined);
      probe.armed = result;
    },
    armed: null,
    /**
     * Resolves once no long task has run for `quietMs` (or after `maxMs`),
     * so start-up work is not in the next figure.
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
  };
  window.__kennelImport = probe;
})();
