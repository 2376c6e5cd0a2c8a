/**
 * The configured latency, spent once per request. The wait ends early (with an
 * error) when the service closes, so no request outlives it.
 */
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from './context';

/** Waits the configured latency for `request` unless it already did. */
export async function applyLatency(
  context: ServiceContext,
  request: FastifyRequest,
): Promise<void> {
  const info = context.requests.get(request);
  if (!info || info.delayed) return;
  info.delayed = true;
  const ms = context.faults.latencyMs;
  if (ms <= 0) return;
  const signal = context.closing.signal;
  await new Promise<void>((resolve, reject) => {
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
