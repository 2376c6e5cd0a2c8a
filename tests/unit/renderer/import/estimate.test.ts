import { afterEach, describe, expect, it } from 'vitest';
import { formatClock } from '../../../../src/format/clock';
import { applyLanguage } from '../../../../src/i18n';
import { importEstimate } from '../../../../src/import/estimate';
import { rateLimitState } from '../support/rate-limit-state';

/** The governor's view of a key with `fields` known. */
const rate = rateLimitState;

// The Free plan: 60 a minute, 1,000 a day.
const FREE = { limit: 60, dailyLimit: 1000, dailySource: 'service' as const };

describe('importEstimate', () => {
  it('says how long on this plan and what is left of today', () => {
    expect(
      importEstimate({ count: 187, waiting: 0, rate: rate({ ...FREE, dailyRemaining: 813 }) }),
    ).toBe('187 animals: about 4 minutes on this plan; 813 of today\u2019s 1,000 requests left.');
  });

  it('counts the animals already waiting, which go first', () => {
    expect(
      importEstimate({ count: 100, waiting: 30, rate: rate({ ...FREE, dailyRemaining: 900 }) }),
    ).toBe(
      '100 animals: about 3 minutes on this plan, after the 30 animals already waiting; 900 of today\u2019s 1,000 requests left.',
    );
    expect(
      importEstimate({ count: 1, waiting: 1, rate: rate({ ...FREE, dailyRemaining: 900 }) }),
    ).toBe(
      '1 animal: under a minute on this plan, after the 1 animal already waiting; 900 of today\u2019s 1,000 requests left.',
    );
  });

  it('says so when the plan and the day are not known yet', () => {
    const unknown =
      '187 animals: the time depends on the service\u2019s limit, which Kennel learns from its first answer; today\u2019s remaining requests are not known yet.';
    expect(importEstimate({ count: 187, waiting: 0, rate: null })).toBe(unknown);
    expect(importEstimate({ count: 187, waiting: 5, rate: rate({}) })).toBe(unknown);
    expect(importEstimate({ count: 187, waiting: 0, rate: rate({ limit: 0 }) })).toBe(unknown);
  });

  it('gives the time when only the day is unknown', () => {
    expect(importEstimate({ count: 400, waiting: 0, rate: rate({ limit: 300 }) })).toBe(
      '400 animals: about 2 minutes on this plan; today\u2019s remaining requests are not known yet.',
    );
    // Either daily figure missing is not knowing the day.
    expect(
      importEstimate({ count: 2, waiting: 0, rate: rate({ limit: 60, dailyLimit: 1000 }) }),
    ).toMatch(/today\u2019s remaining requests are not known yet\.$/);
    expect(
      importEstimate({ count: 2, waiting: 0, rate: rate({ limit: 60, dailyRemaining: 10 }) }),
    ).toMatch(/today\u2019s remaining requests are not known yet\.$/);
  });

  it('gives the day even when the per-minute limit is unknown', () => {
    expect(
      importEstimate({
        count: 3,
        waiting: 0,
        rate: rate({ dailyLimit: 5000, dailyRemaining: 4321, dailySource: 'setting' }),
      }),
    ).toBe(
      '3 animals: the time depends on the service\u2019s limit, which Kennel learns from its first answer; 4,321 of today\u2019s 5,000 requests left.',
    );
  });

  it('marks a day estimated from the plan', () => {
    expect(
      importEstimate({
        count: 300,
        waiting: 0,
        rate: rate({ limit: 300, dailyLimit: 10_000, dailyRemaining: 9_500, dailySource: 'plan' }),
      }),
    ).toBe(
      '300 animals: about 1 minute on this plan; 9,500 of today\u2019s 10,000 requests left (estimated from the plan).',
    );
  });

  it('says how many wait for tomorrow when today’s requests will not cover them, and when the day resets', () => {
    const midnight = new Date(2025, 4, 21, 0, 0, 0).getTime();
    expect(
      importEstimate({
        count: 187,
        waiting: 0,
        rate: rate({ ...FREE, dailyRemaining: 100, dailyResetAt: midnight }),
      }),
    ).toBe(
      // The time as the user's locale writes it ("12:00:00 AM", "0:00:00"), through the app's one formatter.
      `187 animals: about 4 minutes on this plan; 100 of today\u2019s 1,000 requests left, so 87 animals will wait until the daily limit resets at ${formatClock(midnight)}.`,
    );
    expect(formatClock(midnight)).not.toBe('');
  });

  it('counts the animals already waiting against today’s requests too', () => {
    expect(
      importEstimate({ count: 50, waiting: 60, rate: rate({ ...FREE, dailyRemaining: 100 }) }),
    ).toBe(
      '50 animals: about 2 minutes on this plan, after the 60 animals already waiting; 100 of today\u2019s 1,000 requests left, so 10 animals will wait until the daily limit resets.',
    );
  });

  it('fits exactly into what is left without a wait', () => {
    expect(
      importEstimate({ count: 813, waiting: 0, rate: rate({ ...FREE, dailyRemaining: 813 }) }),
    ).toBe('813 animals: about 14 minutes on this plan; 813 of today\u2019s 1,000 requests left.');
    expect(
      importEstimate({ count: 814, waiting: 0, rate: rate({ ...FREE, dailyRemaining: 813 }) }),
    ).toMatch(/, so 1 animal will wait until the daily limit resets\.$/);
  });

  it('never says more is left than the day allows, nor less than none', () => {
    expect(
      importEstimate({ count: 10, waiting: 0, rate: rate({ ...FREE, dailyRemaining: 1200 }) }),
    ).toBe('10 animals: under a minute on this plan; 1,000 of today\u2019s 1,000 requests left.');
    expect(
      importEstimate({ count: 10, waiting: 0, rate: rate({ ...FREE, dailyRemaining: -3 }) }),
    ).toBe(
      '10 animals: under a minute on this plan; 0 of today\u2019s 1,000 requests left, so 10 animals will wait until the daily limit resets.',
    );
  });

  it('writes large counts with thousands separators', () => {
    expect(
      importEstimate({
        count: 12_345,
        waiting: 0,
        rate: rate({
          limit: 1000,
          dailyLimit: 100_000,
          dailyRemaining: 99_000,
          dailySource: 'plan',
        }),
      }),
    ).toBe(
      '12,345 animals: about 13 minutes on this plan; 99,000 of today\u2019s 100,000 requests left (estimated from the plan).',
    );
  });
});

