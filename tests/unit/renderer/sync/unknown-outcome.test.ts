import { describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../../electron/contract/errors';
import type { OutboxEntry } from '../../../../src/data/db';
import {
  keyCoversRetry,
  mayHaveCreated,
  reconcileDelay,
} from '../../../../src/sync/unknown-outcome';

const entry = (fields: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: 'e1',
  seq: 1,
  profile: 'local',
  payload: { name: 'Rex', categoryId: '3' },
  idempotencyKey: 'k1',
  localKey: 'local:e1',
  state: 'queued',
  attempts: 1,
  lastError: null,
  createdAt: 1_000,
  nextAttemptAt: 1_000,
  ...fields,
});

describe('mayHaveCreated', () => {
  it.each<[string, BridgeError, boolean]>([
    ['a dropped connection', { kind: 'network', message: 'x' }, true],
    ['a timeout', { kind: 'timeout', message: 'x' }, true],
    ['a 5xx', { kind: 'server', message: 'x', status: 502 }, true],
    ['an unexpected failure', { kind: 'internal', message: 'x' }, true],
    ['an unreadable success', { kind: 'malformed-response', message: 'x', status: 201 }, true],
    [
      'an unreadable success even when said to have no effect',
      { kind: 'malformed-response', message: 'x', outcomeUnknown: false },
      true,
    ],
    ['a connection never made', { kind: 'network', message: 'x', outcomeUnknown: false }, false],
    [
      'a 5xx said to have no effect',
      { kind: 'server', message: 'x', outcomeUnknown: false },
      false,
    ],
    ['a refusal', { kind: 'validation', message: 'x', status: 400 }, false],
    ['a 409', { kind: 'conflict', message: 'x', status: 409 }, false],
    ['a 429', { kind: 'rate-limited', message: 'x', status: 429 }, false],
    ['a 401', { kind: 'unauthorized', message: 'x', status: 401 }, false],
    [
      'anything said to be unknown',
      { kind: 'unavailable', message: 'x', outcomeUnknown: true },
      true,
    ],
  ])('%s', (_label, error, expected) => {
    expect(mayHaveCreated(error)).toBe(expected);
  });
});

describe('reconcileDelay', () => {
  const delays = { afterFailureMs: 2, afterTimeoutMs: 15 };

  it('waits longer when the service may still be working on the request', () => {
    expect(reconcileDelay({ kind: 'timeout', message: 'x' }, delays)).toBe(15);
    expect(reconcileDelay({ kind: 'server', message: 'x', status: 504 }, delays)).toBe(15);
    expect(reconcileDelay({ kind: 'server', message: 'x', status: 502 }, delays)).toBe(2);
    expect(reconcileDelay({ kind: 'network', message: 'x' }, delays)).toBe(2);
  });
});

describe('keyCoversRetry', () => {
  const retention = 1_000;

  it('only on a service proven to honour the key, within the retention', () => {
    const lost = entry({ outcomeUnknownAt: 10_000 });
    expect(keyCoversRetry(lost, 5, 10_999, retention)).toBe(true);
    expect(keyCoversRetry(lost, 5, 11_000, retention)).toBe(false);
    expect(keyCoversRetry(lost, null, 10_001, retention)).toBe(false);
    expect(keyCoversRetry(entry(), 5, 10_001, retention)).toBe(false);
  });
});
