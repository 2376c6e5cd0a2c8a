/**
 * The demo API keys and their plans, and the one place keys are compared.
 * Keys are matched by SHA-256 digest with a constant-time comparison over every
 * known key, so timing reveals neither which key nor how much of it matched.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Plan } from './types';

/** Fixed demo keys; the docs, the launchers and the tests use these. */
export const DEMO_KEYS: Record<string, Plan> = {
  'kennel-demo-free': { name: 'Free', perMinute: 60, perDay: 1_000 },
  'kennel-demo-pro': { name: 'Pro', perMinute: 300, perDay: 10_000 },
  'kennel-demo-business': { name: 'Business', perMinute: 1_000, perDay: 100_000 },
  'kennel-demo-custom': { name: 'Custom', perMinute: 120, perDay: 5_000 },
};

/** The plan unauthenticated requests are counted against (they are never limited). */
export const ANONYMOUS_PLAN: Plan = { name: 'Anonymous', perMinute: 60, perDay: 1_000 };

/** Record id of requests without a known key. */
export const ANONYMOUS_KEY_ID = 'anonymous';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** A stable, non-secret label for a key: `<plan>:<first 8 hex of its SHA-256>`. */
export function keyIdFor(key: string, plan: Plan): string {
  return `${plan.name.toLowerCase()}:${digest(key).toString('hex').slice(0, 8)}`;
}

/** A key the service accepted. */
export interface KnownKey {
  keyId: string;
  plan: Plan;
}

/** Looks keys up without leaking timing. */
export class KeyRing {
  readonly #entries: Array<{ digest: Buffer; known: KnownKey }>;

  constructor(keys: Record<string, Plan>) {
    this.#entries = Object.entries(keys).map(([key, plan]) => {
      assertPlan(plan);
      return { digest: digest(key), known: { keyId: keyIdFor(key, plan), plan } };
    });
  }

  /** The key's plan, or null when unknown. Compares against every entry. */
  find(candidate: string): KnownKey | null {
    const wanted = digest(candidate);
    let found: KnownKey | null = null;
    for (const entry of this.#entries) {
      if (timingSafeEqual(entry.digest, wanted)) found = entry.known;
    }
    return found;
  }
}

function assertPlan(plan: Plan): void {
  for (const field of ['perMinute', 'perDay'] as const) {
    if (!Number.isSafeInteger(plan[field]) || plan[field] < 1) {
      throw new RangeError(`Plan "${plan.name}": ${field} must be a positive whole number.`);
    }
  }
}

/** The bearer token of an `Authorization` header, or null when absent or not bearer. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
