import { beforeEach, describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDay,
  formatLocale,
  formatShortTime,
  secondsUntil,
} from '../../../../src/format/clock';
import { applyLanguage } from '../../../../src/i18n';
import { profileLabel } from '../../../../src/format/profile';
import { describeConnection, unreachableNote } from '../../../../src/status/connection-text';
import { NOT_FROM_SERVICE_CODE } from '../../../../electron/contract/errors';
import {
  announceRateLimit,
  describeDailyBudget,
  describeRateLimit,
  describeRateLimitReset,
  describeRequestsLeft,
  isRateLimitPaused,
} from '../../../../src/status/rate-limit-text';
import { rateLimitState } from '../support/rate-limit-state';

const NOW = new Date(2030, 5, 1, 14, 0, 0).getTime();

beforeEach(() => applyLanguage('en'));

const state = rateLimitState;

describe('describeDailyBudget', () => {
  it('says what is left of the day, marking a figure inferred from the plan', () => {
    expect(describeDailyBudget(state({ dailyLimit: 1000, dailyRemaining: 813 }))).toBe(
      '813 of 1,000 requests left today',
    );
    expect(
      describeDailyBudget(state({ dailyLimit: 1000, dailyRemaining: 813, dailySource: 'plan' })),
    ).toBe('813 of 1,000 requests left today (estimated from the plan)');
  });

  it('says nothing while no daily figure is known', () => {
    expect(describeDailyBudget(null)).toBe('');
    expect(describeDailyBudget(state({ limit: 42, remaining: 40 }))).toBe('');
  });
});

describe('describeRateLimit', () => {
  it('says how many requests are left this minute', () => {
    expect(describeRateLimit(state({ limit: 60, remaining: 57, resetAt: NOW + 30_000 }), NOW)).toBe(
      '57 of 60 requests left this minute',
    );
  });

  it('gives a long pause its end instead of a count of seconds', () => {
    const paused = state({ limit: 60, remaining: 0, pausedUntil: NOW + 24 * 3_600_000 });
    expect(describeRateLimit(paused, NOW)).toBe(
      `Paused by the service, sending again on ${formatDay(NOW + 24 * 3_600_000)} at ${formatShortTime(NOW + 24 * 3_600_000)}`,
    );
  });

  it('counts down a pause the service asked for, in whole seconds', () => {
    const paused = state({ limit: 60, remaining: 0, pausedUntil: NOW + 22_100 });
    expect(describeRateLimit(paused, NOW)).toBe('Paused by the service, resuming in 23 s');
    expect(isRateLimitPaused(paused, NOW)).toBe(true);
  });

  it('stops counting once the pause is over', () => {
    const over = state({ limit: 60, remaining: 0, resetAt: NOW - 1, pausedUntil: NOW - 1 });
    expect(isRateLimitPaused(over, NOW)).toBe(false);
    expect(describeRateLimit(over, NOW)).toBe('60 of 60 requests left this minute');
  });

  it('says when nothing is known yet', () => {
    expect(describeRateLimit(null, NOW)).toBe(
      'Kennel learns how many requests it may send from the service’s first answer.',
    );
    expect(describeRateLimit(state({}), NOW)).toBe('No requests sent yet');
  });
});