describe('importEstimate in Spanish', () => {
  afterEach(() => applyLanguage('en'));

  it('says the same in Spanish, with Spanish grouping and plural forms', async () => {
    await applyLanguage('es');
    const midnight = new Date(2025, 4, 21, 0, 0, 0).getTime();
    expect(
      importEstimate({
        count: 1187,
        waiting: 1,
        rate: rate({ ...FREE, dailyLimit: 10_000, dailyRemaining: 1000, dailyResetAt: midnight }),
      }),
    ).toBe(
      `1187 animales: unos 20 minutos con este plan, despu\u00e9s del 1 animal que ya espera; quedan 1000 de las 10.000 solicitudes de hoy, as\u00ed que 188 animales esperar\u00e1n hasta que se renueve el l\u00edmite diario, a las ${formatClock(midnight)}.`,
    );
    expect(importEstimate({ count: 1, waiting: 0, rate: null })).toBe(
      '1 animal: el tiempo depende del l\u00edmite del servicio, que Kennel conoce con su primera respuesta; a\u00fan no se sabe cu\u00e1ntas solicitudes quedan hoy.',
    );
  });
});

/** The time the estimate gives for `requests` on a plan of `perMinute`, as it reads. */
function sendingTime(requests: number, perMinute: number): string | undefined {
  const said = importEstimate({ count: requests, waiting: 0, rate: rate({ limit: perMinute }) });
  return /^[^:]+: (.+) on this plan;/.exec(said)?.[1];
}

describe('the time an import takes to send', () => {
  it('is under a minute below one minute’s requests', () => {
    expect(sendingTime(0, 60)).toBe('under a minute');
    expect(sendingTime(59, 60)).toBe('under a minute');
  });

  it('rounds minutes up, singular for one', () => {
    expect(sendingTime(60, 60)).toBe('about 1 minute');
    expect(sendingTime(61, 60)).toBe('about 2 minutes');
    expect(sendingTime(89 * 60, 60)).toBe('about 89 minutes');
  });

  it('speaks in hours from an hour and a half, rounded up', () => {
    expect(sendingTime(90 * 60, 60)).toBe('about 2 hours');
    expect(sendingTime(10_000, 60)).toBe('about 3 hours');
    expect(sendingTime(100_000, 60)).toBe('about 28 hours');
  });
});
