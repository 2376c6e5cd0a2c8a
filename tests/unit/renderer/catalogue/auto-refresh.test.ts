import { describe, expect, it } from 'vitest';
import type { RateLimitState } from '../../../../electron/contract/pacing';
import {
  autoRefreshDelay,
  mayRefreshAfterQueue,
  mayRefreshInBackground,
  readAutoRefreshPaused,
  writeAutoRefreshPaused,
} from '../../../../src/catalogue/auto-refresh';
import { rateLimitState } from '../support/rate-limit-state';

// The specification: the catalogue refreshes itself every five minutes at most.
const AUTO_REFRESH_MS = 5 * 60_000;

const NOW = Date.UTC(2030, 0, 6, 9);
const HOUR = 3_600_000;

function state(daily: Partial<RateLimitState>): RateLimitState {
  return rateLimitState({
    limit: 60,
    remaining: 60,
    resetAt: NOW + 60_000,
    dailyLimit: 1_000,
    dailyRemaining: 1_000,
    dailyResetAt: NOW + 24 * HOUR,
    dailySource: 'plan',
    // The governor's background share of that day: a quarter.
    backgroundRemaining: 250,
    ...daily,
  });
}

describe('autoRefreshDelay', () => {
  it('waits five minutes when nothing is known of the day', () => {
    expect(autoRefreshDelay(null, 4, NOW)).toBe(AUTO_REFRESH_MS);
    expect(autoRefreshDelay(state({ backgroundRemaining: null }), 4, NOW)).toBe(AUTO_REFRESH_MS);
    expect(autoRefreshDelay(state({ dailyResetAt: null }), 4, NOW)).toBe(AUTO_REFRESH_MS);
    const { backgroundRemaining: _none, ...older } = state({});
    expect(autoRefreshDelay(older as RateLimitState, 4, NOW)).toBe(AUTO_REFRESH_MS);
  });

  it('waits five minutes when the governor leaves plenty to background refreshes', () => {
    // Business: a quarter of 100,000 is 6,250 four-request refreshes for one day.
    const business = state({
      dailyLimit: 100_000,
      dailyRemaining: 100_000,
      backgroundRemaining: 25_000,
    });
    expect(autoRefreshDelay(business, 4, NOW)).toBe(AUTO_REFRESH_MS);
  });

  it("spreads what the governor leaves to background over the day's hours left", () => {
    // 250 requests: 62 four-request refreshes in 24 hours.
    const delay = autoRefreshDelay(state({}), 4, NOW);
    expect(delay).toBe(Math.ceil((24 * HOUR) / 62));
    expect(delay).toBeGreaterThan(AUTO_REFRESH_MS);
    // Never more refreshes than the budget pays for before the day starts again.
    expect(Math.floor((24 * HOUR) / delay) * 4).toBeLessThanOrEqual(250);
  });

  it("goes by the governor's background budget, not by what the day has left", () => {
    // Intake left most of the day, but background spent its share.
    const shareSpent = state({
      dailyRemaining: 900,
      backgroundRemaining: 0,
      dailyResetAt: NOW + 7 * HOUR,
    });
    expect(autoRefreshDelay(shareSpent, 4, NOW)).toBe(7 * HOUR);
  });

  it('waits longer for a refresh that took more requests, and with less of the budget left', () => {
    const free = state({});
    expect(autoRefreshDelay(free, 8, NOW)).toBeGreaterThan(autoRefreshDelay(free, 4, NOW));
    const lower = state({ backgroundRemaining: 50 });
    expect(autoRefreshDelay(lower, 4, NOW)).toBe(Math.ceil((24 * HOUR) / 12));
  });

  it('waits until the day starts again when the budget does not pay for one refresh', () => {
    const almostSpent = state({ backgroundRemaining: 3, dailyResetAt: NOW + 7 * HOUR });
    expect(autoRefreshDelay(almostSpent, 4, NOW)).toBe(7 * HOUR);
    const spent = state({ backgroundRemaining: 0, dailyResetAt: NOW + 7 * HOUR });
    expect(autoRefreshDelay(spent, 4, NOW)).toBe(7 * HOUR);
  });

  it('never runs before the retryAt of a refresh the governor refused', () => {
    const plenty = state({ backgroundRemaining: 25_000 });
    expect(autoRefreshDelay(plenty, 4, NOW, NOW + 2 * HOUR)).toBe(2 * HOUR);
    expect(autoRefreshDelay(null, 4, NOW, NOW + 2 * HOUR)).toBe(2 * HOUR);
    expect(autoRefreshDelay(plenty, 4, NOW, NOW - HOUR)).toBe(AUTO_REFRESH_MS);
  });

  it('never waits less than five minutes, even past the reset time', () => {
    const stale = state({ backgroundRemaining: 0, dailyResetAt: NOW - HOUR });
    expect(autoRefreshDelay(stale, 4, NOW)).toBe(AUTO_REFRESH_MS);
    const soon = state({ backgroundRemaining: 0, dailyResetAt: NOW + 60_000 });
    expect(autoRefreshDelay(soon, 4, NOW)).toBe(AUTO_REFRESH_MS);
  });

  it('counts a refresh of no requests as one', () => {
    expect(autoRefreshDelay(state({}), 0, NOW)).toBe(autoRefreshDelay(state({}), 1, NOW));
    expect(autoRefreshDelay(state({}), 1, NOW)).toBe(Math.ceil((24 * HOUR) / 250));
  });
});

describe('mayRefreshInBackground', () => {
  it('lets only the window that sends the queue refresh, while online and with a key', () => {
    const leader = { isLeader: true, connection: 'online' };
    expect(mayRefreshInBackground(leader, true)).toBe(true);
    expect(mayRefreshInBackground({ ...leader, isLeader: false }, true)).toBe(false);
    expect(mayRefreshInBackground(leader, false)).toBe(false);
    for (const connection of ['offline', 'paused', 'unknown']) {
      expect(mayRefreshInBackground({ ...leader, connection }, true)).toBe(false);
    }
  });
});

describe('mayRefreshAfterQueue', () => {
  it('follows a sent queue as background work does, and never while automatic refresh is paused', () => {
    const leader = { isLeader: true, connection: 'online' };
    expect(mayRefreshAfterQueue(false, leader, true)).toBe(true);
    expect(mayRefreshAfterQueue(true, leader, true)).toBe(false);
    expect(mayRefreshAfterQueue(false, { ...leader, isLeader: false }, true)).toBe(false);
    expect(mayRefreshAfterQueue(false, leader, false)).toBe(false);
    for (const connection of ['offline', 'paused', 'unknown']) {
      expect(mayRefreshAfterQueue(false, { ...leader, connection }, true)).toBe(false);
    }
  });
});

describe('the pause of automatic refresh', () => {
  it('is remembered, and unreadable storage means not paused', () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    expect(readAutoRefreshPaused(storage)).toBe(false);
    writeAutoRefreshPaused(storage, true);
    expect(readAutoRefreshPaused(storage)).toBe(true);
    writeAutoRefreshPaused(storage, false);
    expect(readAutoRefreshPaused(storage)).toBe(false);
    const broken = {
      getItem: (): string | null => {
        throw new Error('denied');
      },
      setItem: (): void => {
        throw new Error('full');
      },
    };
    expect(readAutoRefreshPaused(broken)).toBe(false);
    expect(() => writeAutoRefreshPaused(broken, true)).not.toThrow();
    expect(readAutoRefreshPaused(null)).toBe(false);
  });
});
