/**
 * Real-time delays: the configured latency, spent once per request, and the
 * hold of the slow-after-create fault. A wait ends early (with an error) when
 * the service closes, so no request outlives it.
 */
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from './context';

/** Waits `ms` of real time; rejects at once when the service is closing. */
export function wait(context: ServiceContext, ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  const signal = context.closing.signal;
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('The service is closing.'));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error('The service is closing.'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits the configured latency for `request` unless it already did. */
export async function applyLatency(
  context: ServiceContext,
  request: FastifyRequest,
): Promise<void> {
  const info = context.requests.get(request);
  if (!info || info.delayed) return;
  info.delayed = true;
  await wait(context, context.faults.latencyMs);
}
