import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The process's resident set, in MB of 10^6 bytes (the unit of the target). */
export const rssMB = (): number => process.memoryUsage.rss() / 1e6;

/** A way to force a full garbage collection, and how it was had. */
export interface Collector {
  collect(): void;
  method: string;
}

/**
 * V8's `gc()`: the global one when Node was started with `--expose-gc`, else
 * exposed now (the flag, then a fresh context, which gets the function), as
 * Jest does to find leaks. Null when neither works.
 */
export function forcedGc(): Collector | null {
  const global = (globalThis as { gc?: unknown }).gc;
  if (typeof global === 'function') {
    return { collect: () => global(), method: 'forced GC (node --expose-gc)' };
  }
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    if (typeof gc !== 'function') return null;
    return {
      collect: () => gc(),
      method: "forced GC (V8's gc() exposed at run time with v8.setFlagsFromString)",
    };
  } catch {
    return null;
  }
}
