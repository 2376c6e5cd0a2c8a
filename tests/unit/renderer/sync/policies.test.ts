import { describe, expect, it } from 'vitest';
import {
  NOT_FROM_SERVICE_CODE,
  type BridgeError,
  type BridgeErrorKind,
} from '../../../../electron/contract/errors';
import { backoffDelay } from '../../../../electron/contract/backoff';
import { meansOffline, sendFailureAction } from '../../../../src/sync/transitions';

describe('sendFailureAction', () => {
  const cases: [BridgeErrorKind, number | undefined, ReturnType<typeof sendFailureAction>][] = [
    ['validation', 400, 'needs-attention'],
    ['invalid-argument', undefined, 'needs-attention'],
    ['conflict', 422, 'needs-attention'],
    ['conflict', 409, 'backoff'],
    ['unauthorized', 401, 'block-unauthorized'],
    ['rate-limited', 429, 'pause'],
    ['banned', 429, 'pause'],
    ['server', 503, 'backoff'],
    ['network', undefined, 'backoff'],
    ['timeout', undefined, 'backoff'],
    ['malformed-response', 200, 'backoff'],
    ['not-configured', undefined, 'stop-not-configured'],
    ['not-found', 404, 'needs-attention'],
    ['unavailable', undefined, 'needs-attention'],
    ['internal', undefined, 'backoff'],
  ];
  it.each(cases)('%s (%s) -> %s', (kind, status, action) => {
    const error: BridgeError = { kind, message: 'm' };
    if (status !== undefined) error.status = status;
    expect(sendFailureAction(error)).toBe(action);
  });

  it('hands a malformed answer to the user after repeated attempts, not before', () => {
    const error: BridgeError = { kind: 'malformed-response', message: 'm', status: 201 };
    expect([1, 2, 3, 4].map((attempts) => sendFailureAction(error, attempts))).toEqual([
      'backoff',
      'backoff',
      'needs-attention',
      'needs-attention',
    ]);
  });

  it('never hands an answer from something in front of the service to the user, however often', () => {
    const page: BridgeError = {
      kind: 'malformed-response',
      message: 'm',
      status: 200,
      code: NOT_FROM_SERVICE_CODE,
    };
    expect([1, 3, 10, 100].map((attempts) => sendFailureAction(page, attempts))).toEqual([
      'backoff',
      'backoff',
      'backoff',
      'backoff',
    ]);
  });

  it('treats no answer, or one from something in front of the service, as out of reach', () => {
    expect(meansOffline({ kind: 'network', message: '' })).toBe(true);
    expect(meansOffline({ kind: 'timeout', message: '' })).toBe(true);
    expect(
      meansOffline({ kind: 'malformed-response', message: '', code: NOT_FROM_SERVICE_CODE }),
    ).toBe(true);
    expect(meansOffline({ kind: 'malformed-response', message: '' })).toBe(false);
    expect(meansOffline({ kind: 'server', message: '' })).toBe(false);
  });
});

describe('backoffDelay', () => {
  const bounds = { baseMs: 1000, capMs: 8000, floorMs: 100 };
  it('doubles the cap per failure up to the maximum (full jitter, top of range)', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffDelay(n, bounds, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });
  it('spreads over the whole range and keeps a small floor', () => {
    expect(backoffDelay(3, bounds, () => 0.5)).toBe(2000);
    expect(backoffDelay(3, bounds, () => 0)).toBe(100);
    expect(backoffDelay(0, bounds, () => 1)).toBe(1000);
  });
});
