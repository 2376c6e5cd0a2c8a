import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeError } from '../../../../electron/contract/errors';
import { describeOrdersError, ordersFailureText } from '../../../../src/orders/error-text';
import { formatClock } from '../../../../src/format/clock';

/** What the view says when a request for the listing failed with `error`. */
const ordersErrorText = (error: BridgeError): string =>
  ordersFailureText({ kind: 'request', error });

afterEach(() => {
  vi.useRealTimers();
});

/** No status code, no address, no socket error name: nothing staff cannot read. */
function expectPlain(text: string): void {
  expect(text).not.toMatch(/HTTP|\b[1-5]\d\d\b|https?:|127\.0\.0\.1|E[A-Z]{4,}/);
  expect(text.trim().length).toBeGreaterThan(10);
}

describe('what the Orders view says when the listing cannot be fetched', () => {
  it.each<BridgeError>([
    { kind: 'server', status: 503, message: 'The service failed (HTTP 503): try later' },
    { kind: 'server', status: 500, message: 'The service failed (HTTP 500)' },
    {
      kind: 'unauthorized',
      status: 401,
      message: 'The service did not accept the API key (HTTP 401): Invalid API key',
      serviceMessage: 'Invalid API key',
    },
    { kind: 'rate-limited', status: 429, message: 'Rate limit reached (HTTP 429)' },
    {
      kind: 'malformed-response',
      status: 302,
      message: 'The service answered with a redirect or an unexpected status (HTTP 302).',
    },
    { kind: 'validation', status: 400, message: 'The service rejected the request (HTTP 400)' },
    {
      kind: 'network',
      message: 'http://127.0.0.1:4010: could not connect (ECONNREFUSED).',
      outcomeUnknown: false,
    },
    { kind: 'timeout', message: 'No answer from http://127.0.0.1:4010 in time.' },
  ])('words $kind ($status) plainly', (error) => {
    expectPlain(ordersErrorText(error));
  });

  it('uses the same sentences as the rest of Kennel, for a read', () => {
    // A read keeps nothing to send later, so it does not promise that intake is saved.
    expect(
      ordersErrorText({ kind: 'network', message: 'http://127.0.0.1:4010: could not connect.' }),
    ).toBe("Can't reach the service. Try again when it is back.");
    expect(
      ordersErrorText({ kind: 'server', status: 502, message: 'The service failed (HTTP 502)' }),
    ).toBe('The service had a problem. Try again when it is back.');
  });

  it('keeps the service’s own words for the Details disclosure, without its status code', () => {
    const refused = describeOrdersError({
      kind: 'validation',
      status: 400,
      message: 'The service rejected the request (HTTP 400): Unknown filter.',
      serviceMessage: 'Unknown filter.',
    });
    expect(refused.summary).toBe('The service did not accept this.');
    expect(refused.details).toBe(
      'The service refused the request as it was sent.\nThe service said: “Unknown filter”.',
    );
  });

  it('still says when a pause ends', () => {
    // The same day as the clock: a pause that ends today is worded by its time alone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 0, 1, 8, 0, 0));
    const retryAt = new Date(2030, 0, 1, 9, 5, 7).getTime();
    expect(
      ordersErrorText({
        kind: 'rate-limited',
        status: 429,
        message: 'Rate limit (HTTP 429)',
        retryAt,
      }),
    ).toBe(
      `The service asked Kennel to slow down. Nothing is sent before ${formatClock(retryAt)}.`,
    );
  });

  it('says what to do in Kennel’s words, not the Node side’s English', () => {
    const message = 'The staging profile has no base URL yet; set one in Settings.';
    expect(ordersErrorText({ kind: 'not-configured', message })).toBe(
      'This profile is not set up yet. Set its address and API key in Settings.',
    );
    expect(
      ordersErrorText({
        kind: 'rate-limited',
        message: 'The daily request budget of this key is spent.',
      }),
    ).toBe('The service asked Kennel to slow down. Kennel will try again later.');
  });

  it('says the service has no orders listing when it answers 404', () => {
    expect(
      ordersErrorText({ kind: 'not-found', status: 404, message: 'Not found (HTTP 404)' }),
    ).toBe('This service does not offer a list of orders.');
  });
});
