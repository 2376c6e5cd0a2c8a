/* global window, document, performance, PerformanceObserver, MutationObserver, MessageChannel, requestAnimationFrame, HTMLInputElement, indexedDB, setTimeout, clearTimeout, atob, btoa */
// Injected before any of the app's scripts (see `desk-file-bench.ts`). Times
// are taken in the page with performance.now(), so the remote-control
// protocol is in none of them. Plain JavaScript: it reaches the page as it is
// written here, with no compiler's helpers in it. It writes the app's
// database only to seed desk A before the app is loaded again; the rest only
// reads.
(() => {
  /** Resolves after the frame that shows the current DOM. */
  const afterNextPaint = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });

  const textOf = (element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

  /** The first element matching `selector` whose text starts with `prefix`, or null. */
  const found = (selector, prefix) => {
    for (const element of document.querySelectorAll(selector)) {
      const text = textOf(element);
      if (text !== '' && text.startsWith(prefix)) return text;
    }
    return null;
  };

  /** Long tasks (50 ms or more on the window's thread) and long animation frames from now on. */
  const watchLongWork = () => {
    const tasks = [];
    const frames = [];
    const keepTasks = (entries) => {
      for (const e of entries) tasks.push({ start: e.startTime, duration: e.duration });
    };
    const keepFrames = (entries) => {
      for (const e of entries) {
        frames.push({
          start: e.startTime,
          duration: e.duration,
          // What ran in the frame, longest first: where its time went.
          scripts: [...(e.scripts ?? [])]
            .sort((a, b) => b.duration - a.duration)
            .slice(0, 3)
            .map((s) => ({
              duration: s.duration,
              invoker: s.invoker,
              fn: s.sourceFunctionName,
              file: String(s.sourceURL ?? '')
                .split('/')
                .pop(),
            })),
        });
      }
    };
    const taskObserver = new PerformanceObserver((list) => keepTasks(list.getEntries()));
    taskObserver.observe({ type: 'longtask' });
    let frameObserver = null;
    if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
      frameObserver = new PerformanceObserver((list) => keepFrames(list.getEntries()));
      frameObserver.observe({ type: 'long-animation-frame' });
    }
    return {
      tasks,
      frames,
      stop: () => {
        // Entries of tasks that already ended may still wait for the callback.
        keepTasks(taskObserver.takeRecords());
        taskObserver.disconnect();
        if (frameObserver !== null) {
          keepFrames(frameObserver.takeRecords());
          frameObserver.disconnect();
        }
      },
    };
  };

  /** A JPEG comment segment (FF FE) holding `text`, ASCII only. */
  const comment = (text) => {
    const length = text.length + 2;
    const bytes = new Uint8Array(4 + text.length);
    bytes.set([0xff, 0xfe, length >> 8, length & 0xff]);
    for (let i = 0; i < text.length; i++) bytes[4 + i] = text.charCodeAt(i) & 0x7f;
    return bytes;
  };

  const fromBase64 = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

  const toBase64 = (bytes) => {
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(text);
  };

  /** Opens `dbName` as the app made it; a look never creates it. */
  const openDb = (dbName) =>
    new Promise((resolve, reject) => {
      const open = indexedDB.open(dbName);
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onerror = () => reject(new Error(`cannot open ${dbName}: ${String(open.error)}`));
      open.onblocked = () => reject(new Error(`opening ${dbName} is blocked`));
      open.onsuccess = () => resolve(open.result);
    });

  const probe = {
    /**
     * Starts timing one step, before it is started: from the first click
     * (`start: 'click'`) or file input `change` (`start: 'change'`) to the
     * frame that shows an element of `done.selector` whose text starts with
     * `done.text`, or one of `fail` with any text; with every long task and
     * long animation frame in between. The result is `armed`, a promise.
     */
    arm: ({ start, done, fail, timeoutMs }) => {
      const work = watchLongWork();
      let startedAt = null;
      const onStart = (event) => {
        if (startedAt !== null) return;
        if (start === 'change') {
          const input = event.target;
          if (!(input instanceof HTMLInputElement) || input.type !== 'file') return;
        }
        startedAt = performance.now();
      };
      window.addEventListener(start, onStart, { capture: true });
      const result = new Promise((resolve, reject) => {
        let settled = false;
        const check = () => {
          if (settled || startedAt === null) return;
          const doneText = found(done.selector, done.text);
          const failText = doneText === null ? found(fail, '') : null;
          if (doneText === null && failText === null) return;
          settled = true;
          observer.disconnect();
          clearTimeout(timer);
          afterNextPaint().then((shownAt) => resolve({ shownAt, doneText, failText }));
        };
        const observer = new MutationObserver(check);
        observer.observe(document, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
        });
        const timer = setTimeout(() => {
          if (settled) return;
          settled = true;
          observer.disconnect();
          reject(new Error(`not done within ${timeoutMs} ms`));
        }, timeoutMs);
      })
        .then(({ shownAt, doneText, failText }) => {
          // A task or frame counts when it overlaps the step's time at all.
          const overlaps = (t) => t.start + t.duration > startedAt && t.start < shownAt;
          work.stop();
          return {
            ms: shownAt - startedAt,
            longTasks: work.tasks.filter(overlaps).map((t) => t.duration),
            longFrames: work.frames.filter(overlaps),
            text: doneText ?? '',
            failure: failText ?? '',
          };
        })
        .finally(() => {
          work.stop();
          window.removeEventListener(start, onStart, { capture: true });
        });
      // Read later through `armed`; a rejection is reported there, not as unhandled.
      result.catch(() => undefined);
      probe.armed = result;
    },
    armed: null,
    /**
     * Resolves once no long task has run for `quietMs` (or after `maxMs`), so
     * start-up work is not in the next figure.
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
    /** Puts `rows` into `store` of `dbName`, in one transaction. */
    putRows: async (dbName, store, rows) => {
      const db = await openDb(dbName);
      try {
        await new Promise((resolve, reject) => {
          const tx = db.transaction(store, 'readwrite');
          const os = tx.objectStore(store);
          for (const row of rows) os.put(row);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(new Error(`cannot write ${store}: ${String(tx.error)}`));
          tx.onabort = () => reject(new Error(`writing ${store} was aborted: ${String(tx.error)}`));
        });
      } finally {
        db.close();
      }
    },
    /**
     * Puts one photo under each of `keys`: the drawn photo `bases[i % n]`
     * with a comment segment naming the animal right after its start, so
     * every photo's bytes differ and each is still a JPEG as the app keeps it.
     * Resolves to each photo's JPEG bytes.
     */
    putPhotos: async (dbName, bases, keys) => {
      const decoded = bases.map((base) => ({ ...base, bytes: fromBase64(base.base64) }));
      const sizes = [];
      const rows = keys.map((key, i) => {
        const base = decoded[i % decoded.length];
        const note = comment(`Kennel bench photo of ${key}`);
        const bytes = new Uint8Array(base.bytes.length + note.length);
        bytes.set(base.bytes.subarray(0, 2));
        bytes.set(note, 2);
        bytes.set(base.bytes.subarray(2), 2 + note.length);
        sizes.push(bytes.length);
        return {
          key,
          dataUrl: `data:image/jpeg;base64,${toBase64(bytes)}`,
          width: base.width,
          height: base.height,
        };
      });
      await probe.putRows(dbName, 'photos', rows);
      return sizes;
    },
    /**
     * What `dbName` holds: rows per store, and the photos' JPEG bytes in all
     * (decoded sizes, from the base64's length).
     */
    tally: async (dbName) => {
      const db = await openDb(dbName);
      try {
        const count = (store) =>
          new Promise((resolve, reject) => {
            if (!db.objectStoreNames.contains(store)) return resolve(0);
            const request = db.transaction(store, 'readonly').objectStore(store).count();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(new Error(String(request.error)));
          });
        const photoBytes = () =>
          new Promise((resolve, reject) => {
            let bytes = 0;
            const request = db.transaction('photos', 'readonly').objectStore('photos').openCursor();
            request.onsuccess = () => {
              const cursor = request.result;
              if (cursor === null) return resolve(bytes);
              const url = String(cursor.value.dataUrl);
              const body = url.slice(url.indexOf(',') + 1);
              const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
              bytes += Math.floor((body.length * 3) / 4) - padding;
              cursor.continue();
            };
            request.onerror = () => reject(new Error(String(request.error)));
          });
        return {
          pets: await count('pets'),
          records: await count('records'),
          photos: await count('photos'),
          categories: await count('categories'),
          photoBytes: await photoBytes(),
        };
      } finally {
        db.close();
      }
    },
  };
  window.__kennelDeskFileBench = probe;
})();