describe('describeConnection', () => {
  it('names each state', () => {
    expect(describeConnection({ connection: 'online', pausedUntil: null })).toBe('Online');
    expect(describeConnection({ connection: 'offline', pausedUntil: null })).toBe('Offline');
    expect(describeConnection({ connection: 'unknown', pausedUntil: null })).toBe('Checking…');
    // Offline because a sign-in page answers in the service's place; any other failure is plain offline.
    const portal = {
      kind: 'malformed-response' as const,
      message: '',
      code: NOT_FROM_SERVICE_CODE,
    };
    expect(
      describeConnection({ connection: 'offline', pausedUntil: null, lastError: portal }),
    ).toBe('Network sign-in needed');
    expect(
      describeConnection({
        connection: 'offline',
        pausedUntil: null,
        lastError: { kind: 'network', message: '' },
      }),
    ).toBe('Offline');
    // The header's note names the sign-in page and what to do; otherwise the plain note.
    expect(unreachableNote({ lastError: portal })).toMatch(
      /^The network in front of the service is answering instead of it .* accept its terms\./,
    );
    expect(unreachableNote({ lastError: { kind: 'network', message: '' } })).toBe(
      "Can't reach the service. Your intake is saved here and will be sent when it is back.",
    );
    const paused = describeConnection(
      { connection: 'online', pausedUntil: NOW + 65_000 },
      false,
      NOW,
    );
    expect(paused).toBe(`Paused by the service until ${formatClock(NOW + 65_000)}`);
    expect(paused).toMatch(/ until (14|2):01:05/);
  });

  it('gives the day of a pause that ends on another day', async () => {
    const tomorrow = NOW + 20 * 3_600_000;
    const paused = describeConnection({ connection: 'online', pausedUntil: tomorrow }, false, NOW);
    expect(paused).toBe(
      `Paused by the service until ${formatDay(tomorrow)} at ${formatShortTime(tomorrow)}`,
    );
    expect(paused).toMatch(/^Paused by the service until (2 June 2030|June 2, 2030) at (10|10:00)/);
    await applyLanguage('es');
    expect(describeConnection({ connection: 'online', pausedUntil: tomorrow }, false, NOW)).toBe(
      'En pausa por el servicio hasta el 2 de junio de 2030 a las 10:00',
    );
  });

  it('speaks Spanish when Spanish is chosen', async () => {
    await applyLanguage('es');
    expect(describeConnection({ connection: 'offline', pausedUntil: null })).toBe('Sin conexión');
    expect(describeRateLimit(state({ limit: 60, remaining: 57 }), NOW)).toBe(
      'Quedan 57 de 60 solicitudes en este minuto',
    );
  });
});

describe('describeRequestsLeft', () => {
  it('says how many requests are left and when more come, never "Rate limit"', () => {
    const minute = state({ limit: 60, remaining: 42, resetAt: NOW + 25_000 });
    expect(describeRequestsLeft(minute, NOW)).toBe('42 requests left · more in under a minute');
    expect(describeRequestsLeft({ ...minute, remaining: 1 }, NOW)).toBe(
      '1 request left · more in under a minute',
    );
    expect(describeRequestsLeft({ ...minute, remaining: 0 }, NOW)).toBe(
      'No requests left · more in under a minute',
    );
  });

  it('says nothing of more to come while the window is full or over', () => {
    expect(
      describeRequestsLeft(state({ limit: 60, remaining: 60, resetAt: NOW + 9_000 }), NOW),
    ).toBe('60 requests left');
    // Once the window has reset, the whole limit is there again.
    expect(describeRequestsLeft(state({ limit: 60, remaining: 3, resetAt: NOW - 1 }), NOW)).toBe(
      '60 requests left',
    );
  });

  it('shows the day when fewer are left today than this minute, with when the day resets', () => {
    const resetAt = NOW + 3 * 3_600_000;
    const day = state({
      limit: 60,
      remaining: 50,
      resetAt: NOW + 20_000,
      dailyLimit: 1000,
      dailyRemaining: 7,
      dailyResetAt: resetAt,
    });
    expect(describeRequestsLeft(day, NOW)).toBe(
      `7 requests left today · more at ${formatShortTime(resetAt)}`,
    );
    expect(describeRequestsLeft({ ...day, dailyResetAt: null }, NOW)).toBe('7 requests left today');
    // With more left today than this minute, the minute is what counts.
    expect(describeRequestsLeft({ ...day, dailyRemaining: 500 }, NOW)).toBe(
      '50 requests left · more in under a minute',
    );
  });

  it('says a pause plainly, with when sending goes on', () => {
    const paused = state({ limit: 60, remaining: 0, pausedUntil: NOW + 150_000 });
    expect(describeRequestsLeft(paused, NOW)).toBe('Paused · sending again in 3 minutes');
  });

  it('says when nothing is known yet', () => {
    expect(describeRequestsLeft(null, NOW)).toBe('Requests left: not known yet');
    expect(describeRequestsLeft(state({}), NOW)).toBe('Requests left: not known yet');
  });

  it('speaks Spanish when Spanish is chosen', async () => {
    await applyLanguage('es');
    const minute = state({ limit: 60, remaining: 42, resetAt: NOW + 25_000 });
    expect(describeRequestsLeft(minute, NOW)).toBe(
      'Quedan 42 solicitudes · habrá más en menos de un minuto',
    );
    expect(describeRequestsLeft({ ...minute, remaining: 0 }, NOW)).toBe(
      'No queda ninguna solicitud · habrá más en menos de un minuto',
    );
  });
});

