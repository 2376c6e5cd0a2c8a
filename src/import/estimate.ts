/**
 * The sentence shown before a bulk add: how long the animals will take to
 * send on this key's plan, and what is left of today's requests. Each animal
 * is one request; the spec's limit is per minute (section 8), and animals
 * already waiting go first.
 */
import type { RateLimitState } from '../../electron/contract/pacing';
import { formatClock, formatNumber } from '../format/clock';
import { t } from '../i18n';

/** What the estimate needs to know. */
export interface EstimateInput {
  /** Animals about to be added. */
  count: number;
  /** Animals already waiting to be sent, which go first. */
  waiting: number;
  /** The governor's view of the key; null before it was asked. */
  rate: RateLimitState | null;
}

function animals(n: number): string {
  return t('import.estimate.animals', { n: formatNumber(n) }, n);
}

/** "under a minute", "about 3 minutes", "about 2 hours". */
function sendingTime(requests: number, perMinute: number): string {
  const minutes = requests / perMinute;
  if (minutes < 1) return t('import.estimate.underMinute');
  if (minutes < 90) {
    const whole = Math.ceil(minutes);
    return t('import.estimate.minutes', { n: formatNumber(whole) }, whole);
  }
  return t('import.estimate.hours', { n: formatNumber(Math.ceil(minutes / 60)) });
}

function timeOnPlan(requests: number, limit: number | null, waiting: number): string {
  if (limit === null || limit <= 0) return t('import.estimate.unknownTime');
  const time = sendingTime(requests, limit);
  if (waiting === 0) return t('import.estimate.onPlan', { time });
  return t('import.estimate.onPlanAfter', { time, waiting: animals(waiting) }, waiting);
}

/**
 * "187 animals: about 4 minutes on this plan; 813 of today's 1,000 requests
 * left." (on a plan of 60 a minute). When today's requests will not cover them, says how many wait for
 * the next day. Says so plainly when the plan or the day is not known yet.
 */
export function importEstimate({ count, waiting, rate }: EstimateInput): string {
  const requests = count + waiting;
  const time = timeOnPlan(requests, rate?.limit ?? null, waiting);
  const dailyLimit = rate?.dailyLimit ?? null;
  const dailyRemaining = rate?.dailyRemaining ?? null;
  if (dailyLimit === null || dailyRemaining === null) {
    return t('import.estimate.dayUnknown', { animals: animals(count), time });
  }
  const left = Math.max(0, Math.min(dailyRemaining, dailyLimit));
  const day = t(
    rate?.dailySource === 'plan' ? 'import.estimate.dayEstimated' : 'import.estimate.day',
    {
      left: formatNumber(left),
      limit: formatNumber(dailyLimit),
    },
  );
  if (requests <= left) return t('import.estimate.fits', { animals: animals(count), time, day });
  const over = requests - left;
  const values = { animals: animals(count), time, day, over: animals(over) };
  if (rate?.dailyResetAt == null) return t('import.estimate.waits', values, over);
  return t('import.estimate.waitsAt', { ...values, at: formatClock(rate.dailyResetAt) }, over);
}
