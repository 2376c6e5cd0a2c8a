import { afterEach, describe, expect, it } from 'vitest';
import { mayScheduleRefresh } from '../../../../src/catalogue/auto-refresh';
import { applyLanguage } from '../../../../src/i18n';
import {
  describeConnection,
  isNotSetUp,
  shownConnection,
} from '../../../../src/status/connection-text';

/**
 * A profile without an address (or a key) can never hear from its service: the
 * header says so instead of "Checking…" for good, and no refresh is promised.
 */
const NO_ADDRESS = { baseUrl: '', hasKey: false };
const NO_KEY = { baseUrl: 'https://staging.example.org/v1', hasKey: false };
const READY = { baseUrl: 'https://staging.example.org/v1', hasKey: true };
const STARTING = { connection: 'unknown' as const, pausedUntil: null };

afterEach(async () => {
  await applyLanguage('en');
});

describe('the connection of a profile that is not set up', () => {
  it('is "Not set up", whatever the engine last knew', () => {
    expect(isNotSetUp(NO_ADDRESS)).toBe(true);
    expect(isNotSetUp(NO_KEY)).toBe(true);
    expect(describeConnection(STARTING, isNotSetUp(NO_ADDRESS))).toBe('Not set up');
    expect(shownConnection({ connection: 'online', pausedUntil: null }, true)).toBe('not-set-up');
  });

  it('is still being checked while the profile has not been read, or once it is set up', () => {
    expect(isNotSetUp(null)).toBe(false);
    expect(isNotSetUp(READY)).toBe(false);
    expect(describeConnection(STARTING, isNotSetUp(READY))).toBe('Checking…');
    expect(describeConnection(STARTING)).toBe('Checking…');
  });

  it('is said in Spanish too', async () => {
    await applyLanguage('es');
    expect(describeConnection(STARTING, true)).toBe('Sin configurar');
  });
});

describe('mayScheduleRefresh', () => {
  it('schedules no refresh for a profile without an address or a key, or not read yet', () => {
    expect(mayScheduleRefresh(NO_ADDRESS)).toBe(false);
    expect(mayScheduleRefresh(NO_KEY)).toBe(false);
    expect(mayScheduleRefresh(null)).toBe(false);
    expect(mayScheduleRefresh(READY)).toBe(true);
  });
});