/** When more requests come, as the indicator says it with 5 of 10 left until `at`. */
function whenMore(at: number, now: number): string | undefined {
  const said = describeRequestsLeft(state({ limit: 10, remaining: 5, resetAt: at }), now);
  return /^5 requests left · more (.+)$/.exec(said)?.[1];
}

describe('when more requests come', () => {
  it('rounds up to whole minutes within the hour, then gives the time of day', () => {
    expect(whenMore(NOW + 59_000, NOW)).toBe('in under a minute');
    expect(whenMore(NOW + 60_000, NOW)).toBe('in 1 minute');
    expect(whenMore(NOW + 61_000, NOW)).toBe('in 2 minutes');
    expect(whenMore(NOW + 3_599_000, NOW)).toBe('in 60 minutes');
    expect(whenMore(NOW + 3_600_000, NOW)).toBe(`at ${formatShortTime(NOW + 3_600_000)}`);
    expect(formatShortTime(NOW + 3_600_000)).toMatch(/^(15|3):00/);
    expect(whenMore(NOW + 12 * 3_600_000, NOW)).toBe(
      `on ${formatDay(NOW + 12 * 3_600_000)} at ${formatShortTime(NOW + 12 * 3_600_000)}`,
    );
  });
});

describe('rate limit, plainly', () => {
  it('never shows a limit nobody can act on', () => {
    const huge = state({ limit: Number(2n ** 63n - 1n), remaining: Number(2n ** 63n - 1n) });
    expect(describeRateLimit(huge, NOW)).toBe('The service sets no limit on requests.');
    expect(describeRequestsLeft(huge, NOW)).toBe('No limit on requests');
    expect(describeRateLimitReset(huge, NOW)).toBe('');
    expect(
      describeDailyBudget(state({ dailyLimit: Number(2n ** 63n - 1n), dailyRemaining: 5 })),
    ).toBe('');
  });

  it('says when the count starts again, as a time of day', () => {
    const open = state({ limit: 60, remaining: 3, resetAt: NOW + 30_000 });
    expect(describeRateLimitReset(open, NOW)).toBe(
      `The count starts again at ${formatClock(NOW + 30_000)}.`,
    );
    expect(describeRateLimitReset(open, NOW + 31_000)).toBe('');
  });

  it('announces only a pause and its end', () => {
    expect(announceRateLimit(null, false)).toBe('');
    expect(announceRateLimit(NOW + 5000, false, NOW)).toBe(
      `The service asked Kennel to pause sending until ${formatClock(NOW + 5000)}.`,
    );
    expect(announceRateLimit(null, true)).toBe('The pause is over. Kennel is sending again.');
  });
});

describe('formatting', () => {
  it('formats clock times through Intl in the language in use, with seconds', async () => {
    const at = new Date(2030, 0, 1, 19, 3, 9).getTime();
    const intl = (locale: string): string =>
      new Intl.DateTimeFormat(locale, {
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
      }).format(at);
    expect(formatClock(at)).toBe(intl(formatLocale()));
    expect(formatClock(at)).toMatch(/^(19|7):03:09/);
    await applyLanguage('es');
    expect(formatLocale()).toMatch(/^es/);
    expect(formatClock(at)).toBe('19:03:09');
  });

  it('rounds seconds up and never goes below zero', () => {
    expect(secondsUntil(NOW + 1, NOW)).toBe(1);
    expect(secondsUntil(NOW - 5000, NOW)).toBe(0);
  });

  it('labels profiles', () => {
    expect(profileLabel('staging')).toBe('Staging');
  });
});
