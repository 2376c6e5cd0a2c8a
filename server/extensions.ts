/**
 * The reference service's extensions to the specification's interface. Each is
 * off unless asked for, so by default the service shows a client only what the
 * real service promises.
 */
import type { ServiceOptions } from './types';

/** The extensions in force. Mutable, so a running service can be switched. */
export interface Extensions {
  /** `Idempotency-Key` on `POST /pets` is honoured; otherwise ignored like any unknown header. */
  idempotency: boolean;
  /** `X-RateLimit-Daily-*` are sent next to the rate-limit headers the specification shows. */
  dailyHeaders: boolean;
  /** `GET /pets` carries an RFC 8288 `Link: <…>; rel="next"` and honours its `cursor`. */
  pagination: boolean;
}

function flag(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new RangeError(`${name} must be true or false.`);
  return value;
}

/** The extensions `options` ask for; throws a `RangeError` naming a non-boolean option. */
export function extensionsFrom(options: ServiceOptions): Extensions {
  return {
    idempotency: flag('idempotency', options.idempotency),
    dailyHeaders: flag('dailyHeaders', options.dailyHeaders),
    pagination: flag('pagination', options.pagination),
  };
}
