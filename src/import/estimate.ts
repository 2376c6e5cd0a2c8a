/**
 * The sentence shown before a bulk add: how long the animals will take to
 * send on this key's plan, and what is left of today's requests. Each animal
 * is one request; the spec's limit is per minute (section 8), and animals
 * already waiting go first.
 */
import type { RateLimitState } from '../../electron/contract';
import { formatClock } from '../format/clock';

/** What the estimate needs to know. */
export interface EstimateInput {
  /** Animals about to be added. */
  count: number;
  /** Animals already waiting to be sent, which go first. */
  waiting: number;
  /** The governor's view of the key; null before it was asked. */
  rate: RateLimitState | null;
}

const number = (n: number): string => n.toLocaleString('en');

function animals(n: number): string {
  return n === 1 ? '1 animal' : `${number(n)} animals`;
}

/** "under a minute", "about 3 minutes", "about 2 hours". */
export function sendingTime(requests: number, perMinute: number): string {
  const minutes = requests / perMinute;
  if (minutes < 1) return 'under a minute';
  if (minutes < 90) {
    const whole = Math.ceil(minutes);
    return `about ${whole} minute${whole === 1 ? '' : 's'}`;
  }
  return `about ${Math.ceil(minutes / 60)} hours`;
}

/**
 * "187 animals: about 4 minutes on this plan; 813 of today's 1,000 requests
 * left." (on a plan of 60 a minute). When today's requests will not cover them, says how many wait for
 * the next day. Says so plainly when the plan or the day is not known yet.
 */
export function importEstimate({ count, waiting, rate }: EstimateInput): string {
  const requests = count + waiting;
  const limit = rate?.limit ?? null;
  const time =
    limit !== null && limit > 0
      ? `${sendingTime(requests, limit)} on this plan${waiting > 0 ? `, after the ${animals(waiting)} already waiting` : ''}`
      : 'the time depends on the service\u2019s limit, which Kennel learns from its first answer';
  const dailyLimit = rate?.dailyLimit ?? null;
  const dailyRemaining = rate?.dailyRemaining ?? null;
  if (dailyLimit === null || dailyRemaining === null) {
    return `${animals(count)}: ${time}; today\u2019s remaining requests are not known yet.`;
  }
  const left = Math.max(0, Math.min(dailyRemaining, dailyLimit));
  const estimated = rate?.dailySource === 'plan' ? ' (estimated from the plan)' : '';
  const day = `${number(left)} of today\u2019s ${number(dailyLimit)} requests left${estimated}`;
  if (requests <= left) return `${animals(count)}: ${time}; ${day}.`;
  const resets = rate?.dailyResetAt != null ? ` at ${formatClock(rate.dailyResetAt)}` : '';
  return `${animals(count)}: ${time}; ${day}, so ${animals(requests - left)} will wait until the daily limit resets${resets}.`;
}
