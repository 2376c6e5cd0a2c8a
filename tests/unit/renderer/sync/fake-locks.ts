/**
 * An in-memory, exclusive-mode stand-in for the Web Locks API (`navigator.locks`),
 * which Node lacks. Several engines handed the same instance behave like
 * windows of one browser profile: one holds a lock, the others queue for it.
 */

type Grant = (lock: Lock | null) => unknown;

interface Waiter {
  name: string;
  run: () => void;
}

class FakeLockManager {
  private readonly held = new Set<string>();
  private readonly queue: Waiter[] = [];

  request(name: string, optionsOrGrant: LockOptions | Grant, maybeGrant?: Grant): Promise<unknown> {
    const options: LockOptions = typeof optionsOrGrant === 'function' ? {} : optionsOrGrant;
    const grant = typeof optionsOrGrant === 'function' ? optionsOrGrant : maybeGrant;
    if (!grant) return Promise.reject(new TypeError('A callback is required.'));
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(abortError());

    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        name,
        run: () => {
          signal?.removeEventListener('abort', onAbort);
          this.held.add(name);
          const lock = { name, mode: 'exclusive' } as Lock;
          Promise.resolve()
            .then(() => grant(lock))
            .then(resolve, reject)
            .finally(() => {
              this.held.delete(name);
              this.next(name);
            });
        },
      };
      const onAbort = (): void => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort);
      if (this.held.has(name)) this.queue.push(waiter);
      else waiter.run();
    });
  }

  async query(): Promise<LockManagerSnapshot> {
    return {
      held: [...this.held].map((name) => ({ name, mode: 'exclusive', clientId: 'test' })),
      pending: this.queue.map((w) => ({ name: w.name, mode: 'exclusive', clientId: 'test' })),
    };
  }

  private next(name: string): void {
    const index = this.queue.findIndex((w) => w.name === name);
    if (index < 0) return;
    const [waiter] = this.queue.splice(index, 1);
    waiter?.run();
  }
}

function abortError(): Error {
  return new DOMException('The lock request was aborted.', 'AbortError');
}

/** A fresh lock manager shared by the engines that should see each other. */
export function createFakeLocks(): LockManager {
  // The class implements the exclusive subset the engine uses; the DOM type's
  // generic overloads cannot be written by a class directly.
  return new FakeLockManager() as unknown as LockManager;
}
