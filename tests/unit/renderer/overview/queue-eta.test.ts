import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimitState } from '../../../../electron/contract/pacing';
import { applyLanguage } from '../../../../src/i18n';
import { etaWords, paceWords, queueEta, type EtaInput } from '../../../../src/overview/queue-eta';
import { rateLimitState } from '../support/rate-limit-state';

const NOW = 1_800_000_000_000;

/** A wait of `ms` as the overview says it. */
const durationWords = (ms: number): string => etaWords({ kind: 'in', ms });

/** A Pro key (300 a minute) at the start of a fresh minute, with plenty left today. */
function state(patch: Partial<RateLimitState> = {}): RateLimitState {
  return rateLimitState({
    limit: 300,
    remaining: 300,
    resetAt: NOW + 60_000,
    dailyLimit: 10_000,
    dailyRemaining: 9_000,
    dailyResetAt: NOW + 5 * 3_600_000,
    dailySource: 'service',
    ...patch,
  });
}

function input(patch: Partial<EtaInput> = {}): EtaInput {
  return {
    toSend: 10,
    state: state(),
    offline: false,
    keyRefused: false,
    notSetUp: false,
    lastHoldEndsAt: null,
    now: NOW,
    ...patch,
  };
}

const words = (patch: Partial<EtaInput> = {}): string => etaWords(queueEta(input(patch)));

afterEach(async () => {
  await applyLanguage('en');
});

describe('when the queue will be through', () => {
  it('says nothing is waiting, or that it is still counting', () => {
    expect(words({ toSend: 0 })).toBe('Nothing waiting');
    expect(words({ toSend: null })).toBe('Counting…');
  });

  it('goes at the pace the key is allowed now: its limit a minute', () => {
    // 1,200 animals at 300 a minute: four minutes, the first 300 in this minute.
    expect(queueEta(input({ toSend: 1_200 }))).toEqual({ kind: 'in', ms: 240_000 });
    expect(words({ toSend: 1_200 })).toBe('In about 4 minutes');
    expect(words({ toSend: 10 })).toBe('In under a minute');
    // The Free plan: 60 a minute.
    expect(words({ toSend: 60 * 7, state: state({ limit: 60, remaining: 60 }) })).toBe(
      'In about 7 minutes',
    );
  });

  it('waits for the next minute once this one is spent', () => {
    // Nothing left in this minute, which ends in 40 s: then 300 at 300 a minute.
    const spent = state({ remaining: 0, resetAt: NOW + 40_000 });
    expect(queueEta(input({ toSend: 300, state: spent }))).toEqual({ kind: 'in', ms: 100_000 });
    expect(words({ toSend: 300, state: spent })).toBe('In about 2 minutes');
  });

  it('waits out a pause the service asked for first', () => {
    const paused = state({ pausedUntil: NOW + 3 * 60_000 });
    expect(words({ toSend: 10, state: paused })).toBe('In about 4 minutes');
  });

  it('sends no animal before its hold ends', () => {
    expect(words({ toSend: 1, lastHoldEndsAt: NOW + 110_000 })).toBe('In about 2 minutes');
  });

  it('is not today when today’s requests run out first', () => {
    const lastFew = state({ dailyRemaining: 5 });
    expect(queueEta(input({ toSend: 6, state: lastFew }))).toEqual({
      kind: 'notToday',
      moreAt: NOW + 5 * 3_600_000,
    });
    expect(words({ toSend: 6, state: lastFew })).toMatch(
      /^Not today: today’s requests run out first\. More come at \d{1,2}:\d{2}(\s?[AP]M)?\.$/,
    );
    expect(words({ toSend: 6, state: state({ dailyRemaining: 5, dailyResetAt: null }) })).toBe(
      'Not today: today’s requests run out first.',
    );
  });

  it('promises no time while nothing can move', () => {
    expect(words({ offline: true })).toBe('Not while the service cannot be reached');
    expect(words({ keyRefused: true })).toBe('Not until the API key is entered again');
    expect(words({ notSetUp: true })).toMatch(/^Not until this profile’s service address and key/);
    expect(words({ state: null })).toMatch(/^Not known yet/);
    expect(words({ state: state({ limit: null, remaining: null }) })).toMatch(/^Not known yet/);
    expect(words({ state: state({ limit: 2 ** 62 }) })).toBe('As fast as the connection allows');
  });

  it('says long waits in hours', () => {
    // 60 a minute, 6,000 animals: 100 minutes.
    const free = state({ limit: 60, remaining: 60, dailyRemaining: 10_000 });
    expect(words({ toSend: 6_000, state: free })).toBe('In about 2 hours');
    expect(durationWords(59_999)).toBe('In under a minute');
    expect(durationWords(60_000)).toBe('In about 1 minute');
    expect(durationWords(89 * 60_000)).toBe('In about 89 minutes');
  });

  it('names the pace it assumes', () => {
    expect(paceWords(state())).toBe('Up to 300 animals a minute');
    expect(paceWords(state({ limit: 1 }))).toBe('Up to 1 animal a minute');
    expect(paceWords(null)).toBe('');
    expect(paceWords(state({ limit: 2 ** 62 }))).toBe('');
  });

  it('is said in Spanish too', async () => {
    await applyLanguage('es');
    expect(words({ toSend: 0 })).toBe('No hay nada en espera');
    expect(words({ toSend: 1_200 })).toBe('En unos 4 minutos');
  });
});
