/* global window, IDBObjectStore, IDBIndex */
// Injected into the app's page before its own scripts by the import's crash
// test (see `transaction-stop.ts`). IndexedDB's own methods are wrapped, so
// the app is untouched: each request in a read-write transaction is counted,
// and once the armed point is reached the transaction is kept open (one read
// at a time, each asked for when the last one succeeds, so it never runs out
// of requests and never commits) until the browser dies. The outbox's rows
// are counted across transactions, so an import split over two is stopped in
// the second with the first already committed. Plain JavaScript: it reaches
// the page as written here. Nothing of the app calls it.
(() => {
  const report = (r) => void window.__kennelTransactionStop(r);
  /** Reads with no request of the app's pending or asked before it counts as done with the transaction. */
  const QUIET_ROUNDS = 5;
  /** { point: 'mid' | 'before-commit' | 'after-commit', rows } or null. */
  let armed = null;
  let rowsSinceArmed = 0;
  let txCount = 0;
  const watches = new WeakMap();
  window.__kennelArmTransactionStop = (point, rows) => {
    armed = { point, rows };
    rowsSinceArmed = 0;
  };
  const realGet = IDBObjectStore.prototype.get;

  const stop = (watch, point) => {
    armed = null;
    report({
      kind: 'stopped',
      point,
      tx: watch.n,
      outboxAdds: watch.outboxAdds,
      committed: watch.committed,
    });
  };

  /** Keeps `tx` open for good; calls `then`, if given, once the app has asked nothing of it for a while. */
  const hold = (tx, watch, then) => {
    if (watch.holding) return;
    watch.holding = true;
    let quiet = 0;
    let askedBefore = watch.asked;
    const round = () => {
      const request = realGet.call(tx.objectStore('outbox'), '\u0000');
      request.addEventListener('success', () => {
        const idle = watch.pending === 0 && watch.asked === askedBefore;
        quiet = idle ? quiet + 1 : 0;
        askedBefore = watch.asked;
        if (then !== undefined && quiet === QUIET_ROUNDS) then();
        round();
      });
    };
    round();
  };

  const watchOf = (tx) => {
    if (tx.mode !== 'readwrite') return null;
    const known = watches.get(tx);
    if (known !== undefined) return known;
    txCount += 1;
    const watch = {
      n: txCount,
      outboxAdds: 0,
      pending: 0,
      asked: 0,
      committed: false,
      holding: false,
    };
    watches.set(tx, watch);
    tx.addEventListener('complete', () => {
      watch.committed = true;
      if (watch.outboxAdds === 0) return;
      report({ kind: 'ended', tx: watch.n, how: 'complete' });
      if (armed !== null && armed.point === 'after-commit' && rowsSinceArmed >= armed.rows) {
        stop(watch, 'after-commit');
      }
    });
    tx.addEventListener('abort', () => {
      if (watch.outboxAdds > 0) report({ kind: 'ended', tx: watch.n, how: 'abort' });
    });
    return watch;
  };

  const afterRequest = (store, method, request) => {
    const tx = store.transaction;
    const watch = watchOf(tx);
    if (watch === null) return;
    watch.pending += 1;
    watch.asked += 1;
    const isOutboxAdd = method === 'add' && store.name === 'outbox';
    request.addEventListener('error', () => {
      watch.pending -= 1;
    });
    // Added before the app's own handler, so it runs while the transaction is active.
    request.addEventListener('success', () => {
      watch.pending -= 1;
      if (!isOutboxAdd) return;
      watch.outboxAdds += 1;
      if (armed === null) return;
      rowsSinceArmed += 1;
      if (rowsSinceArmed !== armed.rows) return;
      if (armed.point === 'mid') {
        hold(tx, watch);
        stop(watch, 'mid');
      } else if (armed.point === 'before-commit') {
        hold(tx, watch, () => stop(watch, 'before-commit'));
      }
    });
  };

  const METHODS = [
    'add',
    'put',
    'delete',
    'clear',
    'get',
    'getAll',
    'getAllKeys',
    'getKey',
    'count',
    'openCursor',
    'openKeyCursor',
  ];
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
    for (const method of METHODS) {
      const real = proto[method];
      if (typeof real !== 'function') continue;
      Object.defineProperty(proto, method, {
        configurable: true,
        writable: true,
        value: function (...args) {
          const request = real.apply(this, args);
          afterRequest(this instanceof IDBIndex ? this.objectStore : this, method, request);
          return request;
        },
      });
    }
  }
})();
