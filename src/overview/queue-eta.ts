/**
 * When the queue will be through at the current pace, in staff's words
 * ("In about 4 minutes", "Nothing waiting").
 *
 * "The current pace" is the pace the service allows this key now, as the
 * governor last read it: `limit` requests a minute (the limit in force for
 * the key, `RateLimitState.limit`; the specification gives every plan a
 * minute). The sync engine spends what each window allows as it comes, so
 * over a long queue that is its pace, and each animal is one request. A
 * service whose window is shorter than a minute drains faster than said.
 * It is the pace allowed, not the pace measured: a count of the last
 * minutes' sends would say "never" after a quiet spell and would lag behind
 * a change of plan, while the allowed pace is what the queue will actually
 * go at as soon as it moves. On top of it:
 *
 * - what the current minute has left goes first; once that is spent, the
 *   rest waits for the minute to start again (`resetAt`);
 * - a pause the service asked for (`pausedUntil`) is waited out first;
 * - an animal still held is not sent before its hold ends;
 * - when today's requests left are fewer than the animals, the queue will
 *   not be through today, whatever the pace;
 * - while the service cannot be reached, has refused the key, or the
 *   profile has no address or key yet, nothing moves at all, so no time
 *   is promised.
 *
 * It is an estimate: the round trip of each request, other desks on the
 * same key and failures all make it later.
 */
import type { RateLimitState } from '../../electron/contract/pacing';
import { formatNumber, formatShortTime } from '../format/clock';
import { t } from '../i18n';

/** The plans are given per minute, and `limit` is the one in force: that many a minute. */
const MINUTE_MS = 60_000;
/** Above this a limit means "no real limit" (as the header's indicator reads it). */
const LARGEST_REAL_LIMIT = 1_000_000_000;

/** What {@link queueEta} works from; all of it read from the stores that own it. */
export interface EtaInput {
  /** Animals still to send (the sync panel's "waiting"); null while not counted yet. */
  toSend: number | null;
  /** The governor's view of the key; null while not known. */
  state: RateLimitState | null;
  /** The service cannot be reached. */
  offline: boolean;
  /** The service refused the key: nothing is sent until a new one is entered. */
  keyRefused: boolean;
  /** The profile has no service address or no key yet: nothing can be sent. */
  notSetUp: boolean;
  /** When the last hold that is counting down ends; null when none is. */
  lastHoldEndsAt: number | null;
  now: number;
}

/** When the queue will be through. */
export type QueueEta =
  | { kind: 'counting' }
  | { kind: 'nothing' }
  | { kind: 'offline' }
  | { kind: 'key' }
  | { kind: 'notSetUp' }
  /** The service has not said how many requests the key may send yet. */
  | { kind: 'unknown' }
  /** The service sets no limit: as fast as the connection goes. */
  | { kind: 'noLimit' }
  /** Today's requests run out first; `moreAt` is when the day's count starts again. */
  | { kind: 'notToday'; moreAt: number | null }
  | { kind: 'in'; ms: number };

/** When the queue of {@link EtaInput.toSend} animals will be through; see the module's comment. */
export function queueEta(input: EtaInput): QueueEta {
  const { toSend, state, now } = input;
  if (toSend === null) return { kind: 'counting' };
  if (toSend <= 0) return { kind: 'nothing' };
  if (input.notSetUp) return { kind: 'notSetUp' };
  if (input.keyRefused) return { kind: 'key' };
  if (input.offline) return { kind: 'offline' };
  if (state === null || state.limit === null || state.limit <= 0) return { kind: 'unknown' };
  if (state.dailyRemaining !== null && state.dailyRemaining < toSend) {
    return { kind: 'notToday', moreAt: state.dailyResetAt };
  }
  const holdLeft = input.lastHoldEndsAt === null ? 0 : Math.max(0, input.lastHoldEndsAt - now);
  if (state.limit > LARGEST_REAL_LIMIT) {
    return holdLeft > 0 ? { kind: 'in', ms: holdLeft } : { kind: 'noLimit' };
  }
  const limit = state.limit;
  const spacing = MINUTE_MS / limit;
  const pausedFor =
    state.pausedUntil !== null && state.pausedUntil > now ? state.pausedUntil - now : 0;
  const windowOpen = state.resetAt !== null && state.resetAt > now;
  // What this minute has left; a minute that is over has the whole limit again.
  const leftNow =
    windowOpen && state.remaining !== null ? Math.max(0, Math.min(state.remaining, limit)) : limit;
  const first = Math.min(toSend, leftNow);
  let ms = pausedFor + first * spacing;
  const rest = toSend - first;
  if (rest > 0) {
    // The rest waits for the next minute, then goes at the pace.
    const nextWindow = windowOpen && state.resetAt !== null ? state.resetAt - now : 0;
    ms = Math.max(ms, nextWindow) + rest * spacing;
  }
  return { kind: 'in', ms: Math.max(ms, holdLeft) };
}

/** {@link queueEta}'s answer in words: "In about 4 minutes", "Nothing waiting". */
export function etaWords(eta: QueueEta): string {
  switch (eta.kind) {
    case 'counting':
      return t('overview.pace.counting');
    case 'nothing':
      return t('overview.pace.nothing');
    case 'offline':
      return t('overview.pace.offline');
    case 'key':
      return t('overview.pace.key');
    case 'notSetUp':
      return t('overview.pace.notSetUp');
    case 'unknown':
      return t('overview.pace.unknown');
    case 'noLimit':
      return t('overview.pace.noLimit');
    case 'notToday':
      return eta.moreAt === null
        ? t('overview.pace.notToday')
        : t('overview.pace.notTodayUntil', { time: formatShortTime(eta.moreAt) });
    case 'in':
      return durationWords(eta.ms);
  }
}

/** A wait as staff say it: "In under a minute", "In about 4 minutes", "In about 2 hours". */
function durationWords(ms: number): string {
  if (ms < MINUTE_MS) return t('overview.pace.underMinute');
  const minutes = Math.ceil(ms / MINUTE_MS);
  if (minutes < 90) return t('overview.pace.minutes', { n: formatNumber(minutes) }, minutes);
  const hours = Math.round(minutes / 60);
  return t('overview.pace.hours', { n: formatNumber(hours) }, hours);
}

/**
 * The pace the service allows the key now, in words: "Up to 300 animals a
 * minute"; '' while it is not known or there is no limit to speak of.
 */
export function paceWords(state: RateLimitState | null): string {
  const limit = state?.limit ?? null;
  if (limit === null || limit <= 0 || limit > LARGEST_REAL_LIMIT) return '';
  return t('overview.pace.perMinute', { n: formatNumber(limit) }, limit);
}
